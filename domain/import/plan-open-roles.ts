import { decideAddPlaceholder, decideUpdatePlaceholder } from '../decide/placeholders.ts';
import type { Placeholder, Project } from '../entities.ts';
import type { ProjectRecord } from '../evolve.ts';
import { addPlaceholderInput, type AddPlaceholderInput, type UpdatePlaceholderInput } from '../inputs.ts';
import { assignmentMessages as A } from '../messages.ts';
import { listCell, momentText, numberCell } from './cells.ts';
import { ambiguousName, projectsByName } from './plan-projects.ts';
import { decideRow, errorRow, fieldChanges, updateRow } from './plan-rows.ts';
import { validateRow, type RowValues } from './rows.ts';
import type { PlannedRow, RowIssue } from './types.ts';

export type OpenRoleFields = Omit<AddPlaceholderInput, 'version'>;

/** A new open role on a project, or a change to the one with the same project, role and first day. */
export type OpenRoleCommand =
  | { type: 'add'; projectId: string; input: OpenRoleFields }
  | { type: 'update'; projectId: string; placeholderId: string; input: UpdatePlaceholderInput };

export type OpenRolesNow = {
  projects: readonly Project[];
  /** The open roles there are (filled and removed ones are gone from the list). */
  placeholders: readonly Placeholder[];
};

/** An open-role row's cells read by the API's own schema for a new open role; its messages placed on their columns. */
export function openRoleRowInput({ line, values }: RowValues): { value?: OpenRoleFields & { projectName: string }; errors: RowIssue[] } {
  const projectName = (values.projectName ?? '').trim();
  const { value, errors } = validateRow(addPlaceholderInput, {
    role: values.role,
    allocationPercentage: numberCell(values.allocationPercentage ?? ''),
    startDate: values.startDate?.trim(),
    endDate: values.endDate?.trim(),
    skills: listCell(values.skills ?? ''),
  }, line);
  const all = projectName ? errors : [{ line, column: 'projectName', message: A.projectRequired }, ...errors];
  if (!value || all.length > 0) return { errors: all };
  const { version: _version, ...fields } = value;
  return { value: { ...fields, projectName }, errors: [] };
}

const keyOf = (projectId: string, role: string, startDate: string) => `${projectId}|${role}|${startDate}`;

/** The project as the placeholder decisions read it: its open roles by id. */
const planOf = (project: Project, placeholders: readonly Placeholder[]): ProjectRecord =>
  ({ project, placeholders: Object.fromEntries(placeholders.map((p) => [p._id, p])), closed: {} }) as ProjectRecord;

/**
 * Per row: add an open role to the named project, change the one with the same role and first day
 * (its share, last day, and skills when the file gives some), or nothing to do. Like assignments, the
 * key need not be unique: the n-th row with a key is paired with the n-th such open role (oldest
 * first), so an exported file imports again unchanged. A completed project takes none (the API's rule).
 */
export function planOpenRoles(rows: readonly RowValues[], now: OpenRolesNow): PlannedRow<OpenRoleCommand>[] {
  const projects = projectsByName(now.projects);
  const byProject = new Map<string, Placeholder[]>();
  const existing = new Map<string, Placeholder[]>();
  for (const p of [...now.placeholders].sort((x, y) => (x._id < y._id ? -1 : 1))) {
    byProject.set(p.projectId, [...(byProject.get(p.projectId) ?? []), p]);
    const key = keyOf(p.projectId, p.role, p.startDate);
    existing.set(key, [...(existing.get(key) ?? []), p]);
  }
  const occurrences = new Map<string, number>();

  return rows.map((row): PlannedRow<OpenRoleCommand> => {
    const { value, errors } = openRoleRowInput(row);
    const named = (row.values.projectName ?? '').trim();
    if (!value) return errorRow(row.line, named, errors);
    const key = `${value.role} on ${value.projectName} from ${momentText(value.startDate)}`;
    const candidates = projects.get(value.projectName) ?? [];
    if (candidates.length === 0) return errorRow(row.line, key, [{ line: row.line, column: 'projectName', message: A.projectNotFound }]);
    if (candidates.length > 1) return errorRow(row.line, key, [ambiguousName(row.line, 'projectName', value.projectName, candidates.length)]);
    const project = candidates[0]!;
    const { projectName: _name, ...input } = value;
    const plan = planOf(project, byProject.get(project._id) ?? []);

    const sameKey = keyOf(project._id, value.role, value.startDate);
    const seen = occurrences.get(sameKey) ?? 0;
    occurrences.set(sameKey, seen + 1);
    const placeholder = existing.get(sameKey)?.[seen];
    if (!placeholder) {
      const decided = decideRow(row.line, () => decideAddPlaceholder(plan, { placeholderId: 'new', input }), (field) => (field === 'projectId' ? 'projectName' : field));
      if (!decided.value) return errorRow(row.line, key, decided.errors);
      return { line: row.line, key, action: 'create', changes: [], errors: [], command: { type: 'add', projectId: project._id, input } };
    }
    // An empty skills cell leaves the open role's skills as they are: a file of another tool may not have them.
    const update: UpdatePlaceholderInput = {
      allocationPercentage: value.allocationPercentage, endDate: value.endDate, ...(value.skills.length > 0 ? { skills: value.skills } : {}),
    };
    const same = placeholder.allocationPercentage === update.allocationPercentage && placeholder.endDate === update.endDate
      && (update.skills === undefined || sameSkills(placeholder.skills, update.skills));
    if (same) return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    const decided = decideRow(row.line, () => decideUpdatePlaceholder(plan, { placeholderId: placeholder._id, input: update }));
    if (!decided.value) return errorRow(row.line, key, decided.errors);
    const event = decided.value[0];
    const diff = event?.type === 'PlaceholderUpdated' ? fieldChanges(event.data.changes, event.data.previous) : [];
    if (diff.length === 0) return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    return updateRow(row.line, key, diff, { type: 'update', projectId: project._id, placeholderId: placeholder._id, input: update });
  });
}

const sameSkills = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((skill, i) => skill === b[i]);
