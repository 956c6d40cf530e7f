/**
 * Load for the fault tier (tests/faults/): writers and readers against a server over real HTTP,
 * tallying every answer by status, and remembering which writes were acknowledged (2xx) so that a test
 * can check they all survived whatever was done to the server or its database meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { validProjectPayload, type ApiEvent } from './api-helpers.ts';

/**
 * Which connection each request went out on, as fetch's own client (undici) reports it: a reset on a
 * connection that had served answers and sat idle points at keep-alive reuse, one on a fresh
 * connection at the server. Requests are told apart by a header of their own (CALL_HEADER).
 */
const CALL_HEADER = 'x-test-call';
type Carried = { answered: number; idleMs: number | null };
const carriedBy = new Map<string, Carried>();
const socketOf = new WeakMap<object, Socket>();
const socketUse = new WeakMap<Socket, { answered: number; freeSince: number | null }>();
subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request: { headers?: unknown }; socket: Socket };
  socketOf.set(request, socket);
  const headers = Array.isArray(request.headers) ? (request.headers as unknown[]) : [];
  const at = headers.findIndex((item) => typeof item === 'string' && item.toLowerCase() === CALL_HEADER);
  const use = socketUse.get(socket) ?? { answered: 0, freeSince: null };
  socketUse.set(socket, use);
  if (at >= 0) carriedBy.set(String(headers[at + 1]), { answered: use.answered, idleMs: use.freeSince === null ? null : Math.round(performance.now() - use.freeSince) });
});
subscribe('undici:request:trailers', (message) => {
  const socket = socketOf.get((message as { request: object }).request);
  const use = socket && socketUse.get(socket);
  if (!use) return;
  use.answered += 1;
  use.freeSince = performance.now();
});

const connectionSaid = (carried: Carried | undefined) =>
  !carried
    ? 'no connection carried it'
    : carried.answered === 0
      ? 'on a fresh connection'
      : `on a connection reused after ${carried.answered} answers, idle ${carried.idleMs} ms`;

/** status 0: no HTTP answer at all (refused, reset, timed out). */
export type Answer = { status: number; body: unknown; ms: number };

export class Tally {
  readonly counts = new Map<number, number>();
  /** A few bodies of each non-2xx status, to show what went wrong and to check their shape. */
  readonly samples = new Map<number, unknown[]>();

  add(answer: Answer): void {
    this.counts.set(answer.status, (this.counts.get(answer.status) ?? 0) + 1);
    if (answer.status >= 200 && answer.status < 300) return;
    const kept = this.samples.get(answer.status) ?? [];
    if (kept.length < 5) kept.push(answer.body);
    this.samples.set(answer.status, kept);
  }

  count(predicate: (status: number) => boolean): number {
    return [...this.counts].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0);
  }

  summary(): string {
    return [...this.counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
  }
}

/**
 * One request over HTTP: `body` goes as JSON; `raw` goes as it is, with its own Content-Type (or none),
 * for bodies no JSON.stringify would write (broken JSON, bytes that are not UTF-8).
 */
export async function call(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: {
    token?: string;
    body?: unknown;
    raw?: { body: string | Uint8Array<ArrayBuffer>; contentType?: string };
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const started = performance.now();
  const callId = randomUUID();
  const contentType = options.raw ? options.raw.contentType : options.body === undefined ? undefined : 'application/json';
  try {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
        ...options.headers,
        [CALL_HEADER]: callId,
      },
      body: options.raw ? options.raw.body : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    // fetch says only "fetch failed": what happened (ECONNRESET, a timeout) is its cause. Its socket (when
    // the client says) tells whether anything of this answer came back; the connection it went out on
    // (fresh, or reused after how many answers and how long idle) is what the client reported of it.
    const cause = (error as { cause?: { code?: string; message?: string; socket?: Record<string, unknown> } }).cause;
    const socket = cause?.socket ? ` socket ${JSON.stringify(cause.socket)}` : '';
    const detail = cause ? ` (${cause.code ?? ''} ${cause.message ?? String(cause)}${socket})` : '';
    const on = connectionSaid(carriedBy.get(callId));
    return { status: 0, body: `${String(error)}${detail} ${on}, after ${Math.round(performance.now() - started)} ms`, ms: performance.now() - started };
  } finally {
    carriedBy.delete(callId);
  }
}

export async function loginOver(baseUrl: string, email: string): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/api/auth/login', { body: { email, password: 'demo1234' } });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { token: string }).token;
}

/** The whole log after `after`, page by page, as GET /api/events serves it. */
export async function eventsOver(baseUrl: string, token: string, after = '0:0'): Promise<ApiEvent[]> {
  const events: ApiEvent[] = [];
  for (let cursor = after; ;) {
    const answer = await call(baseUrl, 'GET', `/api/events?limit=1000&after=${encodeURIComponent(cursor)}`, { token });
    if (answer.status !== 200) throw new Error(`GET /api/events: ${answer.status} ${JSON.stringify(answer.body)}`);
    const page = answer.body as { events: ApiEvent[]; next: string };
    events.push(...page.events);
    if (page.events.length === 0) return events;
    cursor = page.next;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Load = {
  /** Project id -> the newest version a 2xx answer reported for it. */
  acknowledged: Map<string, number>;
  stop: () => Promise<void>;
};

/**
 * `count` writers, each creating a project (every other one with an Idempotency-Key) and then editing
 * it with If-Match, round after round until stopped. With no answer at all (the server is down) a
 * writer waits a moment rather than spinning.
 */
export function startWriters(baseUrl: () => string, token: string, count: number, tally: Tally, label: string): Load {
  const acknowledged = new Map<string, number>();
  let running = true;
  const writer = async (index: number) => {
    for (let round = 0; running; round++) {
      const key = round % 2 === 1 ? { 'idempotency-key': randomUUID() } : undefined;
      const created = await call(baseUrl(), 'POST', '/api/projects', {
        token,
        body: validProjectPayload({ name: `${label} writer ${index} round ${round}` }),
        headers: key,
      });
      tally.add(created);
      if (created.status === 0) await pause(50);
      if (created.status !== 201) continue;
      const project = created.body as { _id: string; version: number };
      acknowledged.set(project._id, project.version);
      const edited = await call(baseUrl(), 'PATCH', `/api/projects/${project._id}`, {
        token,
        body: { description: `Edited by ${label} writer ${index} in round ${round}.` },
        headers: { 'if-match': `"${project.version}"` },
      });
      tally.add(edited);
      if (edited.status === 200) acknowledged.set(project._id, (edited.body as { version: number }).version);
    }
  };
  const writers = Array.from({ length: count }, (_, index) => writer(index));
  return {
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(writers);
    },
  };
}

const readPaths = ['/api/projects', '/api/engineers', '/api/assignments', '/api/events?limit=200'];

/** `count` readers cycling through the lists and the event log until stopped. */
export function startReaders(baseUrl: string, token: string, count: number, tally: Tally): { stop: () => Promise<void> } {
  let running = true;
  const reader = async (index: number) => {
    for (let round = index; running; round++) {
      const answer = await call(baseUrl, 'GET', readPaths[round % readPaths.length]!, { token });
      tally.add(answer);
      if (answer.status === 0) await pause(50);
    }
  };
  const readers = Array.from({ length: count }, (_, index) => reader(index));
  return {
    async stop() {
      running = false;
      await Promise.all(readers);
    },
  };
}
