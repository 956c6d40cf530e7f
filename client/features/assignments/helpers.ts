import type { Assignment, Project } from '../../../domain/entities.ts';
import { type AssignmentStatus, assignmentStatus, progressPercentage, sortedUnique } from '../../../domain/figures.ts';
import type { FieldSpec } from '../../lib/conflict.ts';
import { percent, plural, shortDate } from '../../lib/format.ts';
import { assignmentValuesOf } from '../../machines/assignmentValues.ts';
import type { RowAction } from '../../machines/rowAction.machine.ts';

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

// ---- planning (issue 5)

/** The fields a conflict dialog compares, with how each reads. */
export const assignmentConflictFields: FieldSpec[] = [
  { key: 'role', label: 'Role' },
  { key: 'allocationPercentage', label: 'Allocation', format: (value) => percent(Number(value)) },
  { key: 'startDate', label: 'Start date', format: (value) => shortDate(String(value)) },
  { key: 'endDate', label: 'End date', format: (value) => shortDate(String(value)) },
];

/** Only a running assignment can end today: an upcoming one would end before it starts, a finished one has ended. */
export const canEndToday = (row: Pick<AssignmentRow, 'status'>) => row.status === 'active';

/** 'End today': the end date becomes now. */
export const endTodayAction = (a: Assignment, now: Date): RowAction => ({
  kind: 'endToday',
  id: a._id,
  version: a.version,
  label: `End ${a.engineerId.name}'s assignment on ${a.projectId.name} today`,
  before: assignmentValuesOf(a),
  changes: { endDate: now.toISOString() },
});

export const removeAction = (a: Assignment): RowAction => ({
  kind: 'remove',
  id: a._id,
  version: a.version,
  label: `Remove ${a.engineerId.name} from ${a.projectId.name}`,
  before: assignmentValuesOf(a),
  changes: null,
});

/** Roles already in use, to suggest while typing one. */
export const roleSuggestions = (assignments: readonly Pick<Assignment, 'role'>[]) => sortedUnique([assignments.map((a) => a.role)]);

/** Projects that can take an assignment (not completed), by name. */
export const assignableProjects = <P extends Pick<Project, 'name' | 'status'>>(projects: readonly P[]) =>
  projects.filter((p) => p.status !== 'completed').sort((a, b) => a.name.localeCompare(b.name));

/** A suitable engineer's free capacity over the project's dates, short enough for a phone: '70% free', 'Full', '10% over'. */
export const freeText = (available: number) =>
  available > 0 ? `${percent(available)} free` : available === 0 ? 'Full' : `${percent(-available)} over`;
