import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { EventMetadata, PlanningEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { ConcurrencyError } from './errors.ts';
import { eventHash, GENESIS } from './hash.ts';
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
  metadata: EventMetadata,
  /** The clock, passed in; recorded time is part of each event's hash. */
  recordedAtMs?: number,
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
  const recordedAt = new Date(recordedAtMs ?? Date.now()).toISOString();
  let chain = previous;
  const values = events.map((event, index) => {
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
    chain = eventHash(chain, fields);
    return {
      stream_id: streamId,
      stream_position: fields.streamPosition,
      event_id: fields.eventId,
      type: fields.type,
      schema_version: fields.schemaVersion,
      data: JSON.stringify(fields.data),
      metadata: JSON.stringify(metadata),
      recorded_at: recordedAt,
      hash: chain,
    };
  });
  const rows = await trx.insertInto('events').values(values).returning('global_position').execute();

  return { nextVersion, globalPositions: rows.map((r) => Number(r.global_position)) };
}
