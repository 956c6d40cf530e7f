/**
 * A staffing request: a manager asks for a named person (or for someone in a role, perhaps for an open
 * role) on a project, and the person's team manager or an org-wide one answers. Each request is its own
 * stream (`staffing-<id>`); its facts leave the plan as it is, the assignment an approval makes is an
 * ordinary AssignmentCreated in the same command.
 */
type Id = { requestId: string };
export type StaffingFields = {
  projectId: string;
  /** Null: a role is asked for, not a person. */
  engineerId: string | null;
  /** The open role the request would fill, when it started from one. */
  placeholderId: string | null;
  role: string;
  allocationPercentage: number;
  startDate: string;
  endDate: string;
  note: string;
  requestedBy: string;
};
export type StaffingRequested = { type: 'StaffingRequested'; data: Id & StaffingFields };
export type StaffingProposed = { type: 'StaffingProposed'; data: Id & { engineerId: string; previous: string | null; note?: string; by: string } };
export type StaffingApproved = { type: 'StaffingApproved'; data: Id & { engineerId: string; assignmentId: string; by: string } };
export type StaffingDeclined = { type: 'StaffingDeclined'; data: Id & { reason: string; by: string } };
export type StaffingWithdrawn = { type: 'StaffingWithdrawn'; data: Id & { by: string } };
export type StaffingEvent = StaffingRequested | StaffingProposed | StaffingApproved | StaffingDeclined | StaffingWithdrawn;

export const staffingStreamId = (id: string) => `staffing-${id}`;

const staffingTypes: ReadonlySet<string> = new Set<StaffingEvent['type']>([
  'StaffingRequested', 'StaffingProposed', 'StaffingApproved', 'StaffingDeclined', 'StaffingWithdrawn',
]);
export const isStaffingEvent = <E extends { type: string }>(event: E): event is Extract<E, StaffingEvent> => staffingTypes.has(event.type);
