import { describe, expect, it } from 'vitest';
import { diffPlans } from './diff.ts';
import type { Assignment, Engineer, Project } from './entities.ts';
import type { PlanLists } from './plan.ts';

const engineer = (id: string, name: string, overrides: Partial<Engineer> = {}): Engineer => ({
  _id: id, name, email: `${id}@demo.test`, department: 'Platform', skills: ['TypeScript'], seniority: 'mid', maxCapacity: 100, version: 1, ...overrides,
});
const project = (id: string, name: string, overrides: Partial<Project> = {}): Project => ({
  _id: id, name, description: 'Something worth doing', startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-12-31T00:00:00.000Z',
  teamSize: 3, requiredSkills: ['TypeScript'], status: 'active', managerId: 'm1', tentative: false, version: 1, ...overrides,
});
const assignment = (id: string, e: Engineer, p: Project, overrides: Partial<Assignment> = {}): Assignment => ({
  _id: id,
  engineerId: { _id: e._id, name: e.name, email: e.email },
  projectId: { _id: p._id, name: p.name, status: p.status },
  role: 'Developer',
  allocationPercentage: 50,
  startDate: '2025-03-01T00:00:00.000Z',
  endDate: '2025-09-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});

const from = new Date('2025-06-01T00:00:00.000Z');
const to = new Date('2025-06-02T00:00:00.000Z');

const ada = engineer('e1', 'Ada');
const grace = engineer('e2', 'Grace');
const payments = project('p1', 'Payments');
const search = project('p2', 'Search');
const base: PlanLists = {
  engineers: [ada, grace],
  projects: [payments, search],
  assignments: [assignment('a1', ada, payments), assignment('a2', grace, search, { allocationPercentage: 30 })],
};

const noChange = {
  projects: { created: [], changed: [], removed: [] },
  assignments: { created: [], changed: [], removed: [] },
  engineers: [],
};

describe('diffPlans', () => {
  it('finds nothing between a plan and itself (or an equal copy)', () => {
    expect(diffPlans(base, from, base, to)).toEqual(noChange);
    expect(diffPlans(base, from, structuredClone(base), from)).toEqual(noChange);
  });

  it('lists projects created, changed (by version) and removed, in the order of the plans, with both sides of a change', () => {
    const renamed = { ...payments, name: 'Payments 2', version: 2 };
    const tools = project('p3', 'Tools');
    const after: PlanLists = { ...base, projects: [renamed, tools] };
    expect(diffPlans(base, from, after, to).projects).toEqual({
      created: [tools],
      changed: [{ before: payments, after: renamed }],
      removed: [search],
    });
  });

  it('a change is judged by version: different content at the same version is not a change', () => {
    const after: PlanLists = { ...base, projects: [{ ...payments, name: 'Cosmetic' }, search] };
    expect(diffPlans(base, from, after, to).projects.changed).toEqual([]);
  });

  it('lists assignments created, changed and removed, populated as the screens show them', () => {
    const a1 = base.assignments[0]!;
    const moved = { ...a1, allocationPercentage: 80, version: 2 };
    const a3 = assignment('a3', grace, payments, { allocationPercentage: 10 });
    const after: PlanLists = { ...base, assignments: [moved, a3] };
    const diff = diffPlans(base, from, after, to);
    expect(diff.assignments).toEqual({ created: [a3], changed: [{ before: a1, after: moved }], removed: [base.assignments[1]] });
  });

  it('an assignment whose project was renamed (its own version unchanged) is not itself changed', () => {
    const renamed = { ...payments, name: 'Payments 2', version: 2 };
    const after: PlanLists = {
      ...base,
      projects: [renamed, search],
      assignments: [{ ...base.assignments[0]!, projectId: { ...base.assignments[0]!.projectId, name: 'Payments 2' } }, base.assignments[1]!],
    };
    const diff = diffPlans(base, from, after, to);
    expect(diff.assignments.changed).toEqual([]);
    expect(diff.projects.changed.map((c) => c.after!._id)).toEqual(['p1']);
  });

  it('reports each engineer whose current allocation moved, with the utilisation status on both sides', () => {
    const moved = { ...base.assignments[0]!, allocationPercentage: 120, version: 2 };
    const after: PlanLists = { ...base, assignments: [moved, base.assignments[1]!] };
    expect(diffPlans(base, from, after, to).engineers).toEqual([
      { engineerId: 'e1', name: 'Ada', before: { allocation: 50, status: 'optimal' }, after: { allocation: 120, status: 'overloaded' } },
    ]);
  });

  it('reports a status change at the same allocation (maxCapacity moved)', () => {
    const partTime = { ...grace, maxCapacity: 50, version: 2 };
    const after: PlanLists = { ...base, engineers: [ada, partTime] };
    expect(diffPlans(base, from, after, to).engineers).toEqual([
      { engineerId: 'e2', name: 'Grace', before: { allocation: 30, status: 'underutilized' }, after: { allocation: 30, status: 'optimal' } },
    ]);
  });

  it('leaves out engineers whose allocation and status stay, even when their assignments changed otherwise', () => {
    const renamedRole = { ...base.assignments[0]!, role: 'Lead', version: 2 };
    const after: PlanLists = { ...base, assignments: [renamedRole, base.assignments[1]!] };
    const diff = diffPlans(base, from, after, to);
    expect(diff.engineers).toEqual([]);
    expect(diff.assignments.changed).toHaveLength(1);
  });

  it('an engineer who appears has no before; one who disappears has no after', () => {
    const lin = engineer('e3', 'Linus');
    const appeared = diffPlans(base, from, { ...base, engineers: [ada, grace, lin] }, to);
    expect(appeared.engineers).toEqual([{ engineerId: 'e3', name: 'Linus', before: null, after: { allocation: 0, status: 'underutilized' } }]);
    const gone = diffPlans({ ...base, engineers: [ada, grace, lin] }, from, base, to);
    expect(gone.engineers).toEqual([{ engineerId: 'e3', name: 'Linus', before: { allocation: 0, status: 'underutilized' }, after: null }]);
  });

  it('judges each side at its own moment: an assignment that ends in between lowers the allocation with no event', () => {
    const later = new Date('2025-10-01T00:00:00.000Z'); // both seeded assignments ended on 2025-09-01
    expect(diffPlans(base, from, base, later).engineers).toEqual([
      { engineerId: 'e1', name: 'Ada', before: { allocation: 50, status: 'optimal' }, after: { allocation: 0, status: 'underutilized' } },
      { engineerId: 'e2', name: 'Grace', before: { allocation: 30, status: 'underutilized' }, after: { allocation: 0, status: 'underutilized' } },
    ]);
    // The entities themselves did not change.
    expect(diffPlans(base, from, base, later).assignments).toEqual(noChange.assignments);
  });

  it('counts only current assignments: an upcoming one changes nothing today', () => {
    const upcoming = assignment('a9', ada, search, { startDate: '2025-07-01T00:00:00.000Z', endDate: '2025-08-01T00:00:00.000Z' });
    const diff = diffPlans(base, from, { ...base, assignments: [...base.assignments, upcoming] }, to);
    expect(diff.assignments.created).toEqual([upcoming]);
    expect(diff.engineers).toEqual([]);
  });

  it('sorts the engineers by name and uses the newer name of a renamed one', () => {
    const zed = engineer('e0', 'Zed');
    const before: PlanLists = { engineers: [ada, grace, zed], projects: [payments], assignments: [] };
    const after: PlanLists = {
      engineers: [{ ...ada, name: 'Ada L.', version: 2 }, grace, zed],
      projects: [payments],
      assignments: [assignment('x1', zed, payments), assignment('x2', ada, payments), assignment('x3', grace, payments)],
    };
    expect(diffPlans(before, from, after, to).engineers.map((e) => e.name)).toEqual(['Ada L.', 'Grace', 'Zed']);
  });
});
