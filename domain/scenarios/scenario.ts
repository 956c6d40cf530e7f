import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { wellFormedText } from '../text.ts';
import type { ScenarioChange } from './commands.ts';
import type { PublishConflict, Rebased } from './fold.ts';

/**
 * A scenario's own stream: who drafted it, whether other managers and auditors may read it, and its
 * ordered changes. These events never touch the live plan; publishing appends the changes' own events
 * to the live streams, each carrying the scenario's id.
 */
export type ScenarioCreated = { type: 'ScenarioCreated'; data: { scenarioId: string; name: string; ownerId: string } };
export type ScenarioShared = { type: 'ScenarioShared'; data: { scenarioId: string; shared: boolean } };
export type ScenarioChangeDrafted = { type: 'ScenarioChangeDrafted'; data: { scenarioId: string; change: ScenarioChange } };
export type ScenarioChangeUndone = { type: 'ScenarioChangeUndone'; data: { scenarioId: string; changeId: string } };
export type ScenarioRebased = { type: 'ScenarioRebased'; data: { scenarioId: string } & Rebased };
export type ScenarioPublished = { type: 'ScenarioPublished'; data: { scenarioId: string; changeIds: string[] } };
export type ScenarioDiscarded = { type: 'ScenarioDiscarded'; data: { scenarioId: string } };
export type ScenarioEvent =
  | ScenarioCreated | ScenarioShared | ScenarioChangeDrafted | ScenarioChangeUndone | ScenarioRebased | ScenarioPublished | ScenarioDiscarded;

export const scenarioStatuses = ['draft', 'published', 'discarded'] as const;
export type Scenario = {
  _id: string;
  name: string;
  ownerId: string;
  shared: boolean;
  status: (typeof scenarioStatuses)[number];
  changes: ScenarioChange[];
  version: number;
};

export const scenarioMessages = {
  nameRequired: 'Scenario name is required',
  nameTooLong: 'Scenario name must be at most 100 characters',
  notFound: 'Scenario not found',
  ownerOnly: 'Only the manager who made this scenario can change it',
  closed: (status: string) => `This scenario was ${status}: it can no longer change`,
  changeNotFound: 'This change is not in the scenario',
  nothingToPublish: 'The scenario has no changes to publish',
  tooManyChanges: (max: number) => `A scenario holds at most ${max} changes`,
  conflicts: (n: number) => `${n} drafted change${n === 1 ? '' : 's'} conflict${n === 1 ? 's' : ''} with the live plan: rebase the scenario, then publish again`,
} as const;
const S = scenarioMessages;

export const MAX_SCENARIO_CHANGES = 200;

export const createScenarioInput = z.object({
  name: wellFormedText('Scenario name', S.nameRequired).trim().min(1, S.nameRequired).max(100, S.nameTooLong),
  shared: z.boolean().default(false),
});
export type CreateScenarioInput = z.output<typeof createScenarioInput>;

export function evolveScenario(state: Scenario | null, event: ScenarioEvent, version: number): Scenario | null {
  switch (event.type) {
    case 'ScenarioCreated': {
      const { scenarioId, name, ownerId } = event.data;
      return { _id: scenarioId, name, ownerId, shared: false, status: 'draft', changes: [], version };
    }
    case 'ScenarioShared':
      return state && { ...state, shared: event.data.shared, version };
    case 'ScenarioChangeDrafted':
      return state && { ...state, changes: [...state.changes, event.data.change], version };
    case 'ScenarioChangeUndone':
      return state && { ...state, changes: state.changes.filter((c) => c.changeId !== event.data.changeId), version };
    case 'ScenarioRebased':
      return state && { ...state, changes: event.data.changes, version };
    case 'ScenarioPublished':
      return state && { ...state, status: 'published', version };
    case 'ScenarioDiscarded':
      return state && { ...state, status: 'discarded', version };
    default:
      return assertNoScenarioEvent(event);
  }
}

function assertNoScenarioEvent(event: never): never {
  throw new Error(`Unhandled scenario event: ${JSON.stringify((event as { type?: unknown })?.type)}`);
}

type Actor = { id: string; role: string };

/** Only its owner changes a scenario, and only while it is a draft. */
function ownOpen(state: Scenario | null, actor: Actor): Scenario {
  if (!state) throw new DomainError('not-found', S.notFound);
  if (state.ownerId !== actor.id || actor.role !== 'manager') throw new DomainError('forbidden', S.ownerOnly);
  if (state.status !== 'draft') throw new DomainError('conflict', S.closed(state.status));
  return state;
}

/** Who may read a scenario: its owner, and other managers and auditors once it is shared. */
export const canReadScenario = (state: Scenario, viewer: Actor) =>
  state.ownerId === viewer.id || (state.shared && (viewer.role === 'manager' || viewer.role === 'auditor'));

export function decideCreateScenario(state: Scenario | null, command: { scenarioId: string; input: CreateScenarioInput; actor: Actor }): ScenarioEvent[] {
  if (state) throw new DomainError('conflict', 'Scenario already exists');
  if (command.actor.role !== 'manager') throw new DomainError('forbidden', 'Only managers draft scenarios');
  const created: ScenarioEvent = { type: 'ScenarioCreated', data: { scenarioId: command.scenarioId, name: command.input.name, ownerId: command.actor.id } };
  return command.input.shared ? [created, { type: 'ScenarioShared', data: { scenarioId: command.scenarioId, shared: true } }] : [created];
}

export function decideShareScenario(state: Scenario | null, command: { shared: boolean; actor: Actor }): ScenarioEvent[] {
  const scenario = ownOpen(state, command.actor);
  return scenario.shared === command.shared ? [] : [{ type: 'ScenarioShared', data: { scenarioId: scenario._id, shared: command.shared } }];
}

/** `change` was built by draftChange, which already refused a change that does not apply on the scenario. */
export function decideDraftChange(state: Scenario | null, command: { change: ScenarioChange; actor: Actor }): ScenarioEvent[] {
  const scenario = ownOpen(state, command.actor);
  if (scenario.changes.length >= MAX_SCENARIO_CHANGES) throw new DomainError('invalid', S.tooManyChanges(MAX_SCENARIO_CHANGES));
  if (scenario.changes.some((c) => c.changeId === command.change.changeId)) throw new DomainError('conflict', 'This change is already in the scenario');
  return [{ type: 'ScenarioChangeDrafted', data: { scenarioId: scenario._id, change: command.change } }];
}

export function decideUndoChange(state: Scenario | null, command: { changeId: string; actor: Actor }): ScenarioEvent[] {
  const scenario = ownOpen(state, command.actor);
  if (!scenario.changes.some((c) => c.changeId === command.changeId)) throw new DomainError('not-found', S.changeNotFound);
  return [{ type: 'ScenarioChangeUndone', data: { scenarioId: scenario._id, changeId: command.changeId } }];
}

export function decideRebaseScenario(state: Scenario | null, command: { rebased: Rebased; actor: Actor }): ScenarioEvent[] {
  const scenario = ownOpen(state, command.actor);
  return [{ type: 'ScenarioRebased', data: { scenarioId: scenario._id, ...command.rebased } }];
}

/** Refused while any change conflicts: publishing is all of the scenario or nothing. */
export function decidePublishScenario(state: Scenario | null, command: { conflicts: readonly PublishConflict[]; actor: Actor }): ScenarioEvent[] {
  const scenario = ownOpen(state, command.actor);
  if (scenario.changes.length === 0) throw new DomainError('invalid', S.nothingToPublish);
  const conflicting = new Set(command.conflicts.map((c) => c.changeId));
  if (conflicting.size > 0) throw new DomainError('conflict', S.conflicts(conflicting.size));
  return [{ type: 'ScenarioPublished', data: { scenarioId: scenario._id, changeIds: scenario.changes.map((c) => c.changeId) } }];
}

export function decideDiscardScenario(state: Scenario | null, command: { actor: Actor }): ScenarioEvent[] {
  const scenario = ownOpen(state, command.actor);
  return [{ type: 'ScenarioDiscarded', data: { scenarioId: scenario._id } }];
}
