import { decideUpdateProject } from '../decide/planning.ts';
import type { Project } from '../entities.ts';
import type { CreateProjectInput, UpdateProjectInput } from '../inputs.ts';
import { decideRow, errorRow, fieldChanges, repeatedKeys, updateRow } from './plan-rows.ts';
import { projectRowInput, yesNoCell, type RowValues } from './rows.ts';
import { placeholderMessages } from '../messages.ts';
import type { PlannedRow, RowIssue } from './types.ts';

/** `tentative`: mark the project tentative (true) or confirmed (false) after its other fields. */
export type ProjectCommand =
  | { type: 'create'; input: CreateProjectInput; tentative?: boolean }
  | { type: 'update'; projectId: string; input: UpdateProjectInput; tentative?: boolean };

export const tentativeMessage = 'Tentative must be yes or no';

/** Projects by name. Names are not unique in the API, so a name held by several projects cannot be a key. */
export function projectsByName(projects: readonly Project[]): Map<string, Project[]> {
  const byName = new Map<string, Project[]>();
  for (const project of projects) byName.set(project.name, [...(byName.get(project.name) ?? []), project]);
  return byName;
}

export const ambiguousName = (line: number, column: string, name: string, count: number): RowIssue => ({
  line, column, message: `${count} projects are named '${name}': rename all but one to import by name`,
});

/** Per row: create a project, update the one with that name, or nothing to do. */
export function planProjects(rows: readonly RowValues[], projects: readonly Project[]): PlannedRow<ProjectCommand>[] {
  const byName = projectsByName(projects);
  const repeated = repeatedKeys();
  return rows.map((row): PlannedRow<ProjectCommand> => {
    const { value, errors } = projectRowInput(row);
    const key = value?.name ?? (row.values.name ?? '').trim();
    const tentativeCell = yesNoCell(row.values.tentative ?? '');
    if (tentativeCell === null) errors.push({ line: row.line, column: 'tentative', message: tentativeMessage });
    if (!value || errors.length > 0) return errorRow(row.line, key, errors);
    const tentative = tentativeCell ?? undefined;
    const repeats = repeated(row.line, key, 'project name');
    if (repeats.length > 0) return errorRow(row.line, key, repeats);
    const named = byName.get(key) ?? [];
    if (named.length > 1) return errorRow(row.line, key, [ambiguousName(row.line, 'name', key, named.length)]);
    const project = named[0];
    if (!project) {
      // A completed project cannot be tentative: the same rule as marking one by hand.
      if (tentative && value.status === 'completed') return errorRow(row.line, key, [{ line: row.line, column: 'tentative', message: placeholderMessages.completedNotTentative }]);
      return { line: row.line, key, action: 'create', changes: [], errors: [], command: { type: 'create', input: value, ...(tentative ? { tentative } : {}) } };
    }
    const { managerId: _kept, ...input } = value;
    const decided = decideRow(row.line, () => decideUpdateProject(project, input));
    if (!decided.value) return errorRow(row.line, key, decided.errors);
    const status = decided.value.reduce((s, event) => (event.type === 'ProjectStatusChanged' ? event.data.to : s), project.status);
    const marks = tentative !== undefined && tentative !== project.tentative;
    if (marks && tentative && status === 'completed') return errorRow(row.line, key, [{ line: row.line, column: 'tentative', message: placeholderMessages.completedNotTentative }]);
    if (decided.value.length === 0 && !marks) return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    const diff = decided.value.flatMap((event) =>
      event.type === 'ProjectUpdated' ? fieldChanges(event.data.changes, event.data.previous)
        : event.type === 'ProjectStatusChanged' ? [{ field: 'status', from: event.data.from, to: event.data.to }] : []);
    const tentativeDiff = marks ? [{ field: 'tentative', from: project.tentative ? 'yes' : 'no', to: tentative ? 'yes' : 'no' }] : [];
    return updateRow(row.line, key, [...diff, ...tentativeDiff], { type: 'update', projectId: project._id, input, ...(marks ? { tentative } : {}) });
  });
}
