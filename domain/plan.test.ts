import { describe, expect, it } from 'vitest';
import type { AssignmentRecord } from './entities.ts';
import type { PlanningEvent } from './events.ts';
import { applyToPlan, emptyPlan, populate, unpopulate, type Plan } from './plan.ts';

/** An event with its stream position, as the event store hands it out. */
type Positioned = { event: PlanningEvent; position: number };

const foldPlan = (events: readonly Positioned[], from: Plan = emptyPlan()) =>
  events.reduce((plan, { event, position }) => applyToPlan(plan, event, position), from);

const engineerRegistered = (id: string, name: string, email = `${name.toLowerCase()}@demo.test`): PlanningEvent => ({
  type: 'EngineerRegistered',
  data: { engineerId: id, name, email, department: 'Platform', skills: ['TypeScript'], seniority: 'mid', maxCapacity: 100 },
});

const projectCreated = (id: string, name: string): PlanningEvent => ({
  type: 'ProjectCreated',
  data: {
    projectId: id,
    name,
    description: 'Something worth doing',
    startDate: '2025-07-01T00:00:00.000Z',
    endDate: '2025-09-30T00:00:00.000Z',
    teamSize: 3,
    requiredSkills: ['TypeScript'],
    status: 'planning',
    managerId: 'm1',
  },
});

const assignmentCreated = (id: string, engineerId: string, projectId: string, allocationPercentage = 50): PlanningEvent => ({
  type: 'AssignmentCreated',
  data: {
    assignmentId: id,
    engineerId,
    projectId,
    role: 'Developer',
    allocationPercentage,
    startDate: '2025-07-01T00:00:00.000Z',
    endDate: '2025-08-31T00:00:00.000Z',
  },
});

/** Two engineers, two projects, three assignments; each stream at its own positions. */
const history: Positioned[] = [
  { event: engineerRegistered('e1', 'Ada'), position: 1 },
  { event: engineerRegistered('e2', 'Grace'), position: 1 },
  { event: projectCreated('p1', 'Payments'), position: 1 },
  { event: projectCreated('p2', 'Search'), position: 1 },
  { event: assignmentCreated('a1', 'e1', 'p1', 60), position: 1 },
  { event: assignmentCreated('a2', 'e2', 'p1', 40), position: 1 },
  { event: assignmentCreated('a3', 'e1', 'p2', 30), position: 1 },
];

describe('applyToPlan', () => {
  it('starts from an empty plan', () => {
    expect(emptyPlan()).toEqual({
      engineers: [], projects: [], assignments: [], timeOff: [], holidays: [], placeholders: [], holidayCalendars: [{ _id: 'default', name: 'Default', version: 0 }], actuals: [],
    });
    expect(emptyPlan()).not.toBe(emptyPlan());
  });

  it('folds a history into engineers, projects and populated assignments', () => {
    const plan = foldPlan(history);
    expect(plan.engineers.map((e) => e._id)).toEqual(['e1', 'e2']);
    expect(plan.projects.map((p) => p._id)).toEqual(['p1', 'p2']);
    expect(plan.assignments).toEqual([
      {
        _id: 'a1',
        engineerId: { _id: 'e1', name: 'Ada', email: 'ada@demo.test' },
        projectId: { _id: 'p1', name: 'Payments', status: 'planning' },
        role: 'Developer',
        allocationPercentage: 60,
        startDate: '2025-07-01T00:00:00.000Z',
        endDate: '2025-08-31T00:00:00.000Z',
        version: 1,
      },
      expect.objectContaining({ _id: 'a2', engineerId: { _id: 'e2', name: 'Grace', email: 'grace@demo.test' } }),
      expect.objectContaining({ _id: 'a3', projectId: { _id: 'p2', name: 'Search', status: 'planning' } }),
    ]);
  });

  it('removes an assignment on AssignmentRemoved and leaves the others', () => {
    const plan = foldPlan([...history, { event: { type: 'AssignmentRemoved', data: { assignmentId: 'a2' } }, position: 2 }]);
    expect(plan.assignments.map((a) => a._id)).toEqual(['a1', 'a3']);
  });

  it('ignores the removal of an assignment it does not hold', () => {
    const before = foldPlan(history);
    const after = applyToPlan(before, { type: 'AssignmentRemoved', data: { assignmentId: 'nope' } }, 2);
    expect(after.assignments).toEqual(before.assignments);
  });

  it('updates an assignment in place, keeping its populated names', () => {
    const plan = foldPlan([
      ...history,
      { event: { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { allocationPercentage: 80 } } }, position: 2 },
    ]);
    expect(plan.assignments[0]).toMatchObject({
      _id: 'a1',
      allocationPercentage: 80,
      version: 2,
      engineerId: { _id: 'e1', name: 'Ada' },
      projectId: { _id: 'p1', name: 'Payments' },
    });
    expect(plan.assignments.map((a) => a._id)).toEqual(['a1', 'a2', 'a3']);
  });

  it('renames a project in every assignment on it, and only those', () => {
    const plan = foldPlan([
      ...history,
      { event: { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'Payments 2.0' } } }, position: 2 },
    ]);
    expect(plan.assignments.map((a) => a.projectId.name)).toEqual(['Payments 2.0', 'Payments 2.0', 'Search']);
    expect(plan.projects[0]).toMatchObject({ name: 'Payments 2.0', version: 2 });
  });

  it('carries a project status change into its assignments', () => {
    const plan = foldPlan([
      ...history,
      { event: { type: 'ProjectStatusChanged', data: { projectId: 'p2', from: 'planning', to: 'active' } }, position: 2 },
    ]);
    expect(plan.assignments.map((a) => a.projectId.status)).toEqual(['planning', 'planning', 'active']);
  });

  it('renames an engineer (and changes the email) in every assignment of theirs, and only those', () => {
    const plan = foldPlan([
      ...history,
      {
        event: { type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { name: 'Ada L.', email: 'al@demo.test' } } },
        position: 2,
      },
    ]);
    expect(plan.assignments.map((a) => a.engineerId)).toEqual([
      { _id: 'e1', name: 'Ada L.', email: 'al@demo.test' },
      { _id: 'e2', name: 'Grace', email: 'grace@demo.test' },
      { _id: 'e1', name: 'Ada L.', email: 'al@demo.test' },
    ]);
  });

  it('fills names in later when an assignment arrives before its engineer or project', () => {
    const early = foldPlan([{ event: assignmentCreated('a1', 'e9', 'p9'), position: 1 }]);
    expect(early.assignments[0]).toMatchObject({
      engineerId: { _id: 'e9', name: '', email: '' },
      projectId: { _id: 'p9', name: '', status: 'planning' },
    });
    const late = foldPlan(
      [
        { event: engineerRegistered('e9', 'Linus'), position: 1 },
        { event: projectCreated('p9', 'Kernel'), position: 1 },
      ],
      early,
    );
    expect(late.assignments[0]).toMatchObject({
      engineerId: { _id: 'e9', name: 'Linus', email: 'linus@demo.test' },
      projectId: { _id: 'p9', name: 'Kernel', status: 'planning' },
    });
  });

  it('gives every entity the version of its own stream', () => {
    const plan = foldPlan([
      ...history,
      { event: { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { teamSize: 5 } } }, position: 2 },
      { event: { type: 'ProjectStatusChanged', data: { projectId: 'p1', from: 'planning', to: 'active' } }, position: 3 },
      { event: { type: 'EngineerProfileUpdated', data: { engineerId: 'e2', changes: { maxCapacity: 50 } } }, position: 2 },
      { event: { type: 'AssignmentUpdated', data: { assignmentId: 'a3', changes: { role: 'Lead' } } }, position: 2 },
    ]);
    expect(Object.fromEntries(plan.projects.map((p) => [p._id, p.version]))).toEqual({ p1: 3, p2: 1 });
    expect(Object.fromEntries(plan.engineers.map((e) => [e._id, e.version]))).toEqual({ e1: 1, e2: 2 });
    expect(Object.fromEntries(plan.assignments.map((a) => [a._id, a.version]))).toEqual({ a1: 1, a2: 1, a3: 2 });
  });

  it('leaves an assignment version alone when its engineer or project changes', () => {
    const plan = foldPlan([
      ...history,
      { event: { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'x' } } }, position: 2 },
      { event: { type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { name: 'y' } } }, position: 2 },
    ]);
    expect(plan.assignments.map((a) => a.version)).toEqual([1, 1, 1]);
  });

  it('ignores updates to entities it does not hold', () => {
    const before = foldPlan(history);
    const after = foldPlan(
      [
        { event: { type: 'ProjectUpdated', data: { projectId: 'p404', changes: { name: 'x' } } }, position: 2 },
        { event: { type: 'EngineerProfileUpdated', data: { engineerId: 'e404', changes: { name: 'x' } } }, position: 2 },
        { event: { type: 'AssignmentUpdated', data: { assignmentId: 'a404', changes: { role: 'x' } } }, position: 2 },
      ],
      before,
    );
    expect(after).toEqual(before);
  });

  it('never mutates the plan it is given', () => {
    const before = foldPlan(history);
    const snapshot = structuredClone(before);
    foldPlan(
      [
        { event: { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'x' } } }, position: 2 },
        { event: { type: 'EngineerProfileUpdated', data: { engineerId: 'e1', changes: { name: 'y' } } }, position: 2 },
        { event: { type: 'AssignmentUpdated', data: { assignmentId: 'a1', changes: { role: 'z' } } }, position: 2 },
        { event: { type: 'AssignmentRemoved', data: { assignmentId: 'a2' } }, position: 2 },
        { event: assignmentCreated('a4', 'e2', 'p2'), position: 1 },
      ],
      before,
    );
    expect(before).toEqual(snapshot);
  });

  it('rebuilds the plan as of a past moment by folding only the events up to it', () => {
    const later: Positioned[] = [
      { event: { type: 'AssignmentRemoved', data: { assignmentId: 'a1' } }, position: 2 },
      { event: { type: 'ProjectUpdated', data: { projectId: 'p1', changes: { name: 'Renamed' } } }, position: 2 },
    ];
    const past = foldPlan(history);
    const present = foldPlan(later, past);
    expect(past.assignments.map((a) => a._id)).toEqual(['a1', 'a2', 'a3']);
    expect(past.projects[0]?.name).toBe('Payments');
    expect(present.assignments.map((a) => [a._id, a.projectId.name])).toEqual([
      ['a2', 'Renamed'],
      ['a3', 'Search'],
    ]);
  });
});

describe('populate / unpopulate', () => {
  const record: AssignmentRecord = {
    _id: 'a1',
    engineerId: 'e1',
    projectId: 'p1',
    role: 'Developer',
    allocationPercentage: 50,
    startDate: '2025-07-01T00:00:00.000Z',
    endDate: '2025-08-31T00:00:00.000Z',
    version: 4,
  };

  it('fills engineer and project from the plan', () => {
    const plan = foldPlan(history);
    expect(populate(record, plan)).toEqual({
      ...record,
      engineerId: { _id: 'e1', name: 'Ada', email: 'ada@demo.test' },
      projectId: { _id: 'p1', name: 'Payments', status: 'planning' },
    });
  });

  it('round-trips to the stored record', () => {
    expect(unpopulate(populate(record, foldPlan(history)))).toEqual(record);
    expect(unpopulate(populate(record, emptyPlan()))).toEqual(record);
  });
});
