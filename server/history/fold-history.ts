import { sql, type RawBuilder } from 'kysely';
import { formatCursor, PlanFold, type Cursor } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { upcast } from '../event-store/upcast.ts';

type Row = { transaction_id: string; global_position: number; type: string; schema_version: number; data: unknown; stream_position: number; recorded_at: Date };

const PAGE = 10_000;

export type FoldedHistory = { fold: PlanFold; events: number; cursor: string; lastRecordedAt?: Date };

/**
 * Folds the log in commit order, a page at a time, through the same reducers as the projections.
 * `visibleOnly` keeps to transactions older than every one in flight (the readers' rule); a caller
 * that holds writers back (the rebuild) reads everything. `until` bounds the events further.
 */
export async function foldHistory(
  db: DbOrTrx,
  options: { visibleOnly: boolean; until?: RawBuilder<unknown>; onPage?: (events: number) => void },
): Promise<FoldedHistory> {
  const fold = new PlanFold();
  let after: Cursor = { transactionId: '0', globalPosition: 0 };
  let last: Row | undefined;
  let events = 0;
  for (;;) {
    const { rows } = await sql<Row>`
      select transaction_id::text as transaction_id, global_position, type, schema_version, data, stream_position, recorded_at
        from events
       where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
         ${options.visibleOnly ? sql`and transaction_id < pg_snapshot_xmin(pg_current_snapshot())` : sql``}
         ${options.until ? sql`and ${options.until}` : sql``}
       order by events.transaction_id, events.global_position
       limit ${PAGE}`.execute(db);
    for (const row of rows) fold.apply(upcast(row.type, row.schema_version, row.data), Number(row.stream_position));
    events += rows.length;
    options.onPage?.(events);
    if (rows.length > 0) {
      last = rows[rows.length - 1]!;
      after = { transactionId: last.transaction_id, globalPosition: Number(last.global_position) };
    }
    if (rows.length < PAGE) break;
  }
  return { fold, events, cursor: last ? formatCursor(after) : '0:0', lastRecordedAt: last?.recorded_at };
}
