import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import { draftedCommand, type ScenarioChange } from './commands.ts';
import {
  canReadScenario, createScenarioInput, decideCreateScenario, decideDiscardScenario, decideDraftChange, decidePublishScenario,
  decideRebaseScenario, decideShareScenario, decideUndoChange, evolveScenario, MAX_SCENARIO_CHANGES, type ScenarioEvent,
} from './scenario.ts';

const scenarioId = 'sc-1';
const dana = { id: 'dana', role: 'manager' };
const other = { id: 'omar', role: 'manager' };
const auditor = { id: 'ava', role: 'auditor' };

const created: ScenarioEvent = { type: 'ScenarioCreated', data: { scenarioId, name: 'Win Pipeline', ownerId: 'dana' } };
const change = (changeId: string): ScenarioChange => ({
  changeId,
  command: draftedCommand.parse({ kind: 'confirmProject', projectId: 'prj-pipeline' }),
  base: { 'project-prj-pipeline': 2 },
});
const drafted = (changeId: string): ScenarioEvent => ({ type: 'ScenarioChangeDrafted', data: { scenarioId, change: change(changeId) } });
const published: ScenarioEvent = { type: 'ScenarioPublished', data: { scenarioId, changeIds: ['c1'] } };

describe('decideCreateScenario', () => {
  const spec = deciderSpec(decideCreateScenario, evolveScenario);
  it('creates a private scenario, or a shared one in the same command', () => {
    spec([]).when({ scenarioId, input: createScenarioInput.parse({ name: ' Win Pipeline ' }), actor: dana }).then([created]);
    spec([]).when({ scenarioId, input: createScenarioInput.parse({ name: 'Win Pipeline', shared: true }), actor: dana })
      .then([created, { type: 'ScenarioShared', data: { scenarioId, shared: true } }]);
  });
  it('is a manager’s', () => {
    spec([]).when({ scenarioId, input: { name: 'x', shared: false }, actor: auditor }).thenThrows('forbidden', 'Only managers draft scenarios');
  });
  it('needs a name', () => {
    expect(createScenarioInput.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe('Scenario name is required');
    expect(createScenarioInput.safeParse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe('Scenario name must be at most 100 characters');
  });
});

describe('decideDraftChange / decideUndoChange', () => {
  const draft = deciderSpec(decideDraftChange, evolveScenario);
  const undo = deciderSpec(decideUndoChange, evolveScenario);
  it('appends the change; undo takes one back by id', () => {
    draft([created]).when({ change: change('c1'), actor: dana }).then([drafted('c1')]);
    undo([created, drafted('c1'), drafted('c2')]).when({ changeId: 'c1', actor: dana })
      .then([{ type: 'ScenarioChangeUndone', data: { scenarioId, changeId: 'c1' } }]);
    const state = [created, drafted('c1'), drafted('c2'), { type: 'ScenarioChangeUndone', data: { scenarioId, changeId: 'c1' } } as ScenarioEvent]
      .reduce((s, e, i) => evolveScenario(s, e, i + 1), null as ReturnType<typeof evolveScenario>);
    expect(state?.changes.map((c) => c.changeId)).toEqual(['c2']);
    expect(state?.version).toBe(4);
  });
  it('is its owner’s alone, and only while a draft', () => {
    draft([created]).when({ change: change('c1'), actor: other }).thenThrows('forbidden', 'Only the manager who made this scenario can change it');
    draft([created, drafted('c1'), published]).when({ change: change('c2'), actor: dana })
      .thenThrows('conflict', 'This scenario was published: it can no longer change');
    draft([]).when({ change: change('c1'), actor: dana }).thenThrows('not-found', 'Scenario not found');
  });
  it('refuses an unknown change to undo, a change drafted twice, and more than the maximum', () => {
    undo([created]).when({ changeId: 'nope', actor: dana }).thenThrows('not-found', 'This change is not in the scenario');
    draft([created, drafted('c1')]).when({ change: change('c1'), actor: dana }).thenThrows('conflict', 'This change is already in the scenario');
    const full = [created, ...Array.from({ length: MAX_SCENARIO_CHANGES }, (_, i) => drafted(`c${i}`))];
    draft(full).when({ change: change('one-more'), actor: dana }).thenThrows('invalid', `A scenario holds at most ${MAX_SCENARIO_CHANGES} changes`);
  });
});

describe('decidePublishScenario', () => {
  const spec = deciderSpec(decidePublishScenario, evolveScenario);
  it('publishes every change when none conflicts', () => {
    spec([created, drafted('c1')]).when({ conflicts: [], actor: dana }).then([published]);
  });
  it('publishes nothing while a change conflicts, and says how many', () => {
    const conflicts = [{ changeId: 'c1', streamId: 'project-prj-pipeline', drafted: 2, current: 3 }];
    spec([created, drafted('c1')]).when({ conflicts, actor: dana })
      .thenThrows('conflict', '1 drafted change conflicts with the live plan: rebase the scenario, then publish again');
  });
  it('refuses an empty scenario, someone else’s, and a second publish', () => {
    spec([created]).when({ conflicts: [], actor: dana }).thenThrows('invalid', 'The scenario has no changes to publish');
    spec([created, drafted('c1')]).when({ conflicts: [], actor: other }).thenThrows('forbidden', 'Only the manager who made this scenario can change it');
    spec([created, drafted('c1'), published]).when({ conflicts: [], actor: dana }).thenThrows('conflict', 'This scenario was published: it can no longer change');
  });
});

describe('sharing, rebasing, discarding', () => {
  it('shares and unshares; sharing again changes nothing', () => {
    const spec = deciderSpec(decideShareScenario, evolveScenario);
    spec([created]).when({ shared: true, actor: dana }).then([{ type: 'ScenarioShared', data: { scenarioId, shared: true } }]);
    spec([created]).when({ shared: false, actor: dana }).thenNothing();
  });
  it('replaces the changes with the rebased ones', () => {
    const rebased = { changes: [change('c2')], dropped: [{ changeId: 'c1', message: 'Assignment not found' }] };
    deciderSpec(decideRebaseScenario, evolveScenario)([created, drafted('c1'), drafted('c2')]).when({ rebased, actor: dana })
      .then([{ type: 'ScenarioRebased', data: { scenarioId, ...rebased } }]);
  });
  it('discards; a discarded scenario no longer changes', () => {
    deciderSpec(decideDiscardScenario, evolveScenario)([created]).when({ actor: dana }).then([{ type: 'ScenarioDiscarded', data: { scenarioId } }]);
    deciderSpec(decideDraftChange, evolveScenario)([created, { type: 'ScenarioDiscarded', data: { scenarioId } }])
      .when({ change: change('c1'), actor: dana }).thenThrows('conflict', 'This scenario was discarded: it can no longer change');
  });
});

describe('canReadScenario', () => {
  it('lets the owner read it, and other managers and auditors once it is shared, never an engineer', () => {
    const state = evolveScenario(null, created, 1)!;
    expect([dana, other, auditor].map((who) => canReadScenario(state, who))).toEqual([true, false, false]);
    const shared = { ...state, shared: true };
    expect([dana, other, auditor, { id: 'eng', role: 'engineer' }].map((who) => canReadScenario(shared, who))).toEqual([true, true, true, false]);
  });
});
