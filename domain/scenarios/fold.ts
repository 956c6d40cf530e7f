import type { TimeOffActor } from '../decide/time-off.ts';
import { DomainError } from '../errors.ts';
import type { Plan } from '../plan.ts';
import { streamsOf, type StreamEvents } from '../commands/table.ts';
import type { DraftedCommand } from '../commands/planning-commands.ts';
import type { ScenarioChange } from './commands.ts';
import { applyStreamEvents, decideOnPlan, PlanIndex } from './decide-on-plan.ts';

/** How one drafted change fared on the plan it was folded on. */
export type ChangeOutcome =
  | { changeId: string; applied: true; decided: StreamEvents[]; before: Plan; after: Plan }
  | { changeId: string; applied: false; error: { kind: DomainError['kind']; message: string } };

export type FoldedScenario = { plan: Plan; outcomes: ChangeOutcome[] };

/**
 * The live plan with a scenario's changes applied in order, each decided on the plan the earlier ones
 * left, exactly as the live commands would decide them one after another. A change that no longer
 * applies (the live plan moved under it: its assignment was removed, its project completed) is left
 * out and said so, rather than failing the whole view.
 */
export function foldScenario(live: Plan, changes: readonly ScenarioChange[], actor: TimeOffActor, timeZone = 'UTC'): FoldedScenario {
  const index = new PlanIndex(timeZone);
  let plan = live;
  const outcomes: ChangeOutcome[] = [];
  for (const change of changes) {
    try {
      const decided = decideOnPlan(plan, change.command, actor, index);
      const before = plan;
      plan = applyStreamEvents(plan, decided, index);
      outcomes.push({ changeId: change.changeId, applied: true, decided, before, after: plan });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcomes.push({ changeId: change.changeId, applied: false, error: { kind: error.kind, message: error.message } });
    }
  }
  return { plan, outcomes };
}

/**
 * A new change for a scenario: refused (the DomainError of the live rule) unless it applies on top of
 * the scenario as it stands, or if it changes nothing; its base is each stream's version in the live
 * plan, the versions publishing will check.
 */
export function draftChange(
  live: Plan,
  scenario: Plan,
  draft: { changeId: string; command: DraftedCommand },
  actor: TimeOffActor,
  timeZone = 'UTC',
): ScenarioChange {
  const decided = decideOnPlan(scenario, draft.command, actor, new PlanIndex(timeZone));
  if (decided.every((stream) => stream.events.length === 0)) throw new DomainError('invalid', 'This change would change nothing in the scenario');
  const index = new PlanIndex();
  const base = Object.fromEntries(streamsOf(draft.command).map((streamId) => [streamId, index.streamVersion(live, streamId)]));
  return { ...draft, base };
}

/** A stream a change was drafted against that has moved in the live plan since. */
export type PublishConflict = { changeId: string; streamId: string; drafted: number; current: number };

/** Exactly the changes whose streams moved since they were drafted; publishing is refused while any is left. */
export function publishConflicts(changes: readonly ScenarioChange[], currentVersion: (streamId: string) => number): PublishConflict[] {
  const conflicts: PublishConflict[] = [];
  for (const change of changes) {
    for (const [streamId, drafted] of Object.entries(change.base)) {
      const current = currentVersion(streamId);
      if (current !== drafted) conflicts.push({ changeId: change.changeId, streamId, drafted, current });
    }
  }
  return conflicts;
}

export type Rebased = { changes: ScenarioChange[]; dropped: { changeId: string; message: string }[] };

/**
 * The scenario drafted again on the live plan as it is now: each change re-decided in order on top of
 * the ones kept, with the current versions as its base; a change that no longer applies, or that now
 * changes nothing, is dropped with the reason.
 */
export function rebaseScenario(live: Plan, changes: readonly ScenarioChange[], actor: TimeOffActor, timeZone = 'UTC'): Rebased {
  const kept: ScenarioChange[] = [];
  const dropped: Rebased['dropped'] = [];
  let scenario = live;
  const index = new PlanIndex(timeZone);
  for (const change of changes) {
    try {
      const rebased = draftChange(live, scenario, change, actor, timeZone);
      scenario = applyStreamEvents(scenario, decideOnPlan(scenario, change.command, actor, index), index);
      kept.push(rebased);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      dropped.push({ changeId: change.changeId, message: error.message });
    }
  }
  return { changes: kept, dropped };
}
