import { engineerFigures, assignmentsByEngineer } from './figures.ts';
import type { DiffOffsets, DiffTotals, ListPage, PlanChanges } from './history-contracts.ts';
import type { PlanLists } from './plan.ts';

function compare<T extends { _id: string; version: number }>(before: T[], after: T[]) {
  const was = new Map(before.map((x) => [x._id, x]));
  const now = new Map(after.map((x) => [x._id, x]));
  return {
    created: after.filter((x) => !was.has(x._id)),
    changed: after.filter((x) => was.has(x._id) && was.get(x._id)!.version !== x.version).map((x) => ({ before: was.get(x._id)!, after: x })),
    removed: before.filter((x) => !now.has(x._id)),
  };
}

/**
 * What changed between two moments of the plan: entities created, changed (by version) and removed,
 * and each engineer whose current allocation or utilisation status differs, each side at its own time.
 */
export function diffPlans(before: PlanLists, from: Date, after: PlanLists, to: Date): PlanChanges {
  const figuresAt = (plan: PlanLists, at: Date) => {
    const byEngineer = assignmentsByEngineer(plan.assignments);
    return new Map(plan.engineers.map((e) => {
      const f = engineerFigures(e, byEngineer.get(e._id) ?? [], at);
      return [e._id, { name: e.name, allocation: f.currentAllocation, status: f.utilizationStatus }] as const;
    }));
  };
  const was = figuresAt(before, from);
  const now = figuresAt(after, to);
  const ids = [...new Set([...was.keys(), ...now.keys()])];
  const engineers = ids
    .map((id) => {
      const b = was.get(id);
      const a = now.get(id);
      return {
        engineerId: id,
        name: (a ?? b)!.name,
        before: b ? { allocation: b.allocation, status: b.status } : null,
        after: a ? { allocation: a.allocation, status: a.status } : null,
      };
    })
    .filter((e) => e.before?.allocation !== e.after?.allocation || e.before?.status !== e.after?.status)
    .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return { projects: compare(before.projects, after.projects), assignments: compare(before.assignments, after.assignments), engineers };
}

/** Where a page of `shown` items from `offset` stands in a list of `total`. */
export function listPage(offset: number, limit: number, shown: number, total: number): ListPage {
  const end = offset + shown;
  return { offset, limit, total, truncated: shown < total, nextOffset: end < total ? end : null };
}

export function pageOf<T>(items: readonly T[], offset: number, limit: number): { items: T[]; page: ListPage } {
  const shown = items.slice(offset, offset + limit);
  return { items: shown, page: listPage(offset, limit, shown.length, items.length) };
}

type EntityChanges<T> = { created: T[]; changed: { before: T; after: T }[]; removed: T[] };

/** A page of one entity's changes: created, then changed, then removed, cut as one list. */
export function pageEntityChanges<T>(changes: EntityChanges<T>, offset: number, limit: number): { changes: EntityChanges<T>; page: ListPage } {
  let skip = offset;
  let room = limit;
  const take = <X>(list: X[]): X[] => {
    const part = list.slice(skip, skip + room);
    skip = Math.max(0, skip - list.length);
    room -= part.length;
    return part;
  };
  const page = { created: take(changes.created), changed: take(changes.changed), removed: take(changes.removed) };
  const total = changes.created.length + changes.changed.length + changes.removed.length;
  return { changes: page, page: listPage(offset, limit, limit - room, total) };
}

const kindCounts = (changes: EntityChanges<unknown>) => ({
  created: changes.created.length, changed: changes.changed.length, removed: changes.removed.length,
});

/**
 * One page of each section of a diff (the events in between are paged where they are read) and the
 * totals of the whole diff, so a screen can say how much it is not showing.
 */
export function pageDiff(diff: PlanChanges, offsets: Omit<DiffOffsets, 'changes'>, limit: number) {
  const projects = pageEntityChanges(diff.projects, offsets.projects, limit);
  const assignments = pageEntityChanges(diff.assignments, offsets.assignments, limit);
  const engineers = pageOf(diff.engineers, offsets.engineers, limit);
  const totals: Omit<DiffTotals, 'changes'> = {
    projects: kindCounts(diff.projects), assignments: kindCounts(diff.assignments), engineers: diff.engineers.length,
  };
  return {
    changes: { projects: projects.changes, assignments: assignments.changes, engineers: engineers.items } satisfies PlanChanges,
    pages: { projects: projects.page, assignments: assignments.page, engineers: engineers.page },
    totals,
  };
}
