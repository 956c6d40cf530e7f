import {
  canReadScenario, describeChanges, foldScenario, type DescribedChange, type Plan, type PublishConflict, type Scenario,
} from '../../domain/index.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { readStreamAfter } from '../event-store/read.ts';
import { actorNames } from '../history/actors.ts';
import { describeEvents } from '../history/describe-events.ts';
import { HttpError } from '../http-error.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { loadLivePlan } from '../read-models/live-plan.ts';
import { readScenario, readScenarios } from './scenario-store.ts';

type Viewer = { id: string; role: string };

export type ScenarioSummary = Omit<Scenario, 'changes'> & { ownerName: string; changeCount: number };
export type ScenarioDetail = ScenarioSummary & { changes: DescribedChange[] };

/** A scenario its viewer may read; anyone else's private one is "not found", so its existence is not told. */
export async function readableScenario(db: DbOrTrx, scenarioId: string, viewer: Viewer): Promise<Scenario> {
  const scenario = await readScenario(db, scenarioId);
  if (!scenario || !canReadScenario(scenario, viewer)) throw new HttpError(404, 'Scenario not found', 'NOT_FOUND');
  return scenario;
}

const summaryOf = ({ changes, ...scenario }: Scenario, names: Map<string, string>): ScenarioSummary => ({
  ...scenario,
  ownerName: names.get(scenario.ownerId) ?? 'Unknown',
  changeCount: changes.length,
});

export async function listScenarios(db: DbOrTrx, viewer: Viewer): Promise<ScenarioSummary[]> {
  const readable = (await readScenarios(db)).filter((s) => canReadScenario(s, viewer));
  const names = await actorNames(db, [...new Set(readable.map((s) => s.ownerId))]);
  return readable.map((s) => summaryOf(s, names));
}

/** The live plan and the scenario folded on it, read in one snapshot, with each change in sentences. */
export async function scenarioOnLivePlan(db: Db, scenarioId: string, viewer: Viewer): Promise<{ detail: ScenarioDetail; live: Plan; plan: Plan; cursor: string }> {
  const { value, cursor } = await readConsistent(db, async (trx) => {
    const scenario = await readableScenario(trx, scenarioId, viewer);
    return { scenario, live: await loadLivePlan(trx), names: await actorNames(trx, [scenario.ownerId]) };
  });
  const { scenario, live, names } = value;
  const owner = { id: scenario.ownerId, role: 'manager' };
  const folded = foldScenario(live, scenario.changes, owner);
  const changes = describeChanges(scenario.changes, folded.outcomes, names.get(scenario.ownerId) ?? 'Unknown');
  return { detail: { ...summaryOf(scenario, names), changes }, live, plan: folded.plan, cursor };
}

export type ConflictDetail = PublishConflict & { theirs: string[]; ours: string[] };

/** Each conflict with what moved the stream since (the live events, in sentences) beside the drafted change. */
export async function describeConflicts(db: Db, scenario: Scenario, conflicts: readonly PublishConflict[], viewer: Viewer): Promise<ConflictDetail[]> {
  const { detail } = await scenarioOnLivePlan(db, scenario._id, viewer);
  const ours = new Map(detail.changes.map((c) => [c.changeId, c.sentences.length > 0 ? c.sentences : [`(no longer applies: ${c.error})`]]));
  return Promise.all(conflicts.map(async (conflict) => {
    const moved = await readStreamAfter(db, conflict.streamId, conflict.drafted);
    const theirs = (await describeEvents(db, moved)).map((e) => e.summary);
    return { ...conflict, theirs, ours: ours.get(conflict.changeId) ?? [] };
  }));
}
