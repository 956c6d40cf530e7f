import { describe, expect, it } from 'vitest';
import type { PlanningEvent } from './events.ts';
import { PLAN_FOLD_VERSION, PlanFold, type PlanFoldSnapshot } from './history.ts';

type Step = { event: PlanningEvent; version: number };

/**
 * A random but reproducible history over a handful of ids, so that entities are created, changed,
 * renamed, removed and created again: every kind of event the fold knows, in every order.
 */
function randomHistory(length: number, seed: number): Step[] {
  let state = seed;
  const pick = (n: number) => {
    state = (state * 48_271) % 2_147_483_647;
    return state % n;
  };
  const versions = new Map<string, number>();
  const bump = (id: string) => {
    versions.set(id, (versions.get(id) ?? 0) + 1);
    return versions.get(id)!;
  };
  const date = (d: number) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString();
  const steps: Step[] = [];
  const push = (id: string, event: PlanningEvent) => steps.push({ event, version: bump(id) });
  while (steps.length < length) {
    const [e, p, a] = [`e${pick(6)}`, `p${pick(4)}`, `a${pick(20)}`];
    const known = (id: string) => versions.has(id);
    switch (pick(6)) {
      case 0:
        if (!known(e)) {
          push(e, { type: 'EngineerRegistered', data: { engineerId: e, name: `Name ${pick(9)}`, email: `${e}@x.test`, department: 'Data', skills: ['Go'], seniority: 'senior', maxCapacity: 100 } });
        } else push(e, { type: 'EngineerProfileUpdated', data: { engineerId: e, changes: { name: `Renamed ${pick(9)}`, skills: ['Rust'] } } });
        break;
      case 1:
        if (!known(p)) {
          push(p, { type: 'ProjectCreated', data: { projectId: p, name: `Project ${pick(9)}`, description: 'd', startDate: date(pick(30)), endDate: date(60), teamSize: 2, requiredSkills: [], status: 'planning', managerId: 'm' } });
        } else push(p, { type: 'ProjectStatusChanged', data: { projectId: p, from: 'planning', to: 'active' } });
        break;
      case 2:
        if (known(p)) push(p, { type: 'ProjectUpdated', data: { projectId: p, changes: { name: `Retitled ${pick(9)}`, startDate: date(pick(30)) } } });
        break;
      default:
        if (!known(a) || pick(3) === 0) {
          push(a, { type: 'AssignmentCreated', data: { assignmentId: a, engineerId: e, projectId: p, role: 'Dev', allocationPercentage: 10 + pick(90), startDate: date(pick(40)), endDate: date(90) } });
        } else if (pick(2) === 0) push(a, { type: 'AssignmentUpdated', data: { assignmentId: a, changes: { allocationPercentage: 1 + pick(100) } } });
        else push(a, { type: 'AssignmentRemoved', data: { assignmentId: a } });
    }
  }
  return steps;
}

const foldOnto = (fold: PlanFold, steps: readonly Step[]) => {
  for (const { event, version } of steps) fold.apply(event, version);
  return fold;
};

/** Through text, as a snapshot is stored. */
const stored = (fold: PlanFold): PlanFoldSnapshot => JSON.parse(JSON.stringify(fold.toSnapshot())) as PlanFoldSnapshot;

describe('PlanFold snapshots', () => {
  it('a fold restored from a snapshot and given the remaining events equals a fold from the first event, at every cut', () => {
    for (const seed of [1, 7, 42, 1_000]) {
      const history = randomHistory(400, seed);
      const fresh = foldOnto(new PlanFold(), history).plan();
      for (let cut = 0; cut <= history.length; cut += 1 + (seed % 13)) {
        const restored = PlanFold.fromSnapshot(stored(foldOnto(new PlanFold(), history.slice(0, cut))));
        expect(foldOnto(restored, history.slice(cut)).plan(), `seed ${seed}, snapshot after ${cut} events`).toStrictEqual(fresh);
      }
    }
  });

  it('keeps every entity with its version, and holds each of the fold\'s maps', () => {
    const fold = foldOnto(new PlanFold(), randomHistory(300, 3));
    const snapshot = stored(fold);
    expect(Object.keys(snapshot.maps)).toEqual(expect.arrayContaining(['assignments', 'engineers', 'projects']));
    const restored = PlanFold.fromSnapshot(snapshot);
    expect(restored.engineers).toEqual(fold.engineers);
    expect(restored.projects).toEqual(fold.projects);
    expect(restored.assignments).toEqual(fold.assignments);
    expect([...restored.assignments.values()].some((a) => a.version > 1)).toBe(true);
  });

  it('holds all its state in maps, which is what a snapshot saves: a field of another kind would be lost', () => {
    const fields = Object.entries(foldOnto(new PlanFold(), randomHistory(50, 9)));
    expect(fields.filter(([, value]) => !(value instanceof Map)).map(([name]) => name)).toEqual([]);
    expect(fields.length).toBe(Object.keys(new PlanFold().toSnapshot().maps).length);
  });

  it('refuses a snapshot that lacks one of its maps rather than restore a partial plan', () => {
    const { maps } = stored(foldOnto(new PlanFold(), randomHistory(50, 5)));
    const { assignments: _dropped, ...partial } = maps;
    expect(() => PlanFold.fromSnapshot({ maps: partial })).toThrow('The plan snapshot has no assignments');
  });

  it('names its format by the reducers\' version and its maps', () => {
    const names = Object.keys(new PlanFold().toSnapshot().maps);
    expect(PlanFold.snapshotFormat).toBe(`${PLAN_FOLD_VERSION}:${names.join(',')}`);
    expect(names).toEqual([...names].sort());
  });

  it('a clone goes on without changing the fold it came from', () => {
    const history = randomHistory(200, 11);
    const original = foldOnto(new PlanFold(), history.slice(0, 100));
    const before = original.plan();
    const clone = foldOnto(original.clone(), history.slice(100));
    expect(original.plan()).toStrictEqual(before);
    expect(clone.plan()).toStrictEqual(foldOnto(new PlanFold(), history).plan());
  });
});
