import { formatCursor, PlanFold } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { replayLog, type ReplayOptions } from './replay.ts';

/** A fold and where it stands: how many events it holds, the last one's cursor and recorded time. */
export type FoldedHistory = { fold: PlanFold; events: number; cursor: string; lastRecordedAt?: Date };

export const emptyHistory = (): FoldedHistory => ({ fold: new PlanFold(), events: 0, cursor: '0:0' });

/**
 * Folds the log in commit order, a page at a time, through the same reducers as the projections.
 * `visibleOnly` keeps to transactions older than every one in flight (the readers' rule); a caller
 * that holds writers back (the rebuild) reads everything. `until` bounds the events further.
 */
export async function foldHistory(
  db: DbOrTrx,
  options: Pick<ReplayOptions, 'visibleOnly' | 'until'> & { onPage?: (events: number) => void },
): Promise<FoldedHistory> {
  return foldMore(db, emptyHistory(), options);
}

/** Goes on folding onto `history` (changing its fold): the events `options` select, after `history`'s own. */
export async function foldMore(
  db: DbOrTrx,
  history: FoldedHistory,
  options: ReplayOptions & { onPage?: (events: number) => void },
): Promise<FoldedHistory> {
  let { events, cursor, lastRecordedAt } = history;
  for await (const page of replayLog(db, options)) {
    for (const replayed of page) history.fold.apply(replayed.event, replayed.streamPosition);
    events += page.length;
    options.onPage?.(events);
    const last = page.at(-1);
    if (last) {
      cursor = formatCursor(last.cursor);
      lastRecordedAt = last.recordedAt;
    }
  }
  return { fold: history.fold, events, cursor, lastRecordedAt };
}
