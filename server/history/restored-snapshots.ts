import { formatCursor, PlanFold } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { readSnapshotPlan, type SnapshotInfo } from '../event-store/plan-snapshots.ts';
import { decodePlanSnapshot, STORED_SNAPSHOT_FORMAT } from './plan-snapshot-codec.ts';

/**
 * The last few snapshots read and decoded, by cursor: most requests ask for a recent moment, which
 * starts from the same (newest) snapshot, and decoding a large plan costs more than folding thousands
 * of events. A snapshot never changes once written (the same events fold the same way), so an entry
 * needs no invalidation; each caller gets its own copy to fold on.
 */
export class RestoredSnapshots {
  private readonly folds = new Map<string, Promise<PlanFold>>();

  constructor(private readonly capacity = 2) {}

  async restore(db: DbOrTrx, snapshot: SnapshotInfo): Promise<PlanFold> {
    const key = formatCursor(snapshot.cursor);
    const cached = this.folds.get(key);
    const restoring = cached ?? this.load(db, snapshot);
    // Most recently used last: the first key is the one to let go.
    this.folds.delete(key);
    this.folds.set(key, restoring);
    while (this.folds.size > this.capacity) this.folds.delete(this.folds.keys().next().value!);
    try {
      const fold = await restoring;
      return this.capacity > 0 ? fold.clone() : fold;
    } catch (error) {
      if (this.folds.get(key) === restoring) this.folds.delete(key);
      throw error;
    }
  }

  private async load(db: DbOrTrx, snapshot: SnapshotInfo): Promise<PlanFold> {
    const stored = await readSnapshotPlan(db, STORED_SNAPSHOT_FORMAT, snapshot.cursor);
    if (!stored) throw new Error(`The plan snapshot at ${formatCursor(snapshot.cursor)} is gone`);
    return decodePlanSnapshot(stored);
  }
}
