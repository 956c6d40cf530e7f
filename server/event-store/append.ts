import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { EventMetadata, PlanningEvent } from '../../domain/index.ts';
import { insertUnnested, type BulkColumn } from '../db/bulk-insert.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { ConcurrencyError } from './errors.ts';
import { canonicalJson, eventHash, GENESIS } from './hash.ts';
import { recording } from './seed-clock.ts';
import { CURRENT_SCHEMA_VERSION } from './upcast.ts';

export type AppendResult = { nextVersion: number; globalPositions: number[] };

/**
 * Appends events to one stream inside the caller's transaction. The guarded update of `streams`
 * is the optimistic-concurrency check: with `expectedVersion` stale, no row matches and nothing is written.
 */
export async function appendToStream(
  trx: DbOrTrx,
  streamId: string,
  expectedVersion: number,
  events: readonly PlanningEvent[],
  given: EventMetadata,
): Promise<AppendResult> {
  if (events.length === 0) return { nextVersion: expectedVersion, globalPositions: [] };
  const nextVersion = expectedVersion + events.length;

  const moved =
    expectedVersion === 0
      ? await trx
          .insertInto('streams')
          .values({ stream_id: streamId, version: nextVersion })
          .onConflict((oc) => oc.column('stream_id').doNothing())
          .returning('stream_id')
          .executeTakeFirst()
      : await trx
          .updateTable('streams')
          .set({ version: nextVersion, updated_at: sql`now()` })
          .where('stream_id', '=', streamId)
          .where('version', '=', expectedVersion)
          .returning('stream_id')
          .executeTakeFirst();

  if (!moved) {
    const current = await trx.selectFrom('streams').select('version').where('stream_id', '=', streamId).executeTakeFirst();
    throw new ConcurrencyError(streamId, expectedVersion, Number(current?.version ?? 0));
  }

  const previous =
    expectedVersion === 0
      ? GENESIS
      : (await trx
          .selectFrom('events')
          .select('hash')
          .where('stream_id', '=', streamId)
          .where('stream_position', '=', expectedVersion)
          .executeTakeFirstOrThrow()).hash;
  // Recorded time is part of each event's hash; the clock's, unless the demo seed's clock runs this transaction.
  const { recordedAt, metadata } = recording(trx, given);
  const values = chainedRows(streamId, expectedVersion, previous, events, metadata, recordedAt);
  const rows = await trx.insertInto('events').values(values).returning('global_position').execute();

  return { nextVersion, globalPositions: rows.map((r) => Number(r.global_position)) };
}

/**
 * The rows that append `events` after `expectedVersion` to a stream whose last hash is `previous`:
 * each row's hash covers its content and the hash before it (the stream's chain).
 */
function chainedRows(
  streamId: string,
  expectedVersion: number,
  previous: string,
  events: readonly PlanningEvent[],
  metadata: EventMetadata,
  recordedAt: string,
) {
  let chain = previous;
  // One command's metadata on every event: written out once.
  const metadataJson = canonicalJson(metadata);
  const metadataText = JSON.stringify(metadata);
  return events.map((event, index) => {
    const fields = {
      streamId,
      streamPosition: expectedVersion + index + 1,
      eventId: uuidv7(),
      type: event.type,
      schemaVersion: CURRENT_SCHEMA_VERSION,
      data: event.data,
      metadata,
      recordedAt,
    };
    chain = eventHash(chain, fields, metadataJson);
    return {
      stream_id: streamId,
      stream_position: fields.streamPosition,
      event_id: fields.eventId,
      type: fields.type,
      schema_version: fields.schemaVersion,
      data: JSON.stringify(fields.data),
      metadata: metadataText,
      recorded_at: recordedAt,
      hash: chain,
    };
  });
}

export type StreamAppend = { streamId: string; expectedVersion: number; events: readonly PlanningEvent[] };

const streamColumns: BulkColumn[] = [{ name: 'stream_id', type: 'text' }, { name: 'version', type: 'bigint' }];
// The columns that differ from event to event; the schema version, the metadata and the time are one per append.
const eventColumns: BulkColumn[] = [
  { name: 'stream_id', type: 'text' }, { name: 'stream_position', type: 'bigint' }, { name: 'event_id', type: 'uuid' },
  { name: 'type', type: 'text' }, { name: 'data', type: 'jsonb' }, { name: 'hash', type: 'text' },
];

/**
 * Appends to many streams at once, inside the caller's transaction, with the same guarantees as
 * appendToStream: every stream's version is checked by the guarded writes of `streams` (a stale one
 * throws ConcurrencyError and the caller's transaction writes nothing), every chain continues from
 * its stream's last hash. A handful of statements however many streams: what makes bulk imports fast.
 */
export async function appendToStreams(
  trx: DbOrTrx,
  appends: readonly StreamAppend[],
  given: EventMetadata,
): Promise<void> {
  const writes = appends.filter((a) => a.events.length > 0);
  if (writes.length === 0) return;
  const fresh = writes.filter((a) => a.expectedVersion === 0);
  const existing = writes.filter((a) => a.expectedVersion > 0);
  const moved = new Set<string>();
  if (fresh.length > 0) {
    const rows = await insertUnnested<{ stream_id: string }>(
      trx,
      'streams',
      streamColumns,
      fresh.map((a) => ({ stream_id: a.streamId, version: a.events.length })),
      sql`on conflict (stream_id) do nothing returning stream_id`,
    );
    rows.forEach((r) => moved.add(r.stream_id));
  }
  if (existing.length > 0) {
    const targets = sql.join(existing.map((a) => sql`(${a.streamId}, ${a.expectedVersion}::bigint, ${a.expectedVersion + a.events.length}::bigint)`));
    const { rows } = await sql<{ stream_id: string }>`
      update streams s set version = v.next, updated_at = now()
        from (values ${targets}) as v(stream_id, expected, next)
       where s.stream_id = v.stream_id and s.version = v.expected
      returning s.stream_id`.execute(trx);
    rows.forEach((r) => moved.add(r.stream_id));
  }
  const stale = writes.find((a) => !moved.has(a.streamId));
  if (stale) {
    const current = await trx.selectFrom('streams').select('version').where('stream_id', '=', stale.streamId).executeTakeFirst();
    throw new ConcurrencyError(stale.streamId, stale.expectedVersion, Number(current?.version ?? 0));
  }

  const previous = new Map<string, string>();
  if (existing.length > 0) {
    const tails = sql.join(existing.map((a) => sql`(${a.streamId}, ${a.expectedVersion}::bigint)`));
    const { rows } = await sql<{ stream_id: string; hash: string }>`
      select stream_id, hash from events where (stream_id, stream_position) in (${tails})`.execute(trx);
    rows.forEach((r) => previous.set(r.stream_id, r.hash));
  }
  const { recordedAt, metadata } = recording(trx, given);
  const values = writes.flatMap((a) => chainedRows(a.streamId, a.expectedVersion, previous.get(a.streamId) ?? GENESIS, a.events, metadata, recordedAt));
  await insertUnnested(trx, 'events', eventColumns, values, sql``, [
    { name: 'schema_version', type: 'integer', value: CURRENT_SCHEMA_VERSION },
    { name: 'metadata', type: 'jsonb', value: JSON.stringify(metadata) },
    { name: 'recorded_at', type: 'timestamptz', value: recordedAt },
  ]);
}
