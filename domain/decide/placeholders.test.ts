import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import { decideConfirmProject, decideMarkTentative } from './planning.ts';
import {
  decideAddPlaceholder, decideFillPlaceholder, decideRemovePlaceholder, decideUpdatePlaceholder,
} from './placeholders.ts';
import type { Engineer } from '../entities.ts';
import type { PlaceholderAdded, ProjectCreated, ProjectEvent } from '../events.ts';
import { evolveProject, evolveProjectRecord } from '../evolve.ts';
import { addPlaceholderInput, updatePlaceholderInput } from '../inputs.ts';

const projectId = '0190a000-0000-7000-8000-000000000001';
const placeholderId = '0190a000-0000-7000-8000-000000000020';
const assignmentId = '0190a000-0000-7000-8000-000000000002';
const engineerId = '0190a000-0000-7000-8000-000000000003';

const created: ProjectCreated = {
  type: 'ProjectCreated',
  data: {
    projectId, name: 'Payments revamp', description: 'Rebuild the checkout', startDate: '2026-07-01T00:00:00.000Z',
    endDate: '2026-09-30T00:00:00.000Z', teamSize: 4, requiredSkills: ['Go'], status: 'active', managerId: 'm1',
  },
};
const completed: ProjectEvent = { type: 'ProjectStatusChanged', data: { projectId, from: 'active', to: 'completed' } };
const tentative: ProjectEvent = { type: 'ProjectMarkedTentative', data: { projectId } };
const confirmed: ProjectEvent = { type: 'ProjectConfirmed', data: { projectId } };
const added = (overrides: Partial<PlaceholderAdded['data']> = {}): PlaceholderAdded => ({
  type: 'PlaceholderAdded',
  data: {
    placeholderId, projectId, role: 'SRE', skills: ['Kubernetes', 'Go'], allocationPercentage: 50,
    startDate: '2026-07-06T00:00:00.000Z', endDate: '2026-08-31T00:00:00.000Z', ...overrides,
  },
});
const removed: ProjectEvent = { type: 'PlaceholderRemoved', data: { placeholderId, projectId, role: 'SRE' } };
const filled: ProjectEvent = { type: 'PlaceholderFilled', data: { placeholderId, projectId, assignmentId, role: 'SRE' } };
const engineer: Engineer = {
  _id: engineerId, name: 'Ada', email: 'ada@demo.test', department: 'Platform', skills: ['Go'], seniority: 'senior', maxCapacity: 100, version: 1,
};
const addInput = addPlaceholderInput.parse({
  role: ' SRE ', skills: ['Kubernetes', 'Go', 'Go'], allocationPercentage: 50, startDate: '2026-07-06', endDate: '2026-08-31',
});

describe('decideMarkTentative / decideConfirmProject', () => {
  const mark = deciderSpec((state, _: null) => decideMarkTentative(state), evolveProject);
  const confirm = deciderSpec((state, _: null) => decideConfirmProject(state), evolveProject);

  it('marks a confirmed project tentative, and confirms it again', () => {
    mark([created]).when(null).then([tentative]);
    confirm([created, tentative]).when(null).then([confirmed]);
  });

  it('changes nothing when the project already is what is asked', () => {
    mark([created, tentative]).when(null).thenNothing();
    confirm([created]).when(null).thenNothing();
    confirm([created, tentative, confirmed]).when(null).thenNothing();
  });

  it('refuses to mark a completed project tentative, and an unknown project', () => {
    mark([created, completed]).when(null).thenThrows('invalid', 'A completed project cannot be tentative', 'tentative');
    mark([]).when(null).thenThrows('not-found', 'Project not found');
    confirm([]).when(null).thenThrows('not-found', 'Project not found');
  });

  it('a new project is confirmed; the flag follows the events and every event moves the version', () => {
    const fold = (events: ProjectEvent[]) => events.reduce<ReturnType<typeof evolveProject>>((s, e, i) => evolveProject(s, e, i + 1), null);
    expect(fold([created])).toMatchObject({ tentative: false, version: 1 });
    expect(fold([created, tentative])).toMatchObject({ tentative: true, version: 2 });
    expect(fold([created, tentative, added()])).toMatchObject({ tentative: true, version: 3 });
    expect(fold([created, tentative, added(), confirmed])).toMatchObject({ tentative: false, version: 4 });
  });
});

describe('decideAddPlaceholder', () => {
  const spec = deciderSpec(decideAddPlaceholder, evolveProjectRecord);

  it('adds an unfilled need to a project, skills deduplicated', () => {
    spec([created]).when({ placeholderId, input: addInput }).then([added()]);
  });

  it('adds one to a tentative project too', () => {
    spec([created, tentative]).when({ placeholderId, input: addInput }).then([added()]);
  });

  it('refuses a completed project, and an unknown one', () => {
    spec([created, completed]).when({ placeholderId, input: addInput }).thenThrows('invalid', 'A completed project takes no placeholders', 'projectId');
    spec([]).when({ placeholderId, input: addInput }).thenThrows('not-found', 'Project not found');
  });
});

describe('decideUpdatePlaceholder', () => {
  const spec = deciderSpec(decideUpdatePlaceholder, evolveProjectRecord);
  const update = (input: unknown) => ({ placeholderId, input: updatePlaceholderInput.parse(input) });

  it('records only what changed, with the previous values', () => {
    spec([created, added()])
      .when(update({ allocationPercentage: 80, role: 'SRE' }))
      .then([{ type: 'PlaceholderUpdated', data: { placeholderId, projectId, changes: { allocationPercentage: 80 }, previous: { allocationPercentage: 50 } } }]);
  });

  it('appends nothing when nothing changes', () => {
    spec([created, added()]).when(update({ skills: ['Kubernetes', 'Go'], version: 2 })).thenNothing();
  });

  it('given an end date the day before the stored start date, then it is refused: the end cannot be before the start', () => {
    spec([created, added()]).when(update({ endDate: '2026-07-05' })).thenThrows('invalid', 'End date cannot be before start date', 'endDate');
  });

  it('given an end date on the stored start date, then it is accepted: the open role lasts that one day', () => {
    spec([created, added()])
      .when(update({ endDate: '2026-07-06' }))
      .then([{ type: 'PlaceholderUpdated', data: { placeholderId, projectId, changes: { endDate: '2026-07-06T00:00:00.000Z' }, previous: { endDate: '2026-08-31T00:00:00.000Z' } } }]);
  });

  it('a filled or removed placeholder is a conflict; an unknown one is not found', () => {
    spec([created, added(), filled]).when(update({ allocationPercentage: 80 })).thenThrows('conflict', 'This placeholder was already filled');
    spec([created, added(), removed]).when(update({ allocationPercentage: 80 })).thenThrows('conflict', 'This placeholder was removed');
    spec([created]).when(update({ allocationPercentage: 80 })).thenThrows('not-found', 'Placeholder not found');
  });
});

describe('decideRemovePlaceholder', () => {
  const spec = deciderSpec(decideRemovePlaceholder, evolveProjectRecord);

  it('removes an open placeholder, keeping its role for the history; also on a completed project', () => {
    spec([created, added()]).when({ placeholderId }).then([removed]);
    spec([created, added(), completed]).when({ placeholderId }).then([removed]);
  });

  it('refuses one already filled or removed, or unknown', () => {
    spec([created, added(), filled]).when({ placeholderId }).thenThrows('conflict', 'This placeholder was already filled');
    spec([created, added(), removed]).when({ placeholderId }).thenThrows('conflict', 'This placeholder was removed');
    spec([created]).when({ placeholderId }).thenThrows('not-found', 'Placeholder not found');
    spec([]).when({ placeholderId }).thenThrows('not-found', 'Project not found');
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty'])('refuses %s, a name every object inherits, as not found', (id) => {
    spec([created, added()]).when({ placeholderId: id }).thenThrows('not-found', 'Placeholder not found');
  });
});

describe('decideFillPlaceholder', () => {
  const stateOf = (events: ProjectEvent[]) => events.reduce<ReturnType<typeof evolveProjectRecord>>((s, e, i) => evolveProjectRecord(s, e, i + 1), null);
  const fill = (events: ProjectEvent[], who: Engineer | null = engineer) =>
    () => decideFillPlaceholder(stateOf(events), { placeholderId, assignmentId, engineer: who, engineerId });

  it('closes the placeholder and creates the assignment from its role, allocation and dates', () => {
    expect(fill([created, added()])()).toEqual({
      project: [filled],
      assignment: [{
        type: 'AssignmentCreated',
        data: { assignmentId, engineerId, projectId, role: 'SRE', allocationPercentage: 50, startDate: '2026-07-06T00:00:00.000Z', endDate: '2026-08-31T00:00:00.000Z' },
      }],
    });
  });

  it('takes the placeholder as it was last changed', () => {
    const updated: ProjectEvent = { type: 'PlaceholderUpdated', data: { placeholderId, projectId, changes: { allocationPercentage: 30, role: 'Platform SRE' } } };
    const result = fill([created, added(), updated])();
    expect(result.assignment[0]!.data).toMatchObject({ allocationPercentage: 30, role: 'Platform SRE' });
    expect(result.project[0]!.data).toMatchObject({ role: 'Platform SRE' });
  });

  it('refuses, appending nothing: no such engineer, a completed project, a filled, removed or unknown placeholder', () => {
    expect(fill([created, added()], null)).toThrow('Engineer not found');
    expect(fill([created, added(), completed])).toThrow('Cannot assign engineers to a completed project');
    expect(fill([created, added(), filled])).toThrow('This placeholder was already filled');
    expect(fill([created, added(), removed])).toThrow('This placeholder was removed');
    expect(fill([created])).toThrow('Placeholder not found');
    expect(fill([])).toThrow('Project not found');
  });

  it('a filled placeholder folds away: the project keeps no open need and remembers it was filled', () => {
    expect(stateOf([created, added(), filled])).toMatchObject({ placeholders: {}, closed: { [placeholderId]: 'filled' }, project: { version: 3 } });
  });
});
