import { formatCursor, PlanFold, type Cursor } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { replayLog, type ReplayBound } from '../event-store/replay.ts';

export type FoldedHistory = { fold: PlanFold; events: number; cursor: string; lastRecordedAt?: Date };

/**
 * Folds the log in commit order, a page at a time, through the same reducers as the projections.
 * `visibleOnly` keeps to transactions older than every one in flight (the readers' rule); a caller
 * that holds writers back (the rebuild) reads everything. `until` bounds the events further.
 */
export async function foldHistory(
  db: DbOrTrx,
  options: { visibleOnly: boolean; until?: ReplayBound; onPage?: (events: number) => void },
): Promise<FoldedHistory> {
  const fold = new PlanFold();
  let last: { cursor: Cursor; recordedAt: Date } | undefined;
  let events = 0;
  for await (const page of replayLog(db, { visibleOnly: options.visibleOnly, until: options.until })) {
    for (const replayed of page) fold.apply(replayed.event, replayed.streamPosition);
    events += page.length;
    options.onPage?.(events);
    if (page.length > 0) last = page[page.length - 1]!;
  }
  return { fold, events, cursor: last ? formatCursor(last.cursor) : '0:0', lastRecordedAt: last?.recordedAt };
}
