import { sql } from 'kysely';
import { formatCursor, START, type Cursor, type EventMetadata, type PlanningEvent, type RecordedEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { upcast } from './upcast.ts';

export type ReadFilter = {
  streamId?: string;
  type?: string;
  actorId?: string;
  from?: Date;
  to?: Date;
};

/** An events row as the readers select it (`eventColumns`). */
export type EventRow = {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_position: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
};

/** The columns every reader selects, the transaction id as text for the cursor. */
export const eventColumns = sql`global_position, transaction_id::text as transaction_id, stream_id, stream_position, type,
           schema_version, data, metadata, recorded_at`;

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    ...upcast(row.type, row.schema_version, row.data),
    cursor: formatCursor({ transactionId: row.transaction_id, globalPosition: Number(row.global_position) }),
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    metadata: row.metadata,
    recordedAt: row.recorded_at.toISOString(),
  };
}

/**
 * Reads the log after a cursor in commit-safe order (design.md §5 rule 4): by (transaction_id,
 * global_position), and only transactions older than every one still in flight, so an event that
 * commits late is read late rather than skipped. ORDER BY names the table's xid8 column: the select
 * list's text alias of the same name would sort '100005' before '99995'.
 */
export async function readAll(
  db: DbOrTrx,
  options: { after?: Cursor; limit: number; filter?: ReadFilter },
): Promise<{ events: RecordedEvent[]; next: string }> {
  const after = options.after ?? START;
  const f = options.filter ?? {};
  const result = await sql<EventRow>`
    select ${eventColumns}
      from events
     where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
       and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ${f.streamId ? sql`and stream_id = ${f.streamId}` : sql``}
       ${f.type ? sql`and type = ${f.type}` : sql``}
       ${f.actorId ? sql`and metadata ->> 'actorId' = ${f.actorId}` : sql``}
       ${f.from ? sql`and recorded_at >= ${f.from}` : sql``}
       ${f.to ? sql`and recorded_at <= ${f.to}` : sql``}
     order by events.transaction_id, events.global_position
     limit ${options.limit}`.execute(db);
  const events = result.rows.map(toRecorded);
  return { events, next: events.length > 0 ? events[events.length - 1]!.cursor : formatCursor(after) };
}

/**
 * How many events a reader could read after `after` right now (same commit-safe visibility as readAll),
 * counting no further than `cap`: enough to tell whether a backlog is beyond a bound without reading it.
 */
export async function countAfter(db: DbOrTrx, after: Cursor, cap: number): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from events
       where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
         and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       limit ${cap}) as backlog`.execute(db);
  return result.rows[0]!.n;
}

/** One stream's events in order, for folding its state before a decision. */
export async function readStream(db: DbOrTrx, streamId: string): Promise<{ events: PlanningEvent[]; version: number }> {
  const rows = await db
    .selectFrom('events')
    .select(['type', 'schema_version', 'data', 'stream_position'])
    .where('stream_id', '=', streamId)
    .orderBy('stream_position')
    .execute();
  return {
    events: rows.map((r) => upcast(r.type, r.schema_version, r.data)),
    version: rows.length > 0 ? Number(rows[rows.length - 1]!.stream_position) : 0,
  };
}

/** The cursor of the newest event every reader can already see: where a fresh reader can start live. */
export async function headCursor(db: DbOrTrx): Promise<string> {
  const result = await sql<{ transaction_id: string; global_position: number }>`
    select transaction_id::text as transaction_id, global_position from events
     where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     order by events.transaction_id desc, events.global_position desc limit 1`.execute(db);
  const row = result.rows[0];
  return row ? formatCursor({ transactionId: row.transaction_id, globalPosition: Number(row.global_position) }) : formatCursor(START);
}
