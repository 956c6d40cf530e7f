import { describe, expect, it } from 'vitest';
import type { Engineer, Project } from './entities.ts';
import type { PlanningEvent } from './events.ts';
import {
  byAssignmentOrder, byEngineerOrder, byHolidayCalendarOrder, byHolidayOrder, byPlaceholderOrder, byProjectOrder, byTimeOffOrder, compareInstants, compareText,
  PlanFold,
} from './history.ts';
import { applyToPlan, emptyPlan, type Plan } from './plan.ts';

type Positioned = { event: PlanningEvent; position: number };

const engineerRegistered = (id: string, name: string, maxCapacity = 100): PlanningEvent => ({
  type: 'EngineerRegistered',
  data: { engineerId: id, name, email: `${id}@demo.test`, department: 'Platform', skills: ['TypeScript'], seniority: 'mid', maxCapacity },
});
const projectCreated = (id: string, name: string, startDate = '2025-07-01T00:00:00.000Z'): PlanningEvent => ({
  type: 'ProjectCreated',
  data: {
    projectId: id, name, description: 'Something worth doing', startDate, endDate: '2025-12-31T00:00:00.000Z',
    teamSize: 3, requiredSkills: ['TypeScript'], status: 'planning', managerId: 'm1',
  },
});
const assignmentCreated = (id: string, engineerId: string, projectId: string, startDate = '2025-07-01T00:00:00.000Z', allocationPercentage = 50): PlanningEvent => ({
  type: 'AssignmentCreated',
  data: { assignmentId: id, engineerId, projectId, role: 'Developer', allocationPercentage, startDate, endDate: '2025-12-01T00:00:00.000Z' },
});

const fold = (events: readonly Positioned[], into = new PlanFold()) => {
  for (const { event, position } of events) into.apply(event, position);
  return into;
};

/** The same history through the immutable reducer of plan.ts, ordered and joined as the REST lists are. */
function viaApplyToPlan(events: readonly Positioned[]): Plan {
  const plan = events.reduce((p, { event, position }) => applyToPlan(p, event, position), emptyPlan());
  const engineers = new Set(plan.engineers.map((e) => e._id));
  const projects = new Set(plan.projects.map((p) => p._id));
  return {
    engineers: [...plan.engineers].sort(byEngineerOrder),
    projects: [...plan.projects].sort(byProjectOrder),
    assignments: plan.assignments.filter((a) => engineers.has(a.engineerId._id) && projects.has(a.projectId._id)).sort(byAssignmentOrder),
    timeOff: plan.timeOff.filter((t) => engineers.has(t.engineerId)).sort(byTimeOffOrder),
    holidays: [...plan.holidays].sort(byHolidayOrder),
    placeholders: plan.placeholders.filter((p) => projects.has(p.projectId)).sort(byPlaceholderOrder),
    holidayCalendars: [...plan.holidayCalendars].sort(byHolidayCalendarOrder),
    actuals: plan.actuals.filter((w) => engineers.has(w.engineerId)),
  };
}

/** UTF-8 byte order: what PostgreSQL's "C" collation compares. */
function byUtf8(a: string, b: string): number {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

describe('compareText', () => {
  it('orders plain text by code unit, case-sensitively, shorter prefix first', () => {
    expect(compareText('a', 'b')).toBe(-1);
    expect(compareText('b', 'a')).toBe(1);
    expect(compareText('same', 'same')).toBe(0);
    expect(compareText('Zed', 'alpha')).toBe(-1); // 'Z' (U+005A) < 'a' (U+0061), as "C" sorts
    expect(compareText('Ann', 'Anna')).toBe(-1);
    expect(compareText('Anna', 'Ann')).toBe(1);
    expect(compareText('', 'a')).toBe(-1);
  });

  it('orders by code point, as PostgreSQL\'s "C" collation does: an emoji after a fullwidth letter', () => {
    // UTF-16 code units would put U+1F600 (surrogates D83D DE00) before U+FF3A; the database puts it after.
    expect('😀' < 'Ｚ').toBe(true);
    expect(compareText('😀', 'Ｚ')).toBe(1);
    expect(compareText('Ｚ', '😀')).toBe(-1);
    expect(compareText('a😀', 'a😁')).toBe(-1);
    expect(compareText('😀', '😀')).toBe(0);
  });

  it('agrees with UTF-8 byte order on a mixed list', () => {
    const names = ['Ｚara', '😀 Emoji', 'Zoë', 'Zoe', 'zoe', 'Émile', 'Ångström', '中文', '한국어', '\uE000 private', '𝔘nicode', 'Ann', 'Anna', '', ' space', '~tilde'];
    expect([...names].sort(compareText)).toEqual([...names].sort(byUtf8));
  });
});

describe('compareInstants', () => {
  it('orders instants, whether the text is canonical (compared as text) or any other ISO 8601 form (parsed)', () => {
    const texts = [
      '2025-07-01T00:00:00.000Z', '2025-06-30T23:59:59.999Z', '2025-07-01T02:00:00+03:00', '2025-07-01', '2024-12-31T23:00:00.000-01:00',
      '+010000-01-01T00:00:00.000Z', '0999-01-01T00:00:00.000Z', '2025-07-01T00:00:00.001Z',
    ];
    const byParsing = [...texts].sort((a, b) => Date.parse(a) - Date.parse(b) || (a < b ? -1 : 1));
    expect([...texts].sort((a, b) => compareInstants(a, b) || (a < b ? -1 : 1))).toEqual(byParsing);
    expect(compareInstants('2025-07-01T00:00:00.000Z', '2025-07-01')).toBe(0);
  });
});

describe('list orders', () => {
  const engineer = (id: string, name: string) => ({ _id: id, name }) as Engineer;
  const project = (id: string, name: string, startDate: string) => ({ _id: id, name, startDate }) as Project;

  it('engineers by name, then id', () => {
    const list = [engineer('e3', 'Mia'), engineer('e2', 'Ada'), engineer('e1', 'Mia')];
    expect(list.sort(byEngineerOrder).map((e) => e._id)).toEqual(['e2', 'e1', 'e3']);
  });

  it('projects by start instant, then name, then id', () => {
    const list = [
      project('p4', 'B', '2025-07-02T00:00:00.000Z'),
      project('p3', 'B', '2025-07-01T00:00:00.000Z'),
      project('p2', 'A', '2025-07-01T00:00:00.000Z'),
      project('p1', 'B', '2025-07-01T00:00:00.000Z'),
      project('p0', 'Z', '2025-06-30T23:59:59.999Z'),
    ];
    expect(list.sort(byProjectOrder).map((p) => p._id)).toEqual(['p0', 'p2', 'p1', 'p3', 'p4']);
  });

  it('assignments by start instant, then id', () => {
    const list = [
      { _id: 'a3', startDate: '2025-07-01T00:00:00.000Z' },
      { _id: 'a1', startDate: '2025-07-02T00:00:00.000Z' },
      { _id: 'a2', startDate: '2025-07-01T00:00:00.000Z' },
    ];
    expect(list.sort(byAssignmentOrder).map((a) => a._id)).toEqual(['a2', 'a3', 'a1']);
  });
});

describe('PlanFold', () => {
  const history: Positioned[] = [
    { event: engineerRegistered('e2', 'Grace'), position: 1 },
    { event: engineerRegistered('e1', 'Ada'), position: 1 },
    { event: projectCreated('p2', 'Search', '2025-08-01T00:00:00.000Z'), position: 1 },
    { event: projectCreated('p1', 'Payments', '2025-07-01T00:00:00.000Z'), position: 1 },
    { event: assignmentCreated('a2', 'e2', 'p1', '2025-09-01T00:00:00.000Z'), position: 1 },
    { event: assignmentCreated('a1', 'e1', 'p1', '2025-07-01T00:00:00.000Z', 60), position: 1 },
    { event: assignmentCreated('a3', 'e1', 'p2', '2025-08-01T00:00:00.000Z', 30), position: 1 },
  ];

  it('starts empty', () => {
    expect(new PlanFold().plan()).toEqual({
      engineers: [], projects: [], assignments: [], timeOff: [], holidays: [], placeholders: [], holidayCalendars: [{ _id: 'default', name: 'Default', version: 0 }], actuals: [],
    });
  });

  it('folds into the lists exactly as the REST API serves them: sorted, assignments populated', () => {
    const plan = fold(history).plan();
    expect(plan.engineers.map((e) => e.name)).toEqual(['Ada', 'Grace']);
    expect(plan.projects.map((p) => p.name)).toEqual(['Payments', 'Search']);
    expect(plan.assignments.map((a) => a._id)).toEqual(['a1', 'a3', 'a2']);
    expect(plan.engineers[0]).toStrictEqual({
      _id: 'e1', name: 'Ada', email: 'e1@demo.test', department: 'Platform', skills: ['TypeScript'], seniority: 'mid', maxCapacity: 100, version: 1,
    });
    expect(plan.assignments[0]).toStrictEqual({
      _id: 'a1',
      engineerId: { _id: 'e1', name: 'Ada', email: 'e1@demo.test' },
      projectId: { _id: 'p1', name: 'Payments', status: 'planning' },
      role: 'Developer',
      allocationPercentage: 60,
      startDate: '2025-07-01T00:00:00.000Z',
      endDate: '2025-12-01T00:00:00.000Z',
      version: 1,
    });
  });

  it('sorts non-ASCII names in code-point order, as the database does', () => {
    const plan = fold([
      { event: engineerRegistered('e1', '😀 Emoji'), position: 1 },
      { event: engineerRegistered('e2', 'Ｚara'), position: 1 },
      { event: engineerRegistered('e3', 'Zoe'), position: 1 },
    ]).plan();
    expect(plan.engineers.map((e) => e.name)).toEqual(['Zoe', 'Ｚara', '😀 Emoji']);
  });

  it('applies updates with each stream\'s position as the version, and names follow into assignments', () => {
    const plan = fold([
      ...history,
      { event: { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { allocationPercentage: 80 }, previous: { allocationPercentage: 60 } } }, position: 2 },
      { event: { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'Payments 2' }, previous: { name: 'Payments' } } }, position: 2 },
      { event: { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'planning', to: 'active' } }, position: 3 },
      { event: { type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { name: 'Ada L.', email: 'al@demo.test' } } }, position: 2 },
    ]).plan();
    expect(plan.assignments[0]).toMatchObject({
      _id: 'a1', allocationPercentage: 80, version: 2,
      engineerId: { _id: 'e1', name: 'Ada L.', email: 'al@demo.test' },
      projectId: { _id: 'p1', name: 'Payments 2', status: 'active' },
    });
    expect(plan.projects.find((p) => p._id === 'p1')).toMatchObject({ name: 'Payments 2', status: 'active', version: 3 });
    expect(plan.engineers.map((e) => [e.name, e.version])).toEqual([['Ada L.', 2], ['Grace', 1]]);
  });

  it('a removed assignment leaves the plan; the others stay', () => {
    const plan = fold([...history, { event: { type: 'AssignmentRemoved', data: { assignmentId: 'a3' } }, position: 2 }]).plan();
    expect(plan.assignments.map((a) => a._id)).toEqual(['a1', 'a2']);
  });

  it('leaves out assignments whose engineer or project it does not hold (the REST list joins them)', () => {
    const plan = fold([
      ...history,
      { event: assignmentCreated('a8', 'e404', 'p1'), position: 1 },
      { event: assignmentCreated('a9', 'e1', 'p404'), position: 1 },
    ]).plan();
    expect(plan.assignments.map((a) => a._id)).toEqual(['a1', 'a3', 'a2']);
  });

  it('restored from its snapshot, holds its lists in their order and goes on as the fold it was taken of', () => {
    const taken = fold(history);
    const restored = PlanFold.fromSnapshot(JSON.parse(JSON.stringify(taken.toSnapshot())));
    expect(restored.plan()).toStrictEqual(taken.plan());
    expect([...restored.assignments.keys()]).toEqual(taken.records().assignments.map((a) => a._id));
    const later: Positioned[] = [
      { event: assignmentCreated('a9', 'e1', 'p1', '2025-01-01T00:00:00.000Z'), position: 1 },
      { event: { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { startDate: '2026-01-01T00:00:00.000Z' } } }, position: 2 },
    ];
    expect(fold(later, restored.clone()).plan()).toStrictEqual(fold(later, taken).plan());
  });

  it('ignores updates and removals of entities it does not hold', () => {
    const before = fold(history).plan();
    const after = fold([
      ...history,
      { event: { type: 'ProjectUpdated', data: { projectId: 'p404', changes: { name: 'x' } } }, position: 2 },
      { event: { type: 'ProjectStatusChanged', data: { projectId: 'p404', from: 'planning', to: 'active' } }, position: 2 },
      { event: { type: 'EngineerProfileUpdated', data: { engineerId: 'e404', changes: { name: 'x' } } }, position: 2 },
      { event: { type: 'AssignmentUpdated', data: { assignmentId: 'a404', changes: { role: 'x' } } }, position: 2 },
      { event: { type: 'AssignmentRemoved', data: { assignmentId: 'a404' } }, position: 2 },
    ]);
    expect(after.plan()).toStrictEqual(before);
    expect([after.engineers.size, after.projects.size, after.assignments.size]).toEqual([2, 2, 3]);
  });

  it('a plan taken earlier is not changed by events applied later', () => {
    const folding = fold(history);
    const earlier = folding.plan();
    const copy = structuredClone(earlier);
    fold(
      [
        { event: { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { allocationPercentage: 10 } } }, position: 2 },
        { event: { type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { name: 'Changed' } } }, position: 2 },
        { event: { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'planning', to: 'active' } }, position: 2 },
        { event: { type: 'AssignmentRemoved', data: { assignmentId: 'a2' } }, position: 2 },
      ],
      folding,
    );
    expect(earlier).toStrictEqual(copy);
    expect(folding.plan()).not.toEqual(earlier);
  });

  it('equals the immutable reducer of plan.ts (sorted and joined) on a long generated history', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 16_807) % 2_147_483_647; // Park-Miller: deterministic, exact in doubles
      return seed % n;
    };
    const versions = new Map<string, number>();
    const next = (stream: string) => {
      const v = (versions.get(stream) ?? 0) + 1;
      versions.set(stream, v);
      return v;
    };
    const events: Positioned[] = [];
    const names = ['Ada', 'Grace', 'Ｚara', '😀 Emoji', 'Linus', 'ada', 'Émile'];
    const day = (d: number) => new Date(Date.UTC(2025, 0, 1) + d * 86_400_000).toISOString();
    for (let i = 0; i < 2_000; i += 1) {
      const kind = random(10);
      const e = `e${random(12)}`;
      const p = `p${random(8)}`;
      const a = `a${random(40)}`;
      if (kind === 0 && !versions.has(e)) events.push({ event: engineerRegistered(e, names[random(names.length)]!, random(2) ? 100 : 50), position: next(e) });
      else if (kind === 1 && !versions.has(p)) events.push({ event: projectCreated(p, names[random(names.length)]!, day(random(20))), position: next(p) });
      else if (kind <= 3 && !versions.has(a)) events.push({ event: assignmentCreated(a, e, p, day(random(30)), 10 + random(90)), position: next(a) });
      else if (kind === 4 && versions.has(a)) events.push({ event: { type: 'AssignmentUpdated', data: { assignmentId: a, changes: { allocationPercentage: 1 + random(100), startDate: day(random(30)) } } }, position: next(a) });
      else if (kind === 5 && versions.has(a)) events.push({ event: { type: 'AssignmentRemoved', data: { assignmentId: a } }, position: next(a) });
      else if (kind === 6 && versions.has(e)) events.push({ event: { type: 'EngineerProfileUpdated', data: { engineerId: e, changes: { name: names[random(names.length)]!, maxCapacity: 50 } } }, position: next(e) });
      else if (kind === 7 && versions.has(p)) events.push({ event: { type: 'ProjectUpdated', data: { projectId: p, changes: { name: names[random(names.length)]!, startDate: day(random(20)) } } }, position: next(p) });
      else if (kind === 8 && versions.has(p)) events.push({ event: { type: 'ProjectStatusChanged', data: { projectId: p, from: 'planning', to: random(2) ? 'active' : 'completed' } }, position: next(p) });
    }
    expect(events.length).toBeGreaterThan(500);
    for (const cut of [1, 10, 100, Math.floor(events.length / 2), events.length]) {
      expect(fold(events.slice(0, cut)).plan(), `first ${cut} events`).toStrictEqual(viaApplyToPlan(events.slice(0, cut)));
    }
  });
});
