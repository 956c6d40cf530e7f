import { streamEntity, touchedByStream, type EventMetadata, type PlanningEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { appendToStreams } from '../event-store/append.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import { readStreams } from '../event-store/read.ts';
import type { StreamKind } from './streams.ts';
import { enforceScope } from './scope.ts';

/**
 * The one write runner. Every command, one or a batch, planning or account, goes through `runCommands`
 * inside the caller's transaction: fold the streams it writes (each by its kind's one fold), check the
 * version the caller expects, decide, fold the new events in, then append everything with the versions
 * read (the guarded append catches a writer that slipped in) and project the new states (inline
 * projection, the same fold). A batch is a list of commands: they run in order, a later one seeing what
 * an earlier one decided, and are appended and projected together. The first one refused (a domain
 * rule, a stale version) throws, and the caller's transaction then writes none of them.
 */

/** A stream a command writes: its id, the kind it is, and whether its id was made for this command. */
export type StreamToWrite = {
  streamId: string;
  kind: StreamKind<any, any>;
  /** The entity's id, as its projection takes it. */
  id: string;
  /**
   * The id was generated for this command, so its stream has nothing to read. Should it exist after
   * all, the guarded insert of its stream row refuses the append (ConcurrencyError).
   */
  newId?: boolean;
};

/** A stream as the runner holds it: folded so far, the version read and the version now, and what it will append. */
/** `initial` is the state as read, before this batch: the scope rule asks what the batch changed. */
export type OpenStream = StreamToWrite & { state: unknown; initial: unknown; read: number; version: number; pending: PlanningEvent[] };

/** One command of a run: the stream its expected version is about, and its decision on the open streams. */
export type Step = {
  streamId: string;
  expectedVersion?: number;
  decide: (streams: ReadonlyMap<string, OpenStream>) => Decision[] | Promise<Decision[]>;
};
export type Decision = { streamId: string; events: PlanningEvent[] };

/** A stream a command wrote: its state and version after the command, and what it appended. */
export type WrittenStream = { streamId: string; state: unknown; version: number; events: PlanningEvent[] };

/** Reads and folds the streams (those made for this command have nothing to read). */
export async function openStreams(trx: DbOrTrx, wanted: readonly StreamToWrite[]): Promise<Map<string, OpenStream>> {
  const unique = new Map(wanted.map((stream) => [stream.streamId, stream]));
  const stored = await readStreams(trx, [...unique.values()].filter((stream) => !stream.newId).map((stream) => stream.streamId));
  const open = new Map<string, OpenStream>();
  for (const [streamId, stream] of unique) {
    const { events, version } = stored.get(streamId) ?? { events: [], version: 0 };
    const state = fold(stream.kind, null, 0, events as PlanningEvent[]);
    open.set(streamId, { ...stream, state, initial: state, read: version, version, pending: [] });
  }
  return open;
}

/** A stream's state after `events`, the first of them at version `from + 1`: its kind's one fold. */
const fold = (kind: StreamKind<any, any>, state: unknown, from: number, events: readonly PlanningEvent[]) =>
  events.reduce<unknown>((s, event, i) => kind.evolve(s, event, from + i + 1), state);

/** Runs the steps in order on the open streams, then appends and projects what they decided; each step's streams as it left them. */
export async function runCommands(trx: DbOrTrx, streams: Map<string, OpenStream>, steps: readonly Step[], metadata: EventMetadata): Promise<WrittenStream[][]> {
  const results: WrittenStream[][] = [];
  const changed: OpenStream[] = [];
  for (const step of steps) {
    const subject = streams.get(step.streamId)!;
    const stale = step.expectedVersion !== undefined && step.expectedVersion !== subject.version;
    // Nothing there (never was, or removed): let decide say so (404) rather than "changed by someone
    // else, reload" (409), which no reload could resolve. A stale version still never appends.
    if (stale && subject.state !== null) throw new ConcurrencyError(step.streamId, step.expectedVersion!, subject.version);
    const decided = await step.decide(streams);
    if (stale) throw new ConcurrencyError(step.streamId, step.expectedVersion!, subject.version);
    results.push(decided.map(({ streamId, events }) => {
      const stream = streams.get(streamId)!;
      stream.state = fold(stream.kind, stream.state, stream.version, events);
      stream.version += events.length;
      if (events.length > 0 && stream.pending.length === 0) changed.push(stream);
      stream.pending.push(...events);
      return { streamId, state: stream.state, version: stream.version, events };
    }));
  }
  if (changed.length === 0) return results;
  // The manager's scope: the one rule, asked about what the batch changed (server/commands/scope.ts).
  await enforceScope(trx, metadata, changed.map((stream) => touchedByStream(streamEntity(stream.streamId), stream.initial, stream.state)));
  await appendToStreams(trx, changed.map((stream) => ({ streamId: stream.streamId, expectedVersion: stream.read, events: stream.pending })), metadata);
  const byKind = new Map<StreamKind<any, any>, OpenStream[]>();
  for (const stream of changed) byKind.set(stream.kind, [...(byKind.get(stream.kind) ?? []), stream]);
  for (const [kind, written] of byKind) {
    if (kind.projectMany && written.length > 1) await kind.projectMany(trx, written.map((s) => ({ id: s.id, state: s.state, events: s.pending })));
    else for (const stream of written) await kind.project(trx, stream.id, stream.state, stream.pending);
  }
  return results;
}

export type CommandResult<S> = { state: S | null; version: number; events: PlanningEvent[] };

/** One command on one stream of a kind: the stream's entity id, the version its caller expects, and its decision. */
export type Command<S, E> = {
  id: string;
  expectedVersion?: number;
  decide: (state: S | null, version: number) => E[] | Promise<E[]>;
  /** The id was made for this command (see StreamToWrite). */
  newId?: boolean;
};

/** One command on one stream, through the runner. */
export async function executeCommand<S, E extends PlanningEvent>(
  trx: DbOrTrx,
  kind: StreamKind<S, E>,
  id: string,
  options: { expectedVersion?: number; metadata: EventMetadata; decide: Command<S, E>['decide'] },
): Promise<CommandResult<S>> {
  const [result] = await executeCommands(trx, kind, [{ id, expectedVersion: options.expectedVersion, decide: options.decide }], options.metadata);
  return result!;
}

/**
 * Many commands on streams of one kind, through the runner as one batch: the streams are read in one
 * query, and the events appended and the read model written in a few statements for all of them.
 */
export async function executeCommands<S, E extends PlanningEvent>(
  trx: DbOrTrx,
  kind: StreamKind<S, E>,
  commands: readonly Command<S, E>[],
  metadata: EventMetadata,
): Promise<CommandResult<S>[]> {
  const streamIdOf = (command: Command<S, E>) => kind.streamId(command.id);
  // A stream is made new by the first command about it; later ones on it read what that one decided.
  const firsts = new Map<string, Command<S, E>>();
  for (const command of commands) if (!firsts.has(streamIdOf(command))) firsts.set(streamIdOf(command), command);
  const streams = await openStreams(trx, [...firsts].map(([streamId, command]) => ({ streamId, kind, id: command.id, newId: command.newId })));
  const steps = commands.map((command): Step => ({
    streamId: streamIdOf(command),
    expectedVersion: command.expectedVersion,
    decide: async (open) => {
      const stream = open.get(streamIdOf(command))!;
      return [{ streamId: stream.streamId, events: await command.decide(stream.state as S | null, stream.version) }];
    },
  }));
  const written = await runCommands(trx, streams, steps, metadata);
  return written.map(([stream]) => ({ state: stream!.state as S | null, version: stream!.version, events: stream!.events }));
}
