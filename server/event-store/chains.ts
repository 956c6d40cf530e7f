import { sql } from 'kysely';
import type { DbOrTrx } from '../db/connect.ts';
import type { HashedFields } from './hash.ts';

/** A stored event with the hash stored beside it, as its stream's chain holds it. */
export type ChainedEvent = HashedFields & { hash: string };

type Row = { stream_id: string; stream_position: number; event_id: string; type: string; schema_version: number; data: unknown; metadata: unknown; recorded_at: Date; hash: string };

/** Every stored event stream by stream, each stream in order, a page at a time (the last one short). */
export async function* readChains(db: DbOrTrx, pageSize = 5000): AsyncGenerator<ChainedEvent[]> {
  let after = { stream: '', position: 0 };
  for (;;) {
    const { rows } = await sql<Row>`
      select stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at, hash
        from events where (stream_id, stream_position) > (${after.stream}, ${after.position}::bigint)
       order by stream_id, stream_position limit ${pageSize}`.execute(db);
    yield rows.map((row) => ({
      streamId: row.stream_id,
      streamPosition: Number(row.stream_position),
      eventId: row.event_id,
      type: row.type,
      schemaVersion: row.schema_version,
      data: row.data,
      metadata: row.metadata,
      recordedAt: row.recorded_at.toISOString(),
      hash: row.hash,
    }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { stream: last.stream_id, position: Number(last.stream_position) };
  }
}

/** Each stream's current version, as the appends' concurrency guard keeps it. */
export async function streamVersions(db: DbOrTrx): Promise<Map<string, number>> {
  const rows = await db.selectFrom('streams').select(['stream_id', 'version']).execute();
  return new Map(rows.map((r) => [r.stream_id, Number(r.version)]));
}
