import type { Assignment, Project } from '../../../../domain/entities.ts';
import { type AssignmentStatus, sortedUnique } from '../../../../domain/figures.ts';
import type { FieldSpec } from '../../../lib/conflict.ts';
import { percent, shortDate } from '../../../lib/format.ts';
import { PLANNING_COUNTS_TENTATIVE } from '../../../lib/impact.ts';
import { assignmentValuesOf } from '../../../machines/assignmentValues.ts';
import type { RowAction } from '../../../machines/rowAction.machine.ts';

/** The fields a conflict dialog compares, with how each reads. */
export const assignmentConflictFields: FieldSpec[] = [
  { key: 'role', label: 'Role' },
  { key: 'allocationPercentage', label: 'Allocation', format: (value) => percent(Number(value)) },
  { key: 'startDate', label: 'Start date', format: (value) => shortDate(String(value)) },
  { key: 'endDate', label: 'End date', format: (value) => shortDate(String(value)) },
];

/** A running or upcoming assignment can be given an end date; a finished one has ended. */
export const canEnd = (row: { status: AssignmentStatus }) => row.status !== 'completed';

/**
 * The week strip of the form: the engineer's load per week over the dates, with work on tentative
 * projects counted as the overload warning counts it (one rule, PLANNING_COUNTS_TENTATIVE).
 */
export const weeklyLoadQuery = (engineerId: string, dates: { from: string; to: string }) =>
  ({ ...dates, step: 'week' as const, engineerId, includeTentative: PLANNING_COUNTS_TENTATIVE });

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
