import { describe, expect, it } from 'vitest';
import type { AssignmentRecord, Engineer, Project } from './entities.ts';
import type { AssignmentEvent, EngineerEvent, ProjectEvent } from './events.ts';
import { entryOf, evolveAssignment, evolveEngineer, evolveProject, withEntry } from './evolve.ts';

/** Folds a stream's events, each at its stream position (1, 2, ...), as the projections do. */
function fold<S, E>(evolve: (s: S | null, e: E, v: number) => S | null, events: readonly E[]): S | null {
  return events.reduce<S | null>((state, event, index) => evolve(state, event, index + 1), null);
}

const projectCreated: ProjectEvent = {
  type: 'ProjectCreated',
  data: {
    projectId: 'p1',
    name: 'Payments revamp',
    description: 'Rebuild the payment flow',
    startDate: '2025-07-01T00:00:00.000Z',
    endDate: '2025-09-30T00:00:00.000Z',
    teamSize: 4,
    requiredSkills: ['React'],
    status: 'planning',
    managerId: 'm1',
  },
};

describe('evolveProject', () => {
  it('creates the project from ProjectCreated, with _id and version', () => {
    expect(fold(evolveProject, [projectCreated])).toEqual<Project>({
      _id: 'p1',
      name: 'Payments revamp',
      description: 'Rebuild the payment flow',
      startDate: '2025-07-01T00:00:00.000Z',
      endDate: '2025-09-30T00:00:00.000Z',
      teamSize: 4,
      requiredSkills: ['React'],
      status: 'planning',
      managerId: 'm1',
      tentative: false,
      version: 1,
    });
  });

  it('merges ProjectUpdated changes and leaves other fields alone', () => {
    const state = fold(evolveProject, [
      projectCreated,
      { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'Payments 2.0', teamSize: 6 } } },
    ]);
    expect(state).toMatchObject({ name: 'Payments 2.0', teamSize: 6, description: 'Rebuild the payment flow', version: 2 });
  });

  it('follows status changes', () => {
    const state = fold(evolveProject, [
      projectCreated,
      { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'planning', to: 'active' } },
      { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'active', to: 'completed' } },
    ]);
    expect(state).toMatchObject({ status: 'completed', version: 3 });
  });

  it('keeps the version equal to the stream position of the last event', () => {
    const events: ProjectEvent[] = [
      projectCreated,
      { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'a' } } },
      { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'b' } } },
      { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'planning', to: 'active' } },
    ];
    events.forEach((_, i) => expect(fold(evolveProject, events.slice(0, i + 1))?.version).toBe(i + 1));
    expect(evolveProject(null, projectCreated, 42)?.version).toBe(42);
  });

  it('ignores updates to a project that does not exist', () => {
    expect(evolveProject(null, { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'x' } } }, 1)).toBeNull();
    expect(
      evolveProject(null, { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'planning', to: 'active' } }, 1),
    ).toBeNull();
  });

  it('does not mutate the previous state', () => {
    const before = fold(evolveProject, [projectCreated])!;
    const snapshot = structuredClone(before);
    evolveProject(before, { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'x' } } }, 2);
    evolveProject(before, { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'planning', to: 'active' } }, 2);
    expect(before).toEqual(snapshot);
  });
});

const assignmentCreated: AssignmentEvent = {
  type: 'AssignmentCreated',
  data: {
    assignmentId: 'a1',
    engineerId: 'e1',
    projectId: 'p1',
    role: 'Developer',
    allocationPercentage: 50,
    startDate: '2025-07-01T00:00:00.000Z',
    endDate: '2025-08-31T00:00:00.000Z',
  },
};

describe('evolveAssignment', () => {
  it('creates the record from AssignmentCreated', () => {
    expect(fold(evolveAssignment, [assignmentCreated])).toEqual<AssignmentRecord>({
      _id: 'a1',
      engineerId: 'e1',
      projectId: 'p1',
      role: 'Developer',
      allocationPercentage: 50,
      startDate: '2025-07-01T00:00:00.000Z',
      endDate: '2025-08-31T00:00:00.000Z',
      version: 1,
    });
  });

  it('merges AssignmentUpdated changes', () => {
    const state = fold(evolveAssignment, [
      assignmentCreated,
      { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { allocationPercentage: 80, role: 'Lead' } } },
    ]);
    expect(state).toMatchObject({ allocationPercentage: 80, role: 'Lead', engineerId: 'e1', version: 2 });
  });

  it('folds AssignmentRemoved back to null', () => {
    expect(fold(evolveAssignment, [assignmentCreated, { type: 'AssignmentRemoved', data: { assignmentId: 'a1' } }])).toBeNull();
  });

  it('ignores updates after removal', () => {
    expect(
      fold(evolveAssignment, [
        assignmentCreated,
        { type: 'AssignmentRemoved', data: { assignmentId: 'a1' } },
        { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { role: 'Lead' } } },
      ]),
    ).toBeNull();
  });

  it('ignores updates to an assignment that does not exist', () => {
    expect(evolveAssignment(null, { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { role: 'x' } } }, 1)).toBeNull();
  });
});

const engineerRegistered: EngineerEvent = {
  type: 'EngineerRegistered',
  data: {
    engineerId: 'e1',
    name: 'Ada Lovelace',
    email: 'ada@demo.test',
    department: 'Platform',
    skills: ['TypeScript'],
    seniority: 'senior',
    maxCapacity: 100,
  },
};

describe('evolveEngineer', () => {
  it('creates the engineer from EngineerRegistered', () => {
    expect(fold(evolveEngineer, [engineerRegistered])).toEqual<Engineer>({
      _id: 'e1',
      name: 'Ada Lovelace',
      email: 'ada@demo.test',
      department: 'Platform',
      skills: ['TypeScript'],
      seniority: 'senior',
      maxCapacity: 100,
      version: 1,
    });
  });

  it('merges profile updates, replacing the skill list whole', () => {
    const state = fold(evolveEngineer, [
      engineerRegistered,
      { type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { skills: ['Go', 'Rust'] } } },
      { type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { maxCapacity: 50, seniority: 'mid' } } },
    ]);
    expect(state).toMatchObject({ skills: ['Go', 'Rust'], maxCapacity: 50, seniority: 'mid', name: 'Ada Lovelace', version: 3 });
  });

  it('ignores updates to an engineer that does not exist', () => {
    expect(evolveEngineer(null, { type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { name: 'x' } } }, 1)).toBeNull();
  });
});

describe('withEntry / entryOf: records keyed by ids that clients choose', () => {
  it('keeps an entry named __proto__ as an entry, not as the record\'s prototype', () => {
    const record = withEntry<number>({}, '__proto__', 1);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(['__proto__']);
    expect(entryOf(record, '__proto__')).toBe(1);
    expect(Object.keys(withEntry<number>(record, '__proto__', null))).toEqual([]);
  });

  it('finds only what the record holds itself, not what every object inherits', () => {
    const record = withEntry<number>({}, 'a', 1);
    expect(['a', 'constructor', 'hasOwnProperty', '__proto__', 'toString'].map((id) => entryOf(record, id))).toEqual([1, undefined, undefined, undefined, undefined]);
  });
});
