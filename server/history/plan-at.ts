import { formatCursor, type Plan } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { findFoldStart } from '../event-store/plan-snapshots.ts';
import type { ReplayBound } from '../event-store/replay.ts';
import { emptyHistory, foldMore, type FoldedHistory } from './fold-history.ts';
import { STORED_SNAPSHOT_FORMAT } from './plan-snapshot-codec.ts';
import { RestoredSnapshots } from './restored-snapshots.ts';

/** The plan as it was; `folded`: how many events were folded after the snapshot it started from. */
export type PlanAt = { asOf: string; cursor: string; plan: Plan; folded: number };

/**
 * The plan as it was: every event up to the moment (by recorded time) or up to a cursor (in commit
 * order), folded through the same reducers as the projections. Only committed, visible history counts.
 * It starts from the nearest stored snapshot of the fold that holds only events of the answer, and
 * folds just the stretches of the log after it that can hold the rest.
 */
export async function planAt(db: DbOrTrx, bound: ReplayBound, restored = new RestoredSnapshots(0)): Promise<PlanAt> {
  const start = await findFoldStart(db, STORED_SNAPSHOT_FORMAT, bound);
  const snapshot = start.snapshot;
  const from: FoldedHistory = snapshot
    ? { fold: await restored.restore(db, snapshot), events: snapshot.eventCount, cursor: formatCursor(snapshot.cursor), lastRecordedAt: snapshot.recordedAtLast }
    : emptyHistory();
  let history = from;
  for (const span of start.spans) history = await foldMore(db, history, { visibleOnly: true, until: bound, ...span });
  const asOf = 'at' in bound ? bound.at.toISOString() : (history.lastRecordedAt ?? new Date(0)).toISOString();
  return { asOf, cursor: history.cursor, plan: history.fold.plan(), folded: history.events - from.events };
}
