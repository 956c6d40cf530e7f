import { sql } from 'kysely';
import type { Cursor } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { positionIs, visibleToEveryReader, whereAll } from './commit-order.ts';
import type { FoldStart } from './plan-snapshots.ts';
import type { ReplayBound } from './replay.ts';

/**
 * Where folding up to a bound ends: its last event (none: the log holds nothing up to it), that event's
 * recorded time, and how many events the fold holds.
 *
 * Any fold up to a bound holds, of the events up to its last one, exactly those recorded by the moment
 * (all of them, up to a cursor); for one last event, a later moment only adds events. So two folds that
 * end at the same event and hold as many events hold the same events: the pair names the answer.
 */
export type FoldEnd = { last?: { cursor: Cursor; recordedAt: Date }; events: number };

type Row = { transaction_id: string; global_position: number; recorded_at: Date; n: number };

/** Reads only the positions and times of the events `start`'s stretches hold up to `bound`, not the events. */
export async function findFoldEnd(db: DbOrTrx, start: FoldStart, bound: ReplayBound): Promise<FoldEnd> {
  const base = start.snapshot;
  let end: FoldEnd = { last: base && { cursor: base.cursor, recordedAt: base.recordedAtLast }, events: base?.eventCount ?? 0 };
  const until = 'at' in bound ? sql`recorded_at <= ${bound.at}` : positionIs('<=', bound.cursor);
  const spans = await Promise.all(start.spans.map(async (span) => {
    const { rows } = await sql<Row>`
      select transaction_id::text as transaction_id, global_position, recorded_at, count(*) over ()::int as n
        from events
       where ${whereAll([positionIs('>', span.after), visibleToEveryReader, until, span.through && positionIs('<=', span.through), span.recordedFrom && sql`recorded_at >= ${span.recordedFrom}`])}
       order by events.transaction_id desc, events.global_position desc
       limit 1`.execute(db);
    return rows[0];
  }));
  // The stretches follow one another in commit order: the last one with events holds the last event.
  for (const row of spans) {
    if (!row) continue;
    const cursor = { transactionId: row.transaction_id, globalPosition: Number(row.global_position) };
    end = { last: { cursor, recordedAt: row.recorded_at }, events: end.events + Number(row.n) };
  }
  return end;
}
