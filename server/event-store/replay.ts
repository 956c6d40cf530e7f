import { sql } from 'kysely';
import { START, type Cursor, type PlanningEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { oldestFirst, positionIs, visibleToEveryReader, whereAll } from './commit-order.ts';
import { upcast } from './upcast.ts';

/** An event as a fold needs it: the event, its stream position, and where it stands in the log. */
export type ReplayedEvent = { event: PlanningEvent; streamPosition: number; cursor: Cursor; recordedAt: Date };

/** Up to a moment (by recorded time) or up to and including an event (by cursor, in commit order). */
export type ReplayBound = { at: Date } | { cursor: Cursor };

type Row = { transaction_id: string; global_position: number; type: string; schema_version: number; data: unknown; stream_position: number; recorded_at: Date };

/**
 * The log in commit order, a page at a time: every page as read, the last one short (possibly empty).
 * `visibleOnly` keeps to what every reader can see; a caller that holds writers back (the rebuild)
 * reads everything. `until` bounds the events further.
 */
export async function* replayLog(
  db: DbOrTrx,
  options: { visibleOnly: boolean; until?: ReplayBound; pageSize?: number },
): AsyncGenerator<ReplayedEvent[]> {
  const pageSize = options.pageSize ?? 10_000;
  const { until } = options;
  const bound = until && ('at' in until ? sql`recorded_at <= ${until.at}` : positionIs('<=', until.cursor));
  let after = START;
  for (;;) {
    const { rows } = await sql<Row>`
      select transaction_id::text as transaction_id, global_position, type, schema_version, data, stream_position, recorded_at
        from events
       where ${whereAll([positionIs('>', after), options.visibleOnly && visibleToEveryReader, bound])}
       ${oldestFirst}
       limit ${pageSize}`.execute(db);
    const page = rows.map((row) => ({
      event: upcast(row.type, row.schema_version, row.data),
      streamPosition: Number(row.stream_position),
      cursor: { transactionId: row.transaction_id, globalPosition: Number(row.global_position) },
      recordedAt: row.recorded_at,
    }));
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.cursor;
  }
}

/** Every stored event, whether or not readers can see it yet. */
export async function countEvents(db: DbOrTrx): Promise<number> {
  return Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(db)).rows[0]!.n);
}
