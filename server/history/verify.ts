import { sql } from 'kysely';
import type { AlteredEvent, StreamGap, Verification } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { eventHash, GENESIS } from '../event-store/hash.ts';

type Row = { stream_id: string; stream_position: number; event_id: string; type: string; schema_version: number; data: unknown; metadata: unknown; recorded_at: Date; hash: string };

/**
 * Recomputes every stream's hash chain and names each event whose stored hash does not match what its
 * content and its predecessor's stored hash give. Each event is checked against the stored chain, so an
 * edited event is named alone (an edited hash also flags the event after it).
 */
export async function verifyHistory(db: DbOrTrx, onProgress?: (checked: number, total: number) => void): Promise<Verification> {
  const total = Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(db)).rows[0]!.n);
  const altered: AlteredEvent[] = [];
  const gaps: StreamGap[] = [];
  const versions = new Map((await db.selectFrom('streams').select(['stream_id', 'version']).execute()).map((r) => [r.stream_id, Number(r.version)]));
  let positions = 0;
  let holes = false;
  const closeStream = () => {
    if (stream && (holes || positions !== (versions.get(stream) ?? -1))) {
      gaps.push({ streamId: stream, expectedVersion: versions.get(stream) ?? 0, positions });
    }
    versions.delete(stream);
  };
  let checked = 0;
  let streams = 0;
  let stream = '';
  let previous = GENESIS;
  let after = { stream: '', position: 0 };
  for (;;) {
    const { rows } = await sql<Row>`
      select stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at, hash
        from events where (stream_id, stream_position) > (${after.stream}, ${after.position}::bigint)
       order by stream_id, stream_position limit 5000`.execute(db);
    for (const row of rows) {
      if (row.stream_id !== stream) {
        closeStream();
        stream = row.stream_id;
        positions = 0;
        holes = false;
        previous = GENESIS;
        streams += 1;
      }
      positions += 1;
      if (Number(row.stream_position) !== positions) holes = true;
      const expected = eventHash(previous, {
        streamId: row.stream_id, streamPosition: Number(row.stream_position), eventId: row.event_id, type: row.type,
        schemaVersion: row.schema_version, data: row.data, metadata: row.metadata, recordedAt: row.recorded_at.toISOString(),
      });
      if (expected !== row.hash) {
        altered.push({ eventId: row.event_id, streamId: row.stream_id, streamPosition: Number(row.stream_position), type: row.type, recordedAt: row.recorded_at.toISOString() });
      }
      previous = row.hash;
      checked += 1;
    }
    onProgress?.(checked, total);
    if (rows.length < 5000) break;
    const last = rows[rows.length - 1]!;
    after = { stream: last.stream_id, position: Number(last.stream_position) };
  }
  closeStream();
  // Streams with a version but no events left at all.
  for (const [streamId, version] of versions) gaps.push({ streamId, expectedVersion: version, positions: 0 });
  return { events: checked, streams, altered, gaps, ok: altered.length === 0 && gaps.length === 0 };
}
