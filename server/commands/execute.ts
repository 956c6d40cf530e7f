import type { EventMetadata, PlanningEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { appendToStream } from '../event-store/append.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import { readStream } from '../event-store/read.ts';
import type { StreamKind } from './streams.ts';

export type CommandResult<S> = { state: S | null; version: number; events: PlanningEvent[] };

/**
 * One command on one stream, inside the caller's transaction: fold the stream, check the version the
 * caller expects, decide, append with the version read (the guarded update catches any race), then
 * update the read model from the new state (inline projection, same reducer).
 */
export async function executeCommand<S, E extends PlanningEvent>(
  trx: DbOrTrx,
  kind: StreamKind<S, E>,
  id: string,
  options: {
    expectedVersion?: number;
    metadata: EventMetadata;
    decide: (state: S | null, version: number) => E[] | Promise<E[]>;
  },
): Promise<CommandResult<S>> {
  const streamId = kind.streamId(id);
  const stream = await readStream(trx, streamId);
  let state: S | null = null;
  stream.events.forEach((event, index) => {
    state = kind.evolve(state, event as E, index + 1);
  });
  const stale = options.expectedVersion !== undefined && options.expectedVersion !== stream.version;
  // Nothing there (never was, or removed): let decide say so (404) rather than "changed by someone
  // else, reload" (409), which no reload could resolve. A stale version still never appends.
  if (stale && state !== null) throw new ConcurrencyError(streamId, options.expectedVersion!, stream.version);
  const events = await options.decide(state, stream.version);
  if (stale) throw new ConcurrencyError(streamId, options.expectedVersion!, stream.version);
  if (events.length === 0) return { state, version: stream.version, events };
  await appendToStream(trx, streamId, stream.version, events, options.metadata);
  events.forEach((event, index) => {
    state = kind.evolve(state, event, stream.version + index + 1);
  });
  await kind.project(trx, id, state, events);
  return { state, version: stream.version + events.length, events };
}
