import {
  canReadScenario, compareCursors, describeChanges, foldScenario, formatCursor, parseCursor, type ChangeOutcome, type DescribedChange, type Plan,
  type PublishConflict, type Scenario,
} from '../../domain/index.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { cursorBeforePublish, readStreamAfter } from '../event-store/read.ts';
import { actorNames } from '../history/actors.ts';
import { describeEvents } from '../history/describe-events.ts';
import { planAt } from '../history/plan-at.ts';
import { RestoredSnapshots } from '../history/restored-snapshots.ts';
import { HttpError } from '../http-error.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { LivePlanCache } from '../read-models/live-plan.ts';
import { readScenario, readScenarios } from './scenario-store.ts';
import { orgTimeZone } from '../runtime/org-time-zone.ts';

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

/**
 * `live`: the plan the scenario is folded on. For a draft (or a discarded one), the live plan now; for
 * a published one, the plan as it stood when it was published, so its record is what it published.
 */
type Folded = { scenario: Scenario; live: Plan; plan: Plan; outcomes: ChangeOutcome[]; owner: string; cursor: string };
type Base = { key: string; plan: Plan; keep: boolean };

/**
 * The live plan and a scenario folded on it, read in one snapshot. The last few folds are kept, keyed
 * by the plan folded on and the scenario's version: a manager's screens ask for the same fold several
 * times between two writes, and folding 50 changes on 20,000 assignments is not free.
 *
 * A published scenario's changes are in the live plan already: folded on it again they would no longer
 * apply ("Assignment already exists") and say nothing. It is folded on the plan its publish was decided
 * on instead (every event of the transactions before the publish's), which never changes once all of
 * them are visible.
 */
/** How many times (50 ms apart) a published scenario's plan is read again while its events are not all visible yet. */
const PUBLISHED_PLAN_TRIES = 40;

export class ScenarioViews {
  private readonly livePlans = new LivePlanCache();
  private readonly restored = new RestoredSnapshots(1);
  private readonly folds = new Map<string, Folded>();

  constructor(private readonly db: Db) {}

  async fold(scenarioId: string, viewer: Viewer): Promise<Folded> {
    const readBase = () => readConsistent(this.db, async (trx) => {
      const scenario = await readableScenario(trx, scenarioId, viewer);
      const published = scenario.status === 'published' ? await this.publishedOn(trx, scenario) : null;
      return { scenario, base: published ?? { ...(await this.livePlans.read(trx)), keep: true } };
    });
    let read = await readBase();
    // Just after a publish, a transaction open elsewhere in the cluster can hold back the events it was
    // decided on (the fold reads only what every reader sees): the record would be folded on part of that
    // plan and say its changes no longer apply. Asked again a moment later, the plan is whole.
    for (let tries = 0; !read.value.base.keep && tries < PUBLISHED_PLAN_TRIES; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      read = await readBase();
    }
    const { scenario, base } = read.value;
    const key = `${scenario._id} ${scenario.version} ${base.key}`;
    const kept = this.folds.get(key);
    if (kept) return { ...kept, scenario, cursor: read.cursor };
    const names = await actorNames(this.db, [scenario.ownerId]);
    const folded = foldScenario(base.plan, scenario.changes, { id: scenario.ownerId, role: 'manager' }, orgTimeZone());
    const result = { scenario, live: base.plan, plan: folded.plan, outcomes: folded.outcomes, owner: names.get(scenario.ownerId) ?? 'Unknown', cursor: read.cursor };
    if (!base.keep) return result;
    this.folds.set(key, result);
    if (this.folds.size > 8) this.folds.delete(this.folds.keys().next().value!);
    return result;
  }

  /**
   * The plan a published scenario was published on: the log folded up to the last event before its
   * publish. Kept only once every one of those events was visible to the fold (a transaction older than
   * the publish may still be committing). Null when its publish is not found in the log.
   */
  private async publishedOn(trx: DbOrTrx, scenario: Scenario): Promise<Base | null> {
    const written = new Map<string, number>();
    for (const change of scenario.changes) {
      for (const [streamId, version] of Object.entries(change.base)) if (!written.has(streamId)) written.set(streamId, version + 1);
    }
    const before = await cursorBeforePublish(trx, scenario._id, [...written].map(([streamId, position]) => ({ streamId, position })));
    if (!before) return null;
    const at = await planAt(trx, { cursor: before }, this.restored);
    const reached = parseCursor(at.cursor);
    return { key: `published ${formatCursor(before)}`, plan: at.plan, keep: reached !== null && compareCursors(reached, before) === 0 };
  }

  /** The scenario with each change in sentences, the live plan and the folded one. */
  async onLivePlan(scenarioId: string, viewer: Viewer): Promise<{ detail: ScenarioDetail; live: Plan; plan: Plan; cursor: string }> {
    const folded = await this.fold(scenarioId, viewer);
    const changes = describeChanges(folded.scenario.changes, folded.outcomes, folded.owner);
    const names = new Map([[folded.scenario.ownerId, folded.owner]]);
    return { detail: { ...summaryOf(folded.scenario, names), changes }, live: folded.live, plan: folded.plan, cursor: folded.cursor };
  }
}

export type ConflictDetail = PublishConflict & { theirs: string[]; ours: string[] };

/** Each conflict with what moved the stream since (the live events, in sentences) beside the drafted change. */
export async function describeConflicts(
  db: Db,
  views: ScenarioViews,
  scenario: Scenario,
  conflicts: readonly PublishConflict[],
  viewer: Viewer,
): Promise<ConflictDetail[]> {
  const { detail } = await views.onLivePlan(scenario._id, viewer);
  const ours = new Map(detail.changes.map((c) => [c.changeId, c.sentences.length > 0 ? c.sentences : [`(no longer applies: ${c.error})`]]));
  return Promise.all(conflicts.map(async (conflict) => {
    const moved = await readStreamAfter(db, conflict.streamId, conflict.drafted);
    const theirs = (await describeEvents(db, moved)).map((e) => e.summary);
    return { ...conflict, theirs, ours: ours.get(conflict.changeId) ?? [] };
  }));
}
