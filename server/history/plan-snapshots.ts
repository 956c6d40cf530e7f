import { compareCursors, PlanFold, START, type Cursor } from '../../domain/index.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import {
  dropOtherFormats, insertSnapshot, newestSnapshot, withSnapshotLock, type SnapshotInfo,
} from '../event-store/plan-snapshots.ts';
import { countAfter } from '../event-store/read.ts';
import { replayLog } from '../event-store/replay.ts';
import { encodePlanSnapshot, STORED_SNAPSHOT_FORMAT } from './plan-snapshot-codec.ts';
import { RestoredSnapshots } from './restored-snapshots.ts';

/**
 * What a writer keeps between rounds: the fold as of the newest snapshot it knows, so that a round folds
 * only the events after it instead of decoding the snapshot again.
 */
export type SnapshotWriter = { every: number; newest?: { info: SnapshotInfo; fold: PlanFold }; formatsChecked?: boolean };

/**
 * Writes every snapshot that is due: one after each `every` visible events, each in a short transaction
 * of its own that holds the writers' lock, so that several server instances never write the same one.
 * Says how many it wrote, and how many visible events follow the newest snapshot (none counted when
 * another instance holds the lock: that one writes).
 */
export async function writeDueSnapshots(db: Db, writer: SnapshotWriter): Promise<{ written: number; pending: number }> {
  let written = 0;
  for (;;) {
    const round = await withSnapshotLock(db, (trx) => writeNextSnapshot(trx, writer));
    if (round === undefined) return { written, pending: 0 };
    if ('pending' in round) return { written, pending: round.pending };
    writer.newest = round;
    written += 1;
  }
}

async function writeNextSnapshot(trx: DbOrTrx, writer: SnapshotWriter): Promise<NonNullable<SnapshotWriter['newest']> | { pending: number }> {
  const format = STORED_SNAPSHOT_FORMAT;
  if (!writer.formatsChecked) {
    await dropOtherFormats(trx, format);
    writer.formatsChecked = true;
  }
  const newest = await newestSnapshot(trx, format);
  const after = newest?.cursor ?? START;
  const pending = await countAfter(trx, after, writer.every);
  if (pending < writer.every) return { pending };

  // Another instance may have written since, or the snapshots were dropped: go on from what is stored.
  const known = writer.newest;
  const current = known && newest && compareCursors(known.info.cursor, newest.cursor) === 0 ? known : undefined;
  // The fold is changed below: should this round fail, the next one starts again from what is stored.
  writer.newest = undefined;
  const fold = current?.fold ?? (newest ? await new RestoredSnapshots(0).restore(trx, newest) : new PlanFold());

  let count = 0;
  let last: { cursor: Cursor; recordedAt: Date } | undefined;
  let segmentMin: Date | undefined;
  let segmentMax = newest?.recordedAtMax;
  for await (const page of replayLog(trx, { visibleOnly: true, after, pageSize: Math.min(writer.every, 10_000) })) {
    for (const replayed of page.slice(0, writer.every - count)) {
      fold.apply(replayed.event, replayed.streamPosition);
      if (!segmentMin || replayed.recordedAt < segmentMin) segmentMin = replayed.recordedAt;
      if (!segmentMax || replayed.recordedAt > segmentMax) segmentMax = replayed.recordedAt;
      last = replayed;
      count += 1;
    }
    if (count >= writer.every) break;
  }
  if (!last || count < writer.every) return { pending: count };
  const info: SnapshotInfo = { cursor: last.cursor, eventCount: (newest?.eventCount ?? 0) + count, recordedAtLast: last.recordedAt, recordedAtMax: segmentMax! };
  await insertSnapshot(trx, { ...info, format, segmentRecordedAtMin: segmentMin!, plan: await encodePlanSnapshot(fold) });
  return { info, fold };
}
