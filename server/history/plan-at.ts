import { sql } from 'kysely';
import { PlanFold, type Plan } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { formatCursor, type Cursor } from '../event-store/cursor.ts';
import { upcast } from '../event-store/upcast.ts';

export type PlanAt = { asOf: string; cursor: string; plan: Plan };

type Row = { transaction_id: string; global_position: number; type: string; schema_version: number; data: unknown; stream_position: number; recorded_at: Date };

const PAGE = 10_000;

/**
 * The plan as it was: every event up to the moment (by recorded time) or up to a cursor (in commit
 * order), folded through the same reducers as the projections. Only committed, visible history counts.
 */
export async function planAt(db: DbOrTrx, bound: { at: Date } | { cursor: Cursor }): Promise<PlanAt> {
  const fold = new PlanFold();
  let after: Cursor = { transactionId: '0', globalPosition: 0 };
  let last: Row | undefined;
  for (;;) {
    const { rows } = await sql<Row>`
      select transaction_id::text as transaction_id, global_position, type, schema_version, data, stream_position, recorded_at
        from events
       where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
         and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ${'at' in bound ? sql`and recorded_at <= ${bound.at}` : sql`and (transaction_id, global_position) <= (${bound.cursor.transactionId}::xid8, ${bound.cursor.globalPosition}::bigint)`}
       order by events.transaction_id, events.global_position
       limit ${PAGE}`.execute(db);
    for (const row of rows) fold.apply(upcast(row.type, row.schema_version, row.data), Number(row.stream_position));
    if (rows.length > 0) {
      last = rows[rows.length - 1]!;
      after = { transactionId: last.transaction_id, globalPosition: Number(last.global_position) };
    }
    if (rows.length < PAGE) break;
  }
  const cursor = last ? formatCursor({ transactionId: last.transaction_id, globalPosition: Number(last.global_position) }) : '0:0';
  const asOf = 'at' in bound ? bound.at.toISOString() : (last?.recorded_at.toISOString() ?? new Date(0).toISOString());
  return { asOf, cursor, plan: fold.plan() };
}
