import {
  applyStreamEvents, decideOnPlan, evolveScenario, PlanIndex,
  decideCreateScenario, decideDiscardScenario, decideDraftChange, decidePublishScenario, decideRebaseScenario, decideShareScenario,
  decideUndoChange, draftChange, foldScenario, publishConflicts, rebaseScenario, streamsOf, type CreateScenarioInput,
  type DraftedCommand, type EventMetadata, type Plan, type PublishConflict, type Scenario, type ScenarioChange, type ScenarioEvent,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import { streamVersions } from '../event-store/read.ts';
import { loadLivePlan } from '../read-models/live-plan.ts';
import { handleCommand } from '../commands/handle.ts';
import { appendScenarioEvents, readScenario } from './scenario-store.ts';
import { orgTimeZone } from '../runtime/org-time-zone.ts';

const actorOf = (metadata: EventMetadata) => ({ id: metadata.actorId, role: metadata.actorRole });

/**
 * One decision on a scenario's stream, in the caller's transaction: read, check the version the caller
 * expects (a stale one is a 409 like any stream's), decide, append.
 */
async function onScenario(
  trx: DbOrTrx,
  scenarioId: string,
  expectedVersion: number | undefined,
  metadata: EventMetadata,
  decide: (state: Scenario | null) => ScenarioEvent[] | Promise<ScenarioEvent[]>,
): Promise<Scenario> {
  const state = await readScenario(trx, scenarioId);
  const version = state?.version ?? 0;
  if (state && expectedVersion !== undefined && expectedVersion !== version) throw new ConcurrencyError(`scenario-${scenarioId}`, expectedVersion, version);
  const events = await decide(state);
  await appendScenarioEvents(trx, scenarioId, version, events, metadata);
  return (await readScenario(trx, scenarioId))!;
}

export const createScenario = (trx: DbOrTrx, scenarioId: string, input: CreateScenarioInput, metadata: EventMetadata) =>
  onScenario(trx, scenarioId, undefined, metadata, (state) => decideCreateScenario(state, { scenarioId, input, actor: actorOf(metadata) }));

export const shareScenario = (trx: DbOrTrx, scenarioId: string, shared: boolean, metadata: EventMetadata, expected?: number) =>
  onScenario(trx, scenarioId, expected, metadata, (state) => decideShareScenario(state, { shared, actor: actorOf(metadata) }));

export const discardScenario = (trx: DbOrTrx, scenarioId: string, metadata: EventMetadata, expected?: number) =>
  onScenario(trx, scenarioId, expected, metadata, (state) => decideDiscardScenario(state, { actor: actorOf(metadata) }));

export const undoScenarioChange = (trx: DbOrTrx, scenarioId: string, changeId: string, metadata: EventMetadata, expected?: number) =>
  onScenario(trx, scenarioId, expected, metadata, (state) => decideUndoChange(state, { changeId, actor: actorOf(metadata) }));

/** Drafts a change on top of the scenario as it folds on the live plan now; refused with the live rule's answer if it does not apply. */
export async function draftScenarioChange(
  trx: DbOrTrx,
  scenarioId: string,
  draft: { changeId: string; command: DraftedCommand },
  metadata: EventMetadata,
  expected?: number,
): Promise<{ scenario: Scenario; change: ScenarioChange }> {
  let change: ScenarioChange | undefined;
  const scenario = await onScenario(trx, scenarioId, expected, metadata, async (state) => {
    const actor = actorOf(metadata);
    decideDraftChange(state, { change: { ...draft, base: {} }, actor });
    const live = await loadLivePlan(trx);
    change = draftChange(live, foldScenario(live, state!.changes, actor, orgTimeZone()).plan, draft, actor, orgTimeZone());
    return decideDraftChange(state, { change, actor });
  });
  return { scenario, change: change! };
}

/**
 * Drafts many changes at once (a proposal), each on top of the ones before it, as one append: the same
 * rules as drafting them one by one, without folding the scenario again for each.
 */
export async function draftScenarioChanges(
  trx: DbOrTrx,
  scenarioId: string,
  drafts: readonly (Omit<ScenarioChange, 'base'>)[],
  metadata: EventMetadata,
): Promise<Scenario> {
  return onScenario(trx, scenarioId, undefined, metadata, async (state) => {
    const actor = actorOf(metadata);
    const live = await loadLivePlan(trx);
    const index = new PlanIndex();
    let plan = foldScenario(live, state!.changes, actor).plan;
    let current = state!;
    const events: ScenarioEvent[] = [];
    for (const draft of drafts) {
      const change = draftChange(live, plan, draft, actor);
      const decided = decideDraftChange(current, { change, actor });
      events.push(...decided);
      current = decided.reduce<Scenario>((s, event) => evolveScenario(s, event, s.version + 1)!, current);
      plan = applyStreamEvents(plan, decideOnPlan(plan, change.command, actor, index), index);
    }
    return events;
  });
}

export async function rebaseScenarioChanges(trx: DbOrTrx, scenarioId: string, metadata: EventMetadata, expected?: number) {
  let dropped: { changeId: string; message: string }[] = [];
  const scenario = await onScenario(trx, scenarioId, expected, metadata, async (state) => {
    const actor = actorOf(metadata);
    decideRebaseScenario(state, { rebased: { changes: [], dropped: [] }, actor });
    const rebased = rebaseScenario(await loadLivePlan(trx), state!.changes, actor, orgTimeZone());
    dropped = rebased.dropped;
    return decideRebaseScenario(state, { rebased, actor });
  });
  return { scenario, dropped };
}

/** Conflicts found at publish time: the scenario as it is, with the changes that meet moved streams. */
export class ScenarioConflictError extends Error {
  constructor(readonly scenario: Scenario, readonly conflicts: PublishConflict[]) {
    super('scenario conflicts with the live plan');
  }
}

/** The live versions of every stream the scenario's changes were drafted against. */
export async function conflictsNow(db: DbOrTrx, scenario: Scenario): Promise<PublishConflict[]> {
  const streams = [...new Set(scenario.changes.flatMap((c) => Object.keys(c.base)))];
  const versions = await streamVersions(db, streams);
  return publishConflicts(scenario.changes, (streamId) => versions.get(streamId) ?? 0);
}

/**
 * Publishes every drafted change in the caller's transaction, each as its live command with the
 * scenario's id on its events (and a proposal's reason on its changes' events), or none: a stream that moved since its change was drafted refuses the
 * whole publish (ScenarioConflictError), and so does any rule the live plan now breaks (the DomainError
 * of that command), the transaction then writing nothing.
 */
export async function publishScenario(trx: DbOrTrx, scenarioId: string, metadata: EventMetadata, expected?: number): Promise<Scenario> {
  return onScenario(trx, scenarioId, expected, metadata, async (state) => {
    const actor = actorOf(metadata);
    decidePublishScenario(state, { conflicts: [], actor });
    const scenario = state!;
    const conflicts = await conflictsNow(trx, scenario);
    if (conflicts.length > 0) throw new ScenarioConflictError(scenario, conflicts);
    const published = { ...metadata, scenarioId };
    const checked = new Set<string>();
    for (const change of scenario.changes) {
      // Each stream is checked at the version it was drafted against once, on its first change;
      // later changes to it follow the earlier ones in this same transaction.
      const first = streamsOf(change.command)[0]!;
      const expectedVersion = checked.has(first) ? undefined : change.base[first];
      streamsOf(change.command).forEach((streamId) => checked.add(streamId));
      // A proposal's change keeps its reason on its events: the History says it was proposed, and why.
      const proposed = change.reason ? { proposed: { reason: change.reason, ...(change.moveId ? { moveId: change.moveId } : {}) } } : {};
      await handleCommand(trx, change.command, { ...published, ...proposed }, expectedVersion);
    }
    return decidePublishScenario(state, { conflicts, actor });
  });
}

