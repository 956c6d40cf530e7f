import { engineerFigures, assignmentsByEngineer } from './figures.ts';
import type { PlanChanges } from './history-contracts.ts';
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
