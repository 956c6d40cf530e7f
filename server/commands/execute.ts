import type { EventMetadata, PlanningEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { appendToStreams } from '../event-store/append.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import { readStreams } from '../event-store/read.ts';
import type { StreamKind } from './streams.ts';

export type CommandResult<S> = { state: S | null; version: number; events: PlanningEvent[] };

/** One command: the stream it is about, the version its caller expects, and its decision. */
export type Command<S, E> = {
  id: string;
  expectedVersion?: number;
  decide: (state: S | null, version: number) => E[] | Promise<E[]>;
  /**
   * The id was generated for this command, so its stream has nothing to read. Should it exist after
   * all, the guarded insert of its stream row refuses the append (ConcurrencyError).
   */
  newId?: boolean;
};

/**
 * One command on one stream, inside the caller's transaction: fold the stream, check the version the
 * caller expects, decide, append with the version read (the guarded update catches any race), then
 * update the read model from the new state (inline projection, same reducer).
 */
export async function executeCommand<S, E extends PlanningEvent>(
  trx: DbOrTrx,
  kind: StreamKind<S, E>,
  id: string,
  options: { expectedVersion?: number; metadata: EventMetadata; decide: Command<S, E>['decide'] },
): Promise<CommandResult<S>> {
  const [result] = await executeCommands(trx, kind, [{ id, expectedVersion: options.expectedVersion, decide: options.decide }], options.metadata);
  return result!;
}

type Working<S, E> = { id: string; state: S | null; read: number; version: number; pending: E[] };

/**
 * Many commands of one kind of stream in the caller's transaction, each exactly as executeCommand
 * runs it, in order (a later command on the same stream sees what an earlier one decided). The
 * streams are read in one query, and the events appended and the read model written in a few
 * statements for all of them. The first command refused (a domain rule, a stale version) throws,
 * and the caller's transaction then writes none of them.
 */
export async function executeCommands<S, E extends PlanningEvent>(
  trx: DbOrTrx,
  kind: StreamKind<S, E>,
  commands: readonly Command<S, E>[],
  metadata: EventMetadata,
): Promise<CommandResult<S>[]> {
  const ids = new Map<string, string>();
  const assumedNew = new Set<string>();
  for (const command of commands) {
    const streamId = kind.streamId(command.id);
    if (ids.has(streamId)) continue;
    ids.set(streamId, command.id);
    if (command.newId) assumedNew.add(streamId);
  }
  const stored = await readStreams(trx, [...ids.keys()].filter((streamId) => !assumedNew.has(streamId)));
  for (const streamId of assumedNew) stored.set(streamId, { events: [], version: 0 });
  const streams = new Map<string, Working<S, E>>();
  for (const [streamId, stream] of stored) {
    let state: S | null = null;
    stream.events.forEach((event, index) => {
      state = kind.evolve(state, event as E, index + 1);
    });
    streams.set(streamId, { id: ids.get(streamId)!, state, read: stream.version, version: stream.version, pending: [] });
  }

  const results: CommandResult<S>[] = [];
  for (const command of commands) {
    const streamId = kind.streamId(command.id);
    const stream = streams.get(streamId)!;
    const stale = command.expectedVersion !== undefined && command.expectedVersion !== stream.version;
    // Nothing there (never was, or removed): let decide say so (404) rather than "changed by someone
    // else, reload" (409), which no reload could resolve. A stale version still never appends.
    if (stale && stream.state !== null) throw new ConcurrencyError(streamId, command.expectedVersion!, stream.version);
    const events = await command.decide(stream.state, stream.version);
    if (stale) throw new ConcurrencyError(streamId, command.expectedVersion!, stream.version);
    events.forEach((event, index) => {
      stream.state = kind.evolve(stream.state, event, stream.version + index + 1);
    });
    stream.version += events.length;
    stream.pending.push(...events);
    results.push({ state: stream.state, version: stream.version, events });
  }

  const changed = [...streams.entries()].filter(([, s]) => s.pending.length > 0);
  if (changed.length === 0) return results;
  await appendToStreams(trx, changed.map(([streamId, s]) => ({ streamId, expectedVersion: s.read, events: s.pending })), metadata);
  const states = changed.map(([, s]) => ({ id: s.id, state: s.state, events: s.pending }));
  if (kind.projectMany) await kind.projectMany(trx, states);
  else for (const { id, state, events } of states) await kind.project(trx, id, state, events);
  return results;
}
