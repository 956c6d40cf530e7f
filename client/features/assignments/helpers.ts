import type { Assignment } from '../../../domain/entities.ts';
import { type AssignmentStatus, assignmentStatus, progressPercentage } from '../../../domain/figures.ts';
import { plural } from '../../lib/format.ts';

export type AssignmentRow = Assignment & { status: AssignmentStatus; progress: number };

/** Each assignment with its status and progress at `now` (domain rules), in the order given. */
export const withStatus = (assignments: readonly Assignment[], now: Date): AssignmentRow[] =>
  assignments.map((a) => ({ ...a, status: assignmentStatus(a, now), progress: progressPercentage(a, now) }));

/** Each assignment with its status and progress at `now` (domain rules), sorted by start date. */
export const assignmentRows = (assignments: readonly Assignment[], now: Date): AssignmentRow[] =>
  withStatus(assignments, now).sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));

export function countByAssignmentStatus(rows: readonly Pick<AssignmentRow, 'status'>[]) {
  const counts: Record<AssignmentStatus, number> = { active: 0, upcoming: 0, completed: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** The table's subtitle: 'Showing N assignment(s)', singular when 1. */
export const assignmentsSubtitle = (count: number) =>
  count === 0 ? 'No assignments match your current filters' : `Showing ${plural(count, 'assignment')}`;
