import type { EventMetadata, PlanningEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { upcast } from './upcast.ts';

/** An event of one command, where it stands in its stream. */
export type CommandEvent = { streamId: string; streamPosition: number; event: PlanningEvent; metadata: EventMetadata };

const toCommandEvent = (row: { stream_id: string; stream_position: number; type: string; schema_version: number; data: unknown; metadata: EventMetadata }): CommandEvent => ({
  streamId: row.stream_id,
  streamPosition: Number(row.stream_position),
  event: upcast(row.type, row.schema_version, row.data),
  metadata: row.metadata,
});

/**
 * The events one write appended, found by the command id they carry (metadata.commandId, indexed), in
 * the order they were appended; at most `limit`. Read inside the caller's transaction: an undo reads
 * a write that has committed, so the commit-order rules of readers following the log do not apply.
 */
export async function readCommandEvents(db: DbOrTrx, commandId: string, limit: number): Promise<CommandEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', 'stream_position', 'type', 'schema_version', 'data', 'metadata'])
    .where((eb) => eb(eb.ref('metadata', '->>').key('commandId'), '=', commandId))
    .orderBy('global_position')
    .limit(limit)
    .execute();
  return rows.map(toCommandEvent);
}

/** The events of the given commands (the writes some undos reversed), in the order they were appended. */
export async function readEventsOfCommands(db: DbOrTrx, commandIds: readonly string[]): Promise<CommandEvent[]> {
  if (commandIds.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', 'stream_position', 'type', 'schema_version', 'data', 'metadata'])
    .where((eb) => eb(eb.ref('metadata', '->>').key('commandId'), 'in', [...commandIds]))
    .orderBy('global_position')
    .execute();
  return rows.map(toCommandEvent);
}

/** A stream's events after `position`, with their metadata: what moved it since a write. */
export async function readStreamEventsAfter(db: DbOrTrx, streamId: string, position: number): Promise<CommandEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', 'stream_position', 'type', 'schema_version', 'data', 'metadata'])
    .where('stream_id', '=', streamId)
    .where('stream_position', '>', position)
    .orderBy('stream_position')
    .execute();
  return rows.map(toCommandEvent);
}
