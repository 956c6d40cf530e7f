/**
 * Helpers for the live-channel integration tests (tests/integration/live-*.test.ts): real listening
 * servers, socket.io and plain WebSocket clients that record everything they receive, the database's own
 * view of the log in commit-safe order, and deadline-bounded waiting.
 *
 * Readers only see transactions older than the cluster-wide snapshot xmin (so a transaction that
 * commits late is never skipped), and other test files share the PostgreSQL server: delivery can be
 * late, so always wait with a deadline.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { buildApp, type AppOptions } from '../../server/app.ts';
import type { DbOrTrx } from '../../server/db/connect.ts';
import { headCursor } from '../../server/event-store/read.ts';
import { compareCursorStrings, TEST_JWT_SECRET } from './api-helpers.ts';

export type LiveEvent = {
  cursor: string;
  streamId: string;
  streamPosition: number;
  type: string;
  data: Record<string, unknown> & { projectId?: string; assignmentId?: string; engineerId?: string };
  metadata: Record<string, unknown>;
  recordedAt: string;
};

export type LiveMessage =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'live' | 'reload'; cursor: string };

export type LiveClient = {
  /** Everything received, in arrival order. */
  readonly log: LiveMessage[];
  /** Only the events, in arrival order. */
  readonly events: LiveEvent[];
  /** The newest cursor the client has seen (event or control message): what it would reconnect with. */
  lastCursor: () => string;
  /** Resolves once `predicate` holds for the log, rejects at the deadline (saying what was seen). */
  until: (predicate: (client: LiveClient) => boolean, what: string, timeoutMs?: number) => Promise<void>;
  /** Resolves once a control message of that kind has arrived. */
  untilControl: (kind: 'live' | 'reload', timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

const DEFAULT_TIMEOUT_MS = 20_000;

/** Starts listening on a free port of the loopback interface; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/** Another server instance on the same database, with the secret tests/support/app.ts uses (tokens work on both). */
export async function startSecondInstance(databaseUrl: string, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    databaseUrl,
    jwtSecret: TEST_JWT_SECRET,
    jwtExpiresIn: '1h',
    logLevel: 'silent',
    loginRateLimit: 1000,
    ...options,
  });
  await app.ready();
  return app;
}

/** Polls `check` until it returns true; throws `describe()` at the deadline. */
export async function eventually(check: () => boolean | Promise<boolean>, describe: () => string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function recorder(closeTransport: () => Promise<void>): { client: LiveClient; push: (message: LiveMessage) => void } {
  const log: LiveMessage[] = [];
  const events: LiveEvent[] = [];
  let last = '0:0';
  const waiters = new Set<() => void>();
  const client: LiveClient = {
    log,
    events,
    lastCursor: () => last,
    until(predicate, what, timeoutMs = DEFAULT_TIMEOUT_MS) {
      if (predicate(client)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(client)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received ${events.length} events, controls ${JSON.stringify(log.filter((m) => m.kind !== 'event'))}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    untilControl(kind, timeoutMs) {
      return client.until((c) => c.log.some((m) => m.kind === kind), `'${kind}'`, timeoutMs);
    },
    close: closeTransport,
  };
  const push = (message: LiveMessage) => {
    log.push(message);
    if (message.kind === 'event') events.push(message.event);
    const cursor = message.kind === 'event' ? message.event.cursor : message.cursor;
    if (compareCursorStrings(cursor, last) > 0) last = cursor;
    for (const waiter of [...waiters]) waiter();
  };
  return { client, push };
}

/**
 * A socket.io client, connected: resolves on 'connect', rejects with the server's refusal on
 * 'connect_error'. No automatic reconnection: the tests disconnect and reconnect on purpose.
 */
export function connectSocketIo(
  baseUrl: string,
  auth: { token?: string; after?: string },
  options: { transports?: ('polling' | 'websocket')[] } = {},
): Promise<LiveClient & { socket: Socket }> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth,
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    transports: options.transports ?? ['websocket'],
  });
  const { client, push } = recorder(async () => {
    socket.disconnect();
  });
  socket.on('event', (event: LiveEvent) => push({ kind: 'event', event }));
  socket.on('live', ({ cursor }: { cursor: string }) => push({ kind: 'live', cursor }));
  socket.on('reload', ({ cursor }: { cursor: string }) => push({ kind: 'reload', cursor }));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(Object.assign(client, { socket })));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** The socket.io server's refusal message, or a failure if it lets the client in. */
export async function socketIoRefusal(baseUrl: string, auth: Record<string, unknown>): Promise<string> {
  try {
    const client = await connectSocketIo(baseUrl, auth as { token?: string; after?: string });
    await client.close();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('socket.io accepted the connection');
}

function streamUrl(baseUrl: string, params: Record<string, string | undefined>): string {
  const url = new URL('/api/events/stream', baseUrl.replace(/^http/, 'ws'));
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** A plain WebSocket client of /api/events/stream, open. `via: 'header'` sends the token as Authorization. */
export function connectStream(
  baseUrl: string,
  options: { token?: string; after?: string; via?: 'query' | 'header' },
): Promise<LiveClient & { socket: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const via = options.via ?? 'query';
  const socket = new WebSocket(
    streamUrl(baseUrl, { after: options.after, token: via === 'query' ? options.token : undefined }),
    via === 'header' && options.token ? { headers: { authorization: options.token } } : {},
  );
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  // A transport error after 'open' ends in 'close' anyway; without a listener it would be thrown.
  socket.on('error', () => undefined);
  const { client, push } = recorder(async () => {
    if (socket.readyState === WebSocket.CLOSED) return;
    socket.close();
    await closed;
  });
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as LiveEvent | { control: 'live' | 'reload'; cursor: string };
    if ('control' in message) push({ kind: message.control, cursor: message.cursor });
    else push({ kind: 'event', event: message });
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(Object.assign(client, { socket, closed })));
    socket.once('error', reject);
  });
}

/** How /api/events/stream ends a connection it refuses: the close code and reason. */
export async function streamRefusal(
  baseUrl: string,
  options: { token?: string; after?: string; via?: 'query' | 'header' },
): Promise<{ code: number; reason: string; events: number }> {
  const client = await connectStream(baseUrl, options);
  const { code, reason } = await Promise.race([
    client.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the stream did not close the connection')), 10_000)),
  ]);
  return { code, reason, events: client.log.length };
}

/**
 * What the database holds after `after`, in commit-safe order — every committed event, visible to
 * readers yet or not (no snapshot-xmin filter): the ground truth a client must end up with.
 */
export async function databaseEventsAfter(db: DbOrTrx, after = '0:0'): Promise<{ cursor: string; type: string; streamId: string }[]> {
  const [transactionId, globalPosition] = after.split(':');
  const { rows } = await sql<{ cursor: string; type: string; stream_id: string }>`
    select transaction_id::text || ':' || global_position as cursor, type, stream_id
      from events
     where (transaction_id, global_position) > (${transactionId}::xid8, ${Number(globalPosition)}::bigint)
     order by transaction_id, global_position`.execute(db);
  return rows.map((row) => ({ cursor: row.cursor, type: row.type, streamId: row.stream_id }));
}

/** Waits until readers can see the log up to `cursor` (the cluster-wide xmin has passed it). */
export async function untilVisible(db: DbOrTrx, cursor: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  let head = '';
  await eventually(
    async () => compareCursorStrings((head = await headCursor(db)), cursor) >= 0,
    () => `the readers' head ${head} never reached ${cursor}`,
    timeoutMs,
  );
}

/**
 * Waits until readers can see every event committed so far. Take a REST list's X-Cursor after this when
 * a test needs it to be the log's head: another file's open transaction would otherwise hold it back.
 */
export async function untilAllVisible(db: DbOrTrx, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  const last = (await databaseEventsAfter(db)).at(-1);
  if (last) await untilVisible(db, last.cursor, timeoutMs);
}

/** Cursors in arrival order, and whether they are strictly increasing (commit-safe order, no repeat). */
export const cursorsOf = (events: { cursor: string }[]) => events.map((event) => event.cursor);

export function strictlyIncreasing(cursors: string[]): boolean {
  return cursors.every((cursor, index) => index === 0 || compareCursorStrings(cursors[index - 1]!, cursor) < 0);
}
