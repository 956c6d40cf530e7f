import type { Assignment, Project } from '../../../domain/entities.ts';
import { percent, shortDate } from '../../lib/format.ts';
import type { EntityKind, ListPage, PlanDiff } from './historyApi.ts';

export const entityKey = (kind: EntityKind, id: string) => `${kind}:${id}`;

export type FieldChange = { field: string; before: string; after: string };

const list = (values: readonly string[]) => (values.length ? values.join(', ') : 'none');

function fieldChanges<T>(before: T, after: T, fields: [string, (x: T) => string][]): FieldChange[] {
  return fields
    .map(([field, show]) => ({ field, before: show(before), after: show(after) }))
    .filter((c) => c.before !== c.after);
}

/** What differs between two versions of a project, field by field, as the screens print it. */
export const projectFieldChanges = (before: Project, after: Project) =>
  fieldChanges(before, after, [
    ['Name', (p) => p.name],
    ['Status', (p) => p.status],
    ['Start', (p) => shortDate(p.startDate)],
    ['End', (p) => shortDate(p.endDate)],
    ['Team size', (p) => String(p.teamSize)],
    ['Skills', (p) => list(p.requiredSkills)],
    ['Description', (p) => p.description],
  ]);

/** What differs between two versions of an assignment, field by field. */
export const assignmentFieldChanges = (before: Assignment, after: Assignment) =>
  fieldChanges(before, after, [
    ['Allocation', (a) => percent(a.allocationPercentage)],
    ['Role', (a) => a.role],
    ['Start', (a) => shortDate(a.startDate)],
    ['End', (a) => shortDate(a.endDate)],
  ]);

/** 'Sam Rivera on Customer Portal' */
export const assignmentName = (a: Assignment) => `${a.engineerId.name || 'An engineer'} on ${a.projectId.name || 'a project'}`;

/** '60% as Tech Lead, Nov 05, 2026 - Dec 01, 2026' */
export const assignmentLine = (a: Assignment) =>
  `${percent(a.allocationPercentage)} as ${a.role}, ${shortDate(a.startDate)} - ${shortDate(a.endDate)}`;

export type DiffRow = {
  key: string;
  kind: 'created' | 'changed' | 'removed';
  name: string;
  detail: string;
  fields: FieldChange[];
  by: string[];
};

/** The projects and the assignments of a page of a diff as rows: created, then changed, then removed, each with who did it. */
export function diffRows(diff: PlanDiff): { projects: DiffRow[]; assignments: DiffRow[] } {
  const by = (kind: EntityKind, id: string) => (diff.actors[entityKey(kind, id)] ?? []).map((actor) => actor.name);
  const projects: DiffRow[] = [
    ...diff.projects.created.map((p) => ({
      key: `c-${p._id}`, kind: 'created' as const, name: p.name, detail: `${p.status}, ${shortDate(p.startDate)} - ${shortDate(p.endDate)}`, fields: [], by: by('project', p._id),
    })),
    ...diff.projects.changed.map(({ before, after }) => ({
      key: `u-${after._id}`, kind: 'changed' as const, name: after.name, detail: '', fields: projectFieldChanges(before, after), by: by('project', after._id),
    })),
    ...diff.projects.removed.map((p) => ({
      key: `r-${p._id}`, kind: 'removed' as const, name: p.name, detail: p.status, fields: [], by: by('project', p._id),
    })),
  ];
  const assignments: DiffRow[] = [
    ...diff.assignments.created.map((a) => ({
      key: `c-${a._id}`, kind: 'created' as const, name: assignmentName(a), detail: assignmentLine(a), fields: [], by: by('assignment', a._id),
    })),
    ...diff.assignments.changed.map(({ before, after }) => ({
      key: `u-${after._id}`, kind: 'changed' as const, name: assignmentName(after), detail: '', fields: assignmentFieldChanges(before, after), by: by('assignment', after._id),
    })),
    ...diff.assignments.removed.map((a) => ({
      key: `r-${a._id}`, kind: 'removed' as const, name: assignmentName(a), detail: assignmentLine(a), fields: [], by: by('assignment', a._id),
    })),
  ];
  return { projects, assignments };
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Where a page stands, said plainly whenever it is not the whole list: 'Showing 201-400 of 4,512'.
 * Null when the page holds everything, so an uncut list carries no pager.
 */
export function pageLabel(page: ListPage): string | null {
  if (!page.truncated) return null;
  const shownTo = Math.min(page.total, page.offset + page.limit);
  if (page.offset >= page.total) return `Nothing past ${count(page.total)}`;
  return `Showing ${count(page.offset + 1)}-${count(shownTo)} of ${count(page.total)}`;
}

/** The offset of the page before this one (null on the first page). */
export const previousOffset = (page: ListPage): number | null => (page.offset > 0 ? Math.max(0, page.offset - page.limit) : null);

/** The change of an engineer's allocation in points: '+20', '-10', '0'; missing sides count as 0. */
export function allocationDelta(before: { allocation: number } | null, after: { allocation: number } | null): string {
  const delta = (after?.allocation ?? 0) - (before?.allocation ?? 0);
  const rounded = Math.round(delta * 10) / 10;
  return rounded > 0 ? `+${rounded}` : String(rounded);
}
