import { decideCreateAssignment, decideUpdateAssignment } from '../decide/planning.ts';
import type { AssignmentRecord, Engineer, Project } from '../entities.ts';
import type { CreateAssignmentInput, UpdateAssignmentInput } from '../inputs.ts';
import { assignmentMessages as A } from '../messages.ts';
import { momentText } from './cells.ts';
import { ambiguousName, projectsByName } from './plan-projects.ts';
import { decideRow, errorRow, fieldChanges, updateRow } from './plan-rows.ts';
import { assignmentRowInput, type AssignmentRowInput, type RowValues } from './rows.ts';
import type { PlannedRow } from './types.ts';

export type AssignmentCommand =
  | { type: 'create'; input: CreateAssignmentInput }
  | { type: 'update'; assignmentId: string; input: UpdateAssignmentInput };

export type AssignmentsNow = {
  engineers: readonly Engineer[];
  projects: readonly Project[];
  assignments: readonly AssignmentRecord[];
};

const keyOf = (engineerId: string, projectId: string, startDate: string, role: string) => `${engineerId}|${projectId}|${startDate}|${role}`;
const columnOf = (field: string) => (field === 'engineerId' ? 'engineerEmail' : field === 'projectId' ? 'projectName' : field);
const describe = (row: AssignmentRowInput) => `${row.engineerEmail} on ${row.projectName} from ${momentText(row.startDate)} as ${row.role}`;

/**
 * Per row: create an assignment, update the one with the same engineer, project, start and role, or
 * nothing to do. The API lets two assignments share all four, so the key is not unique: the n-th row
 * with a key is paired with the n-th such assignment (oldest first) and creates one only beyond them.
 * An exported file (which lists them in that order) so imports again unchanged, twice as well as once.
 */
export function planAssignments(rows: readonly RowValues[], now: AssignmentsNow): PlannedRow<AssignmentCommand>[] {
  const engineers = new Map(now.engineers.map((e) => [e.email.toLowerCase(), e]));
  const projects = projectsByName(now.projects);
  const projectsById = new Map(now.projects.map((p) => [p._id, p]));
  const existing = new Map<string, AssignmentRecord[]>();
  for (const a of [...now.assignments].sort((x, y) => (x._id < y._id ? -1 : 1))) {
    const key = keyOf(a.engineerId, a.projectId, a.startDate, a.role);
    existing.set(key, [...(existing.get(key) ?? []), a]);
  }
  const occurrences = new Map<string, number>();

  return rows.map((row): PlannedRow<AssignmentCommand> => {
    const { value, errors } = assignmentRowInput(row);
    if (!value) return errorRow(row.line, (row.values.engineerEmail ?? '').trim(), errors);
    const key = describe(value);
    const engineer = engineers.get(value.engineerEmail);
    const named = projects.get(value.projectName) ?? [];
    const unresolved = [
      ...(engineer ? [] : [{ line: row.line, column: 'engineerEmail', message: A.engineerNotFound }]),
      ...(named.length === 0 ? [{ line: row.line, column: 'projectName', message: A.projectNotFound }] : []),
      ...(named.length > 1 ? [ambiguousName(row.line, 'projectName', value.projectName, named.length)] : []),
    ];
    if (!engineer || named.length !== 1) return errorRow(row.line, key, unresolved);
    const project = named[0]!;
    const { engineerEmail: _email, projectName: _name, ...fields } = value;
    const input: CreateAssignmentInput = { ...fields, engineerId: engineer._id, projectId: project._id };

    const sameKey = keyOf(engineer._id, project._id, value.startDate, value.role);
    const seen = occurrences.get(sameKey) ?? 0;
    occurrences.set(sameKey, seen + 1);
    const assignment = existing.get(sameKey)?.[seen];
    if (!assignment) {
      const decided = decideRow(row.line, () => decideCreateAssignment(null, { assignmentId: 'new', input, engineer, project }), columnOf);
      if (!decided.value) return errorRow(row.line, key, decided.errors);
      return { line: row.line, key, action: 'create', changes: [], errors: [], command: { type: 'create', input } };
    }
    const update: UpdateAssignmentInput = { allocationPercentage: value.allocationPercentage, endDate: value.endDate };
    // Unchanged rows are fine even on a completed project, where any change would be refused.
    if (assignment.allocationPercentage === update.allocationPercentage && assignment.endDate === update.endDate) {
      return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    }
    const decided = decideRow(row.line, () => decideUpdateAssignment(assignment, { input: update, project: projectsById.get(assignment.projectId) ?? null }), columnOf);
    if (!decided.value) return errorRow(row.line, key, decided.errors);
    const event = decided.value[0];
    const diff = event?.type === 'AssignmentUpdated' ? fieldChanges(event.data.changes, event.data.previous) : [];
    return updateRow(row.line, key, diff, { type: 'update', assignmentId: assignment._id, input: update });
  });
}
