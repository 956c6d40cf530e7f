import { formatCursor, type Plan, withPlanRuleDays } from '../../domain/index.ts';
import { ruleDays } from '../calendars/public-holidays.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { findFoldStart, type FoldStart } from '../event-store/plan-snapshots.ts';
import type { ReplayBound } from '../event-store/replay.ts';
import { emptyHistory, foldMore, type FoldedHistory } from '../event-store/fold-history.ts';
import { STORED_SNAPSHOT_FORMAT } from './plan-snapshot-codec.ts';
import { RestoredSnapshots } from './restored-snapshots.ts';

/**
 * The plan as it was; `folded`: how many events were folded after the snapshot it started from. Its
 * calendars' rule days are among its holidays, as the live plan's are: the events record none.
 */
export type PlanAt = { asOf: string; cursor: string; plan: Plan; folded: number };

/**
 * The plan as it was: every event up to the moment (by recorded time) or up to a cursor (in commit
 * order), folded through the same reducers as the projections. Only committed, visible history counts.
 * It starts from the nearest stored snapshot of the fold that holds only events of the answer, and
 * folds just the stretches of the log after it that can hold the rest.
 */
export async function planAt(db: DbOrTrx, bound: ReplayBound, restored = new RestoredSnapshots(0)): Promise<PlanAt> {
  const { history, folded } = await foldAt(db, bound, restored);
  return { asOf: asOfText(bound, history), cursor: history.cursor, plan: pastPlanWithRuleDays(history.fold.plan()), folded };
}

/**
 * A folded plan (or its records) with its calendars' rule days added over the years it reaches, around
 * today as the live plan reads them (loadLivePlan), so the plan as of now equals the live one.
 */
export const pastPlanWithRuleDays = <P extends Parameters<typeof withPlanRuleDays>[0]>(plan: P): P =>
  withPlanRuleDays(plan, new Date().toISOString().slice(0, 10), ruleDays);

/** The fold behind planAt, from `start` when the caller has already found where to start. */
export async function foldAt(
  db: DbOrTrx,
  bound: ReplayBound,
  restored: RestoredSnapshots,
  start?: FoldStart,
): Promise<{ history: FoldedHistory; folded: number }> {
  const { snapshot, spans } = start ?? (await findFoldStart(db, STORED_SNAPSHOT_FORMAT, bound));
  const from: FoldedHistory = snapshot
    ? { fold: await restored.restore(db, snapshot), events: snapshot.eventCount, cursor: formatCursor(snapshot.cursor), lastRecordedAt: snapshot.recordedAtLast }
    : emptyHistory();
  let history = from;
  for (const span of spans) history = await foldMore(db, history, { visibleOnly: true, until: bound, ...span });
  return { history, folded: history.events - from.events };
}

/** The moment asked for; up to a cursor, when the last event folded was recorded. */
export const asOfText = (bound: ReplayBound, last: { lastRecordedAt?: Date }) =>
  ('at' in bound ? bound.at : (last.lastRecordedAt ?? new Date(0))).toISOString();
