import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import type { AssignmentRecord, Engineer, Project } from '../entities.ts';
import type {
  AssignmentCreated, AssignmentEvent, EngineerEvent, EngineerRegistered, ProjectCreated, ProjectEvent,
} from '../events.ts';
import { evolveAssignment, evolveEngineer, evolveProject } from '../evolve.ts';
import {
  decideCreateAssignment, decideCreateProject, decideRegisterEngineer, decideRemoveAssignment,
  decideUpdateAssignment, decideUpdateEngineer, decideUpdateProject,
} from './planning.ts';
import {
  createAssignmentInput, createProjectInput, registerEngineerInput, updateAssignmentInput, updateEngineerInput,
  updateProjectInput,
} from '../inputs.ts';

// ---- fixtures

const projectId = '0190a000-0000-7000-8000-000000000001';
const assignmentId = '0190a000-0000-7000-8000-000000000002';
const engineerId = '0190a000-0000-7000-8000-000000000003';
const otherEngineerId = '0190a000-0000-7000-8000-000000000004';
const managerId = '0190a000-0000-7000-8000-000000000005';

const projectInput = createProjectInput.parse({
  name: 'Payments revamp',
  description: 'Rebuild the checkout and payment flow',
  startDate: '2025-07-01',
  endDate: '2025-09-30',
  teamSize: 4,
  requiredSkills: ['React', 'Node.js'],
  status: 'planning',
});

const projectCreated = (overrides: Partial<ProjectCreated['data']> = {}): ProjectCreated => ({
  type: 'ProjectCreated',
  data: {
    projectId,
    name: 'Payments revamp',
    description: 'Rebuild the checkout and payment flow',
    startDate: '2025-07-01T00:00:00.000Z',
    endDate: '2025-09-30T00:00:00.000Z',
    teamSize: 4,
    requiredSkills: ['React', 'Node.js'],
    status: 'planning',
    managerId,
    ...overrides,
  },
});

const statusChanged = (from: Project['status'], to: Project['status']): ProjectEvent => ({
  type: 'ProjectStatusChanged',
  data: { projectId, from, to },
});

const engineerRegistered = (overrides: Partial<EngineerRegistered['data']> = {}): EngineerRegistered => ({
  type: 'EngineerRegistered',
  data: {
    engineerId,
    name: 'Ada Lovelace',
    email: 'ada@demo.test',
    department: 'Platform',
    skills: ['TypeScript', 'PostgreSQL'],
    seniority: 'senior',
    maxCapacity: 100,
    ...overrides,
  },
});

const assignmentCreated = (overrides: Partial<AssignmentCreated['data']> = {}): AssignmentCreated => ({
  type: 'AssignmentCreated',
  data: {
    assignmentId,
    engineerId,
    projectId,
    role: 'Backend developer',
    allocationPercentage: 50,
    startDate: '2025-07-01T00:00:00.000Z',
    endDate: '2025-08-31T00:00:00.000Z',
    ...overrides,
  },
});

const engineer = (overrides: Partial<Engineer> = {}): Engineer => ({
  ...evolveEngineer(null, engineerRegistered(), 1)!,
  ...overrides,
});
const project = (overrides: Partial<Project> = {}): Project => ({
  ...evolveProject(null, projectCreated(), 1)!,
  ...overrides,
});

// ---- project stream

describe('decideCreateProject', () => {
  const spec = deciderSpec(decideCreateProject, evolveProject);

  it('creates a project on an empty stream, with the manager of the command', () => {
    spec([])
      .when({ projectId, input: projectInput, managerId })
      .then([projectCreated()]);
  });

  it('ignores a managerId sent in the payload: the current user is the manager', () => {
    spec([])
      .when({ projectId, input: { ...projectInput, managerId: 'someone-else' }, managerId })
      .then([projectCreated()]);
  });

  it('keeps the status chosen at creation', () => {
    spec([])
      .when({ projectId, input: { ...projectInput, status: 'active' }, managerId })
      .then([projectCreated({ status: 'active' })]);
  });

  it('refuses to create the same project twice', () => {
    spec([projectCreated()])
      .when({ projectId, input: projectInput, managerId })
      .thenThrows('conflict', 'Project already exists');
  });
});

describe('decideUpdateProject', () => {
  const spec = deciderSpec(decideUpdateProject, evolveProject);
  const update = (input: unknown) => updateProjectInput.parse(input);

  it('refuses a project that does not exist', () => {
    spec([]).when(update({ name: 'x' })).thenThrows('not-found', 'Project not found');
  });

  it('records a rename as ProjectUpdated with only that change', () => {
    spec([projectCreated()])
      .when(update({ name: 'Payments 2.0' }))
      .then([{ type: 'ProjectUpdated', data: { projectId, changes: { name: 'Payments 2.0' }, previous: { name: 'Payments revamp' } } }]);
  });

  it('leaves out fields sent with their current value', () => {
    spec([projectCreated()])
      .when(update({
        name: 'Payments revamp',
        description: 'A longer description of the work',
        teamSize: 4,
        requiredSkills: ['React', 'Node.js'],
        startDate: '2025-07-01',
      }))
      .then([{ type: 'ProjectUpdated', data: { projectId, changes: { description: 'A longer description of the work' }, previous: { description: 'Rebuild the checkout and payment flow' } } }]);
  });

  it('appends nothing when the update changes nothing', () => {
    spec([projectCreated()])
      .when(update({ name: 'Payments revamp', teamSize: 4, status: 'planning', requiredSkills: ['React', 'Node.js'] }))
      .thenNothing();
  });

  it('appends nothing for an empty update', () => {
    spec([projectCreated()]).when(update({})).thenNothing();
  });

  it('treats a reordered skill list as a change', () => {
    spec([projectCreated()])
      .when(update({ requiredSkills: ['Node.js', 'React'] }))
      .then([{ type: 'ProjectUpdated', data: { projectId, changes: { requiredSkills: ['Node.js', 'React'] }, previous: { requiredSkills: ['React', 'Node.js'] } } }]);
  });

  it('moves planning -> active', () => {
    spec([projectCreated()]).when(update({ status: 'active' })).then([statusChanged('planning', 'active')]);
  });

  it('moves active -> completed', () => {
    spec([projectCreated(), statusChanged('planning', 'active')])
      .when(update({ status: 'completed' }))
      .then([statusChanged('active', 'completed')]);
  });

  it('reopens completed -> active', () => {
    spec([projectCreated(), statusChanged('planning', 'active'), statusChanged('active', 'completed')])
      .when(update({ status: 'active' }))
      .then([statusChanged('completed', 'active')]);
  });

  it('starts from the status chosen at creation', () => {
    spec([projectCreated({ status: 'active' })])
      .when(update({ status: 'completed' }))
      .then([statusChanged('active', 'completed')]);
  });

  it('refuses planning -> completed', () => {
    spec([projectCreated()])
      .when(update({ status: 'completed' }))
      .thenThrows('invalid', 'A planning project cannot move to completed', 'status');
  });

  it('refuses active -> planning', () => {
    spec([projectCreated(), statusChanged('planning', 'active')])
      .when(update({ status: 'planning' }))
      .thenThrows('invalid', 'An active project cannot move to planning', 'status');
  });

  it('refuses completed -> planning', () => {
    spec([projectCreated({ status: 'completed' })])
      .when(update({ status: 'planning' }))
      .thenThrows('invalid', 'A completed project cannot move to planning', 'status');
  });

  it('appends nothing when the status is set to the current one', () => {
    spec([projectCreated(), statusChanged('planning', 'active')]).when(update({ status: 'active' })).thenNothing();
  });

  it('records field changes first and the status move second', () => {
    spec([projectCreated()])
      .when(update({ teamSize: 6, status: 'active' }))
      .then([
        { type: 'ProjectUpdated', data: { projectId, changes: { teamSize: 6 }, previous: { teamSize: 4 } } },
        statusChanged('planning', 'active'),
      ]);
  });

  it('appends nothing at all when the status move is refused, even with other changes', () => {
    spec([projectCreated()])
      .when(update({ name: 'Renamed', status: 'completed' }))
      .thenThrows('invalid', 'A planning project cannot move to completed', 'status');
  });

  it('refuses a new end date before the stored start date', () => {
    spec([projectCreated()])
      .when(update({ endDate: '2025-06-01' }))
      .thenThrows('invalid', 'End date must be after start date', 'endDate');
  });

  it('refuses a new start date on or after the stored end date', () => {
    spec([projectCreated()])
      .when(update({ startDate: '2025-09-30' }))
      .thenThrows('invalid', 'End date must be after start date', 'endDate');
  });

  it('accepts moving both dates together', () => {
    spec([projectCreated()])
      .when(update({ startDate: '2026-01-01', endDate: '2026-03-01' }))
      .then([{
        type: 'ProjectUpdated',
        data: {
          projectId,
          changes: { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-03-01T00:00:00.000Z' },
          previous: { startDate: '2025-07-01T00:00:00.000Z', endDate: '2025-09-30T00:00:00.000Z' },
        },
      }]);
  });
});

// ---- assignment stream

describe('decideCreateAssignment', () => {
  const spec = deciderSpec(decideCreateAssignment, evolveAssignment);
  const input = createAssignmentInput.parse({
    engineerId,
    projectId,
    role: 'Backend developer',
    allocationPercentage: 50,
    startDate: '2025-07-01',
    endDate: '2025-08-31',
  });

  it('assigns an engineer to a planning project', () => {
    spec([])
      .when({ assignmentId, input, engineer: engineer(), project: project() })
      .then([assignmentCreated()]);
  });

  it('assigns an engineer to an active project', () => {
    spec([])
      .when({ assignmentId, input, engineer: engineer(), project: project({ status: 'active' }) })
      .then([assignmentCreated()]);
  });

  it('refuses to create the same assignment twice', () => {
    spec([assignmentCreated()])
      .when({ assignmentId, input, engineer: engineer(), project: project() })
      .thenThrows('conflict', 'Assignment already exists');
  });

  it('refuses an engineer that does not exist', () => {
    spec([])
      .when({ assignmentId, input, engineer: null, project: project() })
      .thenThrows('invalid', 'Engineer not found', 'engineerId');
  });

  it('refuses a project that does not exist', () => {
    spec([])
      .when({ assignmentId, input, engineer: engineer(), project: null })
      .thenThrows('invalid', 'Project not found', 'projectId');
  });

  it('refuses a completed project', () => {
    spec([])
      .when({ assignmentId, input, engineer: engineer(), project: project({ status: 'completed' }) })
      .thenThrows('invalid', 'Cannot assign engineers to a completed project', 'projectId');
  });
});

describe('decideUpdateAssignment', () => {
  const spec = deciderSpec(decideUpdateAssignment, evolveAssignment);
  const update = (input: unknown) => updateAssignmentInput.parse(input);

  it('refuses an assignment that does not exist', () => {
    spec([])
      .when({ input: update({ role: 'Lead' }), project: project() })
      .thenThrows('not-found', 'Assignment not found');
  });

  it('refuses an assignment that was removed', () => {
    spec([assignmentCreated(), { type: 'AssignmentRemoved', data: { assignmentId } }])
      .when({ input: update({ role: 'Lead' }), project: project() })
      .thenThrows('not-found', 'Assignment not found');
  });

  it('records only the changed fields', () => {
    spec([assignmentCreated()])
      .when({ input: update({ role: 'Backend developer', allocationPercentage: 80 }), project: project() })
      .then([{ type: 'AssignmentUpdated', data: { assignmentId, changes: { allocationPercentage: 80 }, previous: { allocationPercentage: 50 } } }]);
  });

  it('appends nothing when nothing changes', () => {
    spec([assignmentCreated()])
      .when({ input: update({ allocationPercentage: 50, startDate: '2025-07-01' }), project: project() })
      .thenNothing();
  });

  it('builds on earlier updates', () => {
    spec([
      assignmentCreated(),
      { type: 'AssignmentUpdated', data: { assignmentId, changes: { allocationPercentage: 80 } } },
    ])
      .when({ input: update({ allocationPercentage: 80 }), project: project() })
      .thenNothing();
  });

  it('refuses changes on a completed project', () => {
    spec([assignmentCreated()])
      .when({ input: update({ allocationPercentage: 80 }), project: project({ status: 'completed' }) })
      .thenThrows('invalid', 'Cannot assign engineers to a completed project', 'projectId');
  });

  it('given an end date on the stored start date, then it is accepted: the assignment lasts that one day', () => {
    spec([assignmentCreated()])
      .when({ input: update({ endDate: '2025-07-01' }), project: project() })
      .then([{ type: 'AssignmentUpdated', data: { assignmentId, changes: { endDate: '2025-07-01T00:00:00.000Z' }, previous: { endDate: '2025-08-31T00:00:00.000Z' } } }]);
  });

  it('given an end date the day before the stored start date, then it is refused: the end cannot be before the start', () => {
    spec([assignmentCreated()])
      .when({ input: update({ endDate: '2025-06-30' }), project: project() })
      .thenThrows('invalid', 'End date cannot be before start date', 'endDate');
  });

  it('given a start date on the stored end date, then it is accepted (one day); the day after it, refused', () => {
    spec([assignmentCreated()])
      .when({ input: update({ startDate: '2025-08-31' }), project: project() })
      .then([{ type: 'AssignmentUpdated', data: { assignmentId, changes: { startDate: '2025-08-31T00:00:00.000Z' }, previous: { startDate: '2025-07-01T00:00:00.000Z' } } }]);
    spec([assignmentCreated()])
      .when({ input: update({ startDate: '2025-09-01' }), project: project() })
      .thenThrows('invalid', 'End date cannot be before start date', 'endDate');
  });

  it('hands the assignment to another engineer, recording whom it was taken from', () => {
    spec([assignmentCreated()])
      .when({ input: update({ engineerId: otherEngineerId }), project: project(), engineer: engineer({ _id: otherEngineerId }) })
      .then([{ type: 'AssignmentUpdated', data: { assignmentId, changes: { engineerId: otherEngineerId }, previous: { engineerId } } }]);
  });

  it('a reassignment with new dates is one event with both', () => {
    spec([assignmentCreated()])
      .when({ input: update({ engineerId: otherEngineerId, endDate: '2025-09-15' }), project: project(), engineer: engineer({ _id: otherEngineerId }) })
      .then([{
        type: 'AssignmentUpdated',
        data: { assignmentId, changes: { engineerId: otherEngineerId, endDate: '2025-09-15T00:00:00.000Z' }, previous: { engineerId, endDate: '2025-08-31T00:00:00.000Z' } },
      }]);
  });

  it('refuses to hand the assignment to an engineer who does not exist', () => {
    spec([assignmentCreated()])
      .when({ input: update({ engineerId: otherEngineerId }), project: project(), engineer: null })
      .thenThrows('invalid', 'Engineer not found', 'engineerId');
  });

  it('naming the engineer it already has changes nothing (and needs no lookup)', () => {
    spec([assignmentCreated()])
      .when({ input: update({ engineerId }), project: project() })
      .thenNothing();
  });

  it('after a reassignment the stream belongs to the new engineer', () => {
    spec([assignmentCreated(), { type: 'AssignmentUpdated', data: { assignmentId, changes: { engineerId: otherEngineerId }, previous: { engineerId } } }])
      .when({ input: update({ engineerId }), project: project(), engineer: engineer() })
      .then([{ type: 'AssignmentUpdated', data: { assignmentId, changes: { engineerId }, previous: { engineerId: otherEngineerId } } }]);
  });
});

describe('decideRemoveAssignment', () => {
  const spec = deciderSpec((state: AssignmentRecord | null, _command: void) => decideRemoveAssignment(state), evolveAssignment);

  it('removes an existing assignment', () => {
    spec([assignmentCreated()]).when().then([{ type: 'AssignmentRemoved', data: { assignmentId } }]);
  });

  it('refuses an assignment that does not exist', () => {
    spec([]).when().thenThrows('not-found', 'Assignment not found');
  });

  it('refuses to remove the same assignment twice', () => {
    spec([assignmentCreated(), { type: 'AssignmentRemoved', data: { assignmentId } }])
      .when()
      .thenThrows('not-found', 'Assignment not found');
  });
});

// ---- engineer stream

describe('decideRegisterEngineer', () => {
  const spec = deciderSpec(decideRegisterEngineer, evolveEngineer);
  const password = 'correct horse battery staple';
  const input = registerEngineerInput.parse({
    name: 'Ada Lovelace',
    email: 'ADA@demo.test',
    department: 'Platform',
    skills: ['TypeScript', 'PostgreSQL'],
    seniority: 'senior',
    maxCapacity: 100,
    password,
  });

  it('registers an engineer, with the email lower-cased', () => {
    spec([]).when({ engineerId, input }).then([engineerRegistered()]);
  });

  it('never puts the password into the event', () => {
    const [event] = decideRegisterEngineer(null, { engineerId, input });
    expect(event?.data).not.toHaveProperty('password');
    expect(JSON.stringify(event)).not.toContain(password);
  });

  it('refuses to register the same engineer twice', () => {
    spec([engineerRegistered()]).when({ engineerId, input }).thenThrows('conflict', 'Engineer already exists');
  });
});

describe('decideUpdateEngineer', () => {
  const spec = deciderSpec(decideUpdateEngineer, evolveEngineer);
  const update = (input: unknown) => updateEngineerInput.parse(input);
  const manager = { id: managerId, role: 'manager' };
  const self = { id: engineerId, role: 'engineer' };
  const forbidden = 'Engineers may change only their own skills';

  it('refuses an engineer that does not exist', () => {
    spec([]).when({ input: update({ name: 'x' }), actor: manager }).thenThrows('not-found', 'Engineer not found');
  });

  it('lets a manager change planning data, recording only what changed', () => {
    spec([engineerRegistered()])
      .when({ input: update({ name: 'Ada Lovelace', maxCapacity: 50, seniority: 'mid' }), actor: manager })
      .then([{ type: 'EngineerProfileUpdated', data: { engineerId, changes: { maxCapacity: 50, seniority: 'mid' }, previous: { maxCapacity: 100, seniority: 'senior' } } }]);
  });

  it('keeps the department when a manager changes only skills', () => {
    spec([engineerRegistered()])
      .when({ input: update({ skills: ['TypeScript', 'Go'] }), actor: manager })
      .then([{ type: 'EngineerProfileUpdated', data: { engineerId, changes: { skills: ['TypeScript', 'Go'] }, previous: { skills: ['TypeScript', 'PostgreSQL'] } } }]);
  });

  it('appends nothing when a manager changes nothing', () => {
    spec([engineerRegistered()])
      .when({ input: update({ name: 'Ada Lovelace', department: 'Platform', maxCapacity: 100 }), actor: manager })
      .thenNothing();
  });

  it('lets an engineer change their own skills', () => {
    spec([engineerRegistered()])
      .when({ input: update({ skills: ['TypeScript', 'PostgreSQL', 'Rust'] }), actor: self })
      .then([{
        type: 'EngineerProfileUpdated',
        data: { engineerId, changes: { skills: ['TypeScript', 'PostgreSQL', 'Rust'] }, previous: { skills: ['TypeScript', 'PostgreSQL'] } },
      }]);
  });

  it('appends nothing when an engineer resubmits the same skills', () => {
    spec([engineerRegistered()])
      .when({ input: update({ skills: ['TypeScript', 'PostgreSQL'] }), actor: self })
      .thenNothing();
  });

  it('forbids an engineer to change their own name', () => {
    spec([engineerRegistered()])
      .when({ input: update({ name: 'Countess Lovelace' }), actor: self })
      .thenThrows('forbidden', forbidden);
  });

  it('forbids an engineer to change their own capacity alongside skills', () => {
    spec([engineerRegistered()])
      .when({ input: update({ skills: ['Go'], maxCapacity: 100 }), actor: self })
      .thenThrows('forbidden', forbidden);
  });

  it("forbids an engineer to change someone else's skills", () => {
    spec([engineerRegistered()])
      .when({ input: update({ skills: ['Go'] }), actor: { id: otherEngineerId, role: 'engineer' } })
      .thenThrows('forbidden', forbidden);
  });

  it('forbids an auditor any change', () => {
    spec([engineerRegistered()])
      .when({ input: update({ skills: ['Go'] }), actor: { id: 'auditor-1', role: 'auditor' } })
      .thenThrows('forbidden', forbidden);
  });

  it('builds on earlier profile updates', () => {
    spec([
      engineerRegistered(),
      { type: 'EngineerProfileUpdated', data: { engineerId, changes: { skills: ['Go'] } } },
    ])
      .when({ input: update({ skills: ['Go'] }), actor: self })
      .thenNothing();
  });
});

describe('every event a decide function returns is one its stream folds', () => {
  it('folds a whole project life', () => {
    const created = decideCreateProject(null, { projectId, input: projectInput, managerId });
    let state = created.reduce<Project | null>((s, e) => evolveProject(s, e, 1), null);
    const moved = decideUpdateProject(state, updateProjectInput.parse({ name: 'Payments 2.0', status: 'active' }));
    state = moved.reduce<Project | null>((s, e, i) => evolveProject(s, e, 2 + i), state);
    expect(state).toMatchObject({ _id: projectId, name: 'Payments 2.0', status: 'active', version: 3 });
  });

  it('folds an engineer registration without a password', () => {
    const events: EngineerEvent[] = decideRegisterEngineer(null, {
      engineerId,
      input: registerEngineerInput.parse({ name: 'Grace', email: 'grace@demo.test', seniority: 'mid', maxCapacity: 50, password: '12345678' }),
    });
    const state = events.reduce<Engineer | null>((s, e) => evolveEngineer(s, e, 1), null);
    expect(state).toEqual({
      _id: engineerId, name: 'Grace', email: 'grace@demo.test', department: 'Engineering', skills: [],
      seniority: 'mid', maxCapacity: 50, version: 1,
    });
  });

  it('folds an assignment from created to removed', () => {
    const events: AssignmentEvent[] = [assignmentCreated()];
    let state = events.reduce<AssignmentRecord | null>((s, e) => evolveAssignment(s, e, 1), null);
    const removed = decideRemoveAssignment(state);
    state = removed.reduce<AssignmentRecord | null>((s, e) => evolveAssignment(s, e, 2), state);
    expect(state).toBeNull();
  });
});

// ---- rules the blocks above leave out

describe('decide: the remaining rules', () => {
  const createAssignment = deciderSpec(decideCreateAssignment, evolveAssignment);
  const updateAssignment = deciderSpec(decideUpdateAssignment, evolveAssignment);
  const updateProject = deciderSpec(decideUpdateProject, evolveProject);
  const updateEngineer = deciderSpec(decideUpdateEngineer, evolveEngineer);
  const assignmentInput = createAssignmentInput.parse({
    engineerId, projectId, role: 'Backend developer', allocationPercentage: 50, startDate: '2025-07-01', endDate: '2025-08-31',
  });

  it('create assignment: with neither engineer nor project, the engineer is named first', () => {
    createAssignment([])
      .when({ assignmentId, input: assignmentInput, engineer: null, project: null })
      .thenThrows('invalid', 'Engineer not found', 'engineerId');
  });

  it('create assignment: an unknown engineer is named before a completed project', () => {
    createAssignment([])
      .when({ assignmentId, input: assignmentInput, engineer: null, project: project({ status: 'completed' }) })
      .thenThrows('invalid', 'Engineer not found', 'engineerId');
  });

  it('create assignment: a project reopened after completion takes assignments again', () => {
    const reopened = [projectCreated(), statusChanged('planning', 'active'), statusChanged('active', 'completed'), statusChanged('completed', 'active')]
      .reduce<Project | null>((s, e, i) => evolveProject(s, e, i + 1), null)!;
    createAssignment([])
      .when({ assignmentId, input: assignmentInput, engineer: engineer(), project: reopened })
      .then([assignmentCreated()]);
  });

  it('update assignment: a removed assignment is not found, whatever its project', () => {
    updateAssignment([assignmentCreated(), { type: 'AssignmentRemoved', data: { assignmentId } }])
      .when({ input: updateAssignmentInput.parse({ role: 'Lead' }), project: project({ status: 'completed' }) })
      .thenThrows('not-found', 'Assignment not found');
  });

  it('update assignment: moving both dates past the stored end is accepted', () => {
    const events = decideUpdateAssignment(evolveAssignment(null, assignmentCreated(), 1), {
      input: updateAssignmentInput.parse({ startDate: '2025-10-01', endDate: '2025-12-31' }),
      project: project({ status: 'active' }),
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'AssignmentUpdated',
      data: { assignmentId, changes: { startDate: '2025-10-01T00:00:00.000Z', endDate: '2025-12-31T00:00:00.000Z' } },
    });
  });

  it('update assignment: a new start date the day after the stored end date is refused; one on it is a one-day assignment', () => {
    updateAssignment([assignmentCreated()])
      .when({ input: updateAssignmentInput.parse({ startDate: '2025-09-01' }), project: project() })
      .thenThrows('invalid', 'End date cannot be before start date', 'endDate');
    const events = decideUpdateAssignment(evolveAssignment(null, assignmentCreated(), 1), {
      input: updateAssignmentInput.parse({ startDate: '2025-08-31' }),
      project: project({ status: 'active' }),
    });
    expect(events).toMatchObject([{ type: 'AssignmentUpdated', data: { changes: { startDate: '2025-08-31T00:00:00.000Z' } } }]);
  });

  it('update assignment: a change that only repeats the version appends nothing', () => {
    updateAssignment([assignmentCreated()]).when({ input: updateAssignmentInput.parse({ version: 1 }), project: project() }).thenNothing();
  });

  it('update project: a reopened project may complete again', () => {
    updateProject([projectCreated(), statusChanged('planning', 'active'), statusChanged('active', 'completed'), statusChanged('completed', 'active')])
      .when(updateProjectInput.parse({ status: 'completed' }))
      .then([statusChanged('active', 'completed')]);
  });

  it('update project: a completed project cannot skip back to planning even with a valid field change', () => {
    updateProject([projectCreated({ status: 'active' }), statusChanged('active', 'completed')])
      .when(updateProjectInput.parse({ teamSize: 3, status: 'planning' }))
      .thenThrows('invalid', 'A completed project cannot move to planning', 'status');
  });

  it('update project: the date rule is judged before the status move', () => {
    updateProject([projectCreated()])
      .when(updateProjectInput.parse({ endDate: '2025-06-01', status: 'active' }))
      .thenThrows('invalid', 'End date must be after start date', 'endDate');
  });

  it('update engineer: an engineer sending only the version changes nothing and is not refused', () => {
    updateEngineer([engineerRegistered()])
      .when({ input: updateEngineerInput.parse({ version: 1 }), actor: { id: engineerId, role: 'engineer' } })
      .thenNothing();
  });

  it('update engineer: an engineer may not send another field even with its current value', () => {
    updateEngineer([engineerRegistered()])
      .when({ input: updateEngineerInput.parse({ skills: ['Go'], department: 'Platform' }), actor: { id: engineerId, role: 'engineer' } })
      .thenThrows('forbidden', 'Engineers may change only their own skills');
  });

  it('update engineer: an auditor is refused even an empty change', () => {
    updateEngineer([engineerRegistered()])
      .when({ input: updateEngineerInput.parse({}), actor: { id: 'auditor-1', role: 'auditor' } })
      .thenThrows('forbidden', 'Engineers may change only their own skills');
  });

  it('update engineer: a manager changes department and skills (deduplicated) of an engineer', () => {
    const events = decideUpdateEngineer(evolveEngineer(null, engineerRegistered(), 1), {
      input: updateEngineerInput.parse({ department: 'Data', skills: ['Python', 'Python'] }),
      actor: { id: managerId, role: 'manager' },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'EngineerProfileUpdated', data: { engineerId, changes: { department: 'Data', skills: ['Python'] } } });
  });
});
