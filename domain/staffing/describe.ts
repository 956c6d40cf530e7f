import type { StaffingEvent } from './events.ts';

export type StaffingNames = {
  actor: string;
  engineerName?: (id: string) => string | undefined;
  project?: string;
};

const day = (value: string) => value.slice(0, 10);

/** The history's sentence for a step of a staffing request: who asked for whom, who answered how. */
export function describeStaffingEvent(event: StaffingEvent, names: StaffingNames): string {
  const person = (id: string | null) => (id === null ? undefined : names.engineerName?.(id)) ?? 'an engineer';
  const project = names.project ?? 'a project';
  switch (event.type) {
    case 'StaffingRequested': {
      const d = event.data;
      const whom = d.engineerId === null ? `someone as ${d.role}` : `${person(d.engineerId)} as ${d.role}`;
      return `${names.actor} asked for ${whom} on ${project} at ${d.allocationPercentage}% from ${day(d.startDate)} to ${day(d.endDate)}${d.note ? ` (${d.note})` : ''}`;
    }
    case 'StaffingProposed':
      return `${names.actor} proposed ${person(event.data.engineerId)} instead${event.data.previous ? ` of ${person(event.data.previous)}` : ''} for ${project}${event.data.note ? ` (${event.data.note})` : ''}`;
    case 'StaffingApproved':
      return `${names.actor} approved the request for ${person(event.data.engineerId)} on ${project}`;
    case 'StaffingDeclined':
      return `${names.actor} declined the staffing request for ${project}: ${event.data.reason}`;
    case 'StaffingWithdrawn':
      return `${names.actor} withdrew the staffing request for ${project}`;
  }
}
