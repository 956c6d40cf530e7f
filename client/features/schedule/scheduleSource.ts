import { capacityQueryInput } from '../../../domain/capacity/inputs.ts';
import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import { answerCapacityQuery } from '../../../domain/capacity/query.ts';
import type { TimeOff } from '../../../domain/entities.ts';
import type { Plan } from '../../../domain/plan.ts';
import { pastTeamMembers } from '../../lib/pastTeam.ts';
import { answersInclude, listPosition } from '../../lib/api.ts';
import type { ScheduleData } from './schedule.machine.ts';

/** Projects not won yet: their assignments are tentative load. */
export const tentativeIds = (projects: Plan['projects']) => projects.filter((p) => p.tentative).map((p) => p._id);

/**
 * The grid as it was at a past moment: /api/capacity only knows the live plan, so the past plan
 * (from the history) goes through the same pure query the server answers with.
 */
export function pastCapacity(plan: Plan, query: URLSearchParams, timeZone: string): CapacityResponse {
  const parsed = capacityQueryInput.parse(Object.fromEntries(query));
  const facts = {
    engineers: plan.engineers,
    assignments: plan.assignments,
    tentativeProjectIds: tentativeIds(plan.projects),
    timeOff: plan.timeOff,
    holidays: plan.holidays,
    placeholders: plan.placeholders,
  };
  return answerCapacityQuery(facts, parsed, timeZone, pastTeamMembers(plan, parsed.team, parsed.from));
}

/** Time off with a day in from..to (both included). */
const overlapping = (timeOff: readonly TimeOff[], from: string, to: string) => timeOff.filter((t) => t.from <= to && t.to >= from);

/** The schedule as it was at a past moment: its grid, and its time off and placeholders from the past plan. */
export function pastSchedule(plan: Plan, query: URLSearchParams, timeZone: string): ScheduleData {
  const grid = pastCapacity(plan, query, timeZone);
  return { grid, timeOff: overlapping(plan.timeOff, grid.from, grid.to), placeholders: plan.placeholders };
}

/**
 * Whether what the screen shows already reflects the event at `cursor` (each answer was read in a
 * snapshot that saw it): then nothing need be fetched again.
 */
export function scheduleIncludes(data: ScheduleData | null, cursor: string): boolean {
  return data !== null && answersInclude([data.grid, data.timeOff, data.placeholders], cursor);
}

/**
 * Whether a live answer misses an event that one of the loaded lists already reflects (`cursors`,
 * their X-Cursor). The live channel starts from the lists' position, so such an event would never
 * be delivered to the screen: a grid read ahead of the lists is then fetched again.
 */
export function scheduleBehind(data: ScheduleData | null, cursors: readonly (string | undefined)[]): boolean {
  if (!data || !listPosition(data.grid)) return false;
  return cursors.some((cursor) => cursor !== undefined && !scheduleIncludes(data, cursor));
}
