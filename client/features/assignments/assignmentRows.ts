import type { Assignment } from '../../../domain/entities.ts';
import { type AssignmentStatus, assignmentStatus, progressPercentage } from '../../../domain/figures.ts';
import { plural } from '../../lib/format.ts';
import { orgTimeZone } from '../../lib/orgTimeZone.ts';

export type AssignmentRow = Assignment & { status: AssignmentStatus; progress: number };

/** Each assignment with its status and progress at `now` (domain rules), in the order given. */
export const withStatus = (assignments: readonly Assignment[], now: Date): AssignmentRow[] =>
  assignments.map((a) => ({ ...a, status: assignmentStatus(a, now, orgTimeZone()), progress: progressPercentage(a, now, orgTimeZone()) }));

/** Each assignment with its status and progress at `now` (domain rules), sorted by start date. */
export const assignmentRows = (assignments: readonly Assignment[], now: Date): AssignmentRow[] =>
  withStatus(assignments, now).sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));

/** How many are upcoming, active and completed at `now`; no row is built, since the cards count every assignment there is. */
export function countByAssignmentStatus(assignments: readonly Pick<Assignment, 'startDate' | 'endDate'>[], now: Date) {
  const counts: Record<AssignmentStatus, number> = { active: 0, upcoming: 0, completed: 0 };
  for (const a of assignments) counts[assignmentStatus(a, now, orgTimeZone())] += 1;
  return counts;
}

/** The table's subtitle: 'Showing N assignment(s)', singular when 1. */
export const assignmentsSubtitle = (count: number, filtered: boolean) =>
  count === 0 ? (filtered ? 'No assignments match your current filters' : 'No assignments') : `Showing ${plural(count, 'assignment')}`;
