import {
  compensationsOf, movedThing, NotUndoable, streamEntity, unchangedSince, undoMessages, type EventMetadata, type WrittenByCommand,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { readCommandEvents, readStreamEventsAfter, type CommandEvent } from '../event-store/command-events.ts';
import { readStreams } from '../event-store/read.ts';
import { HttpError } from '../http-error.ts';
import { handleCommand } from './handle.ts';

/** The most events one undo reverses: a bulk edit's 200 and more, not a whole CSV import. */
export const UNDO_EVENT_LIMIT = 1000;

/** A stream the write moved, with where its events sit there. */
type Touched = { streamId: string; first: number; last: number };

function touchedStreams(events: readonly CommandEvent[]): Touched[] {
  const streams = new Map<string, Touched>();
  for (const { streamId, streamPosition } of events) {
    const seen = streams.get(streamId);
    if (seen) seen.last = Math.max(seen.last, streamPosition), (seen.first = Math.min(seen.first, streamPosition));
    else streams.set(streamId, { streamId, first: streamPosition, last: streamPosition });
  }
  return [...streams.values()];
}

/** Refused: the stream moved since the write, by its undo (already undone) or by anything else (a version conflict). */
async function refuseMoved(trx: DbOrTrx, commandId: string, stream: Touched, currentVersion: number): Promise<never> {
  const since = await readStreamEventsAfter(trx, stream.streamId, stream.last);
  if (since.length > 0 && since.every((e) => e.metadata.undoOf === commandId)) {
    throw new HttpError(409, undoMessages.alreadyUndone, 'ALREADY_UNDONE', { undoneBy: since[0]!.metadata.commandId });
  }
  const entity = streamEntity(stream.streamId);
  throw new HttpError(409, undoMessages.moved(movedThing(stream.streamId)), 'VERSION_CONFLICT', {
    streamId: stream.streamId,
    currentVersion,
    ...(entity?.kind === 'assignment' ? { assignmentId: entity.id } : {}),
  });
}

/**
 * Reverses the write `commandId` in the caller's transaction: reads its events, refuses what has no
 * inverse, and when any stream it wrote has changed since (409; a change and its undo since change
 * nothing, so changes are undone one after the other, the latest first), and runs the compensating commands (domain/undo.ts) through
 * the one command handler, their events marked `undoOf: commandId`. Answers how many events it appended.
 */
export async function undoCommand(trx: DbOrTrx, commandId: string, metadata: EventMetadata): Promise<{ reversed: number }> {
  const events = await readCommandEvents(trx, commandId, UNDO_EVENT_LIMIT + 1);
  if (events.length === 0) throw new HttpError(404, undoMessages.unknown, 'NOT_FOUND');
  if (events.length > UNDO_EVENT_LIMIT) throw new HttpError(409, undoMessages.tooLarge(events.length, UNDO_EVENT_LIMIT), 'NOT_UNDOABLE');

  const touched = touchedStreams(events);
  const stored = await readStreams(trx, touched.map((t) => t.streamId));
  const written: WrittenByCommand[] = touched.map((stream) => {
    const { events: all } = stored.get(stream.streamId)!;
    return { streamId: stream.streamId, before: all.slice(0, stream.first - 1), done: all.slice(stream.first - 1, stream.last) };
  });
  // What has no inverse says so whatever happened since; what has one is undone only as it was left.
  let commands;
  try {
    commands = compensationsOf(written);
  } catch (error) {
    if (error instanceof NotUndoable) throw new HttpError(409, error.message, 'NOT_UNDOABLE');
    throw error;
  }
  const versions = new Map<string, number>();
  for (const stream of touched) {
    const { events: all, version } = stored.get(stream.streamId)!;
    if (!unchangedSince(stream.streamId, all, stream.last)) await refuseMoved(trx, commandId, stream, version);
    versions.set(stream.streamId, version);
  }

  const undo: EventMetadata = { ...metadata, undoOf: commandId };
  let reversed = 0;
  for (const command of commands) {
    for (const result of await handleCommand(trx, command, undo)) {
      // The handler folds each stream afresh: a writer that committed after the versions above were
      // read would be built upon here. Each stream must be exactly as the undo left it so far.
      const expected = versions.get(result.streamId);
      const read = result.version - result.events.length;
      if (expected !== undefined && read !== expected) {
        await refuseMoved(trx, commandId, { streamId: result.streamId, first: expected, last: expected }, read);
      }
      versions.set(result.streamId, result.version);
      reversed += result.events.length;
    }
  }
  return { reversed };
}
