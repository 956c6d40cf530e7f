import { decideUpdateProject } from '../decide.ts';
import type { Project } from '../entities.ts';
import type { CreateProjectInput, UpdateProjectInput } from '../inputs.ts';
import { decideRow, errorRow, fieldChanges, repeatedKeys, updateRow } from './plan-rows.ts';
import { projectRowInput, type RowValues } from './rows.ts';
import type { PlannedRow, RowIssue } from './types.ts';

export type ProjectCommand =
  | { type: 'create'; input: CreateProjectInput }
  | { type: 'update'; projectId: string; input: UpdateProjectInput };

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
    if (!value) return errorRow(row.line, key, errors);
    const repeats = repeated(row.line, key, 'project name');
    if (repeats.length > 0) return errorRow(row.line, key, repeats);
    const named = byName.get(key) ?? [];
    if (named.length > 1) return errorRow(row.line, key, [ambiguousName(row.line, 'name', key, named.length)]);
    const project = named[0];
    if (!project) return { line: row.line, key, action: 'create', changes: [], errors: [], command: { type: 'create', input: value } };
    const { managerId: _kept, ...input } = value;
    const decided = decideRow(row.line, () => decideUpdateProject(project, input));
    if (!decided.value) return errorRow(row.line, key, decided.errors);
    if (decided.value.length === 0) return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    const diff = decided.value.flatMap((event) =>
      event.type === 'ProjectUpdated' ? fieldChanges(event.data.changes, event.data.previous)
        : event.type === 'ProjectStatusChanged' ? [{ field: 'status', from: event.data.from, to: event.data.to }] : []);
    return updateRow(row.line, key, diff, { type: 'update', projectId: project._id, input });
  });
}
