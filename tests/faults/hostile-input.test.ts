/**
 * Hostile input across every operation the app documents. The test walks the OpenAPI document the
 * server serves (/docs/json, generated from the routes' zod schemas), so an endpoint added later is
 * covered without editing this file. For each operation it fills one request from the schemas (ids
 * from the seeded demo), then breaks one thing at a time (tests/support/openapi-variants.ts): a
 * field's type, size, encoding or date, a missing required field, the whole body, a path id, a query
 * value. Sent over real HTTP to the real server (a child process, as `npm start` runs it), 4 at a
 * time, signed in as the demo manager: writes first, then reads of what they made, deletions last.
 *
 * It holds: no 5xx, no request left without an answer (reset, timed out), a string `message` in every
 * 4xx body, and no success for a path id nothing has ('constructor' must not be found in a record).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../support/app.ts';
import { type Answer, call, loginOver } from '../support/fault-load.ts';
import {
  camelOf, type HostileRequest, type Ids, idKindOf, kindOfSegment, type Method, type OpenApiDocument, type Operation, operationsOf, requestsFor, validValue,
} from '../support/openapi-variants.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const CONCURRENCY = 4;
/**
 * How many requests the walk sends at least: the reads are walked again (in another order each
 * round) until it has. The tier sends one walk of every operation, to keep its few minutes; a rare
 * fault (one reset in a run) needs the long walk to be seen: HOSTILE_REQUESTS=100000 (README).
 */
const AT_LEAST = Number(process.env.HOSTILE_REQUESTS ?? 0);
/**
 * Six minutes for one walk (it takes under two on an idle machine, but every operation added lengthens
 * it and a busy CI machine halves its pace); a longer walk gets time in proportion (about 30 requests a
 * second at the least).
 */
const WALK_TIMEOUT_MS = Math.max(360_000, Math.ceil(AT_LEAST / 30) * 1_000);

/**
 * Operations that end the session the walk runs on (signing out this token or every token of the
 * account, deactivating an account): run in the middle, they would turn every later request into a
 * 401. Skipped, and only these; any other 401 signs in again, and fails the test if it cannot.
 */
const SESSION_ENDING = [/\/logout$/, /\/logout-all$/, /\/deactivate$/];

let database: TestDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  // Migrating and seeding a fresh database takes longer than the default minute on a loaded machine;
  // within the tier's hook timeout.
  server = await spawnServer(database.url, { readyTimeoutMs: 100_000 });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

type Item = Record<string, unknown> & { _id?: string; id?: string };
const idOf = (item: Item) => String(item._id ?? item.id);

/** The signed-in manager's token, taken again whenever the server stops accepting it. */
class Session {
  token = '';
  private renewing: Promise<string> | null = null;
  constructor(private readonly baseUrl: string) {}

  async signIn(): Promise<string> {
    this.renewing ??= loginOver(this.baseUrl, demo.manager).finally(() => (this.renewing = null));
    this.token = await this.renewing;
    return this.token;
  }

  /** A 401 on an operation that needs a token: sign in again if the session is what ended, and say whether to retry. */
  async lost(after: string): Promise<boolean> {
    const profile = await call(this.baseUrl, 'GET', '/api/auth/profile', { token: this.token });
    if (profile.status !== 401) return false;
    await this.signIn().catch((error: unknown) => {
      throw new Error(`cannot sign in again after ${after}: add it to SESSION_ENDING if it ends the session by design (${String(error)})`);
    });
    return true;
  }
}

/** The ids the demo holds, by kind ('engineer', 'timeOff', 'scenario'), read through the lists the document names. */
class DemoIds implements Ids {
  readonly pools = new Map<string, Item[]>();
  constructor(private readonly me: Item) {}

  of(kind: string): string | undefined {
    const item = this.pools.get(kind)?.[0];
    if (item) return idOf(item);
    // Whoever is signed in is the manager, owner or actor a field can name.
    return ['manager', 'owner', 'actor', 'user', 'account'].includes(kind) ? idOf(this.me) : undefined;
  }

  otherThan(kind: string): string | undefined {
    const other = [...this.pools].find(([k, items]) => k !== kind && items.length > 0 && typeof items[0]!._id === 'string');
    return other ? idOf(other[1][0]!) : undefined;
  }
}

const isList = (body: unknown): body is Item[] =>
  Array.isArray(body) && body.every((item) => item && typeof item === 'object' && (typeof item._id === 'string' || typeof item.id === 'string'));

/** Every list the document offers without a path id (GET /api/engineers, /api/time-off, ...), read once. */
async function readPools(ops: Operation[], ids: DemoIds, token: string): Promise<void> {
  for (const op of ops.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
    const query = op.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => `${p.name}=${encodeURIComponent(String(validValue(p.schema ?? {}, p.name, ids)))}`)
      .join('&');
    const answer = await call(server.baseUrl, 'GET', query ? `${op.path}?${query}` : op.path, { token });
    if (answer.status === 200 && isList(answer.body)) ids.pools.set(kindOfSegment(op.path.split('/').at(-1)!), answer.body);
  }
}

/**
 * A kind the demo has none of (scenarios): one is made through the collection's own POST, filled from
 * its schema, so the operations on `{id}` meet a real one.
 */
async function createMissing(ops: Operation[], ids: DemoIds, token: string): Promise<void> {
  for (const op of ops.filter((o) => o.method === 'POST' && o.body && !o.path.includes('{'))) {
    const kind = kindOfSegment(op.path.split('/').at(-1)!);
    const list = ids.pools.get(kind);
    if (!list || list.length > 0) continue;
    const created = await call(server.baseUrl, 'POST', op.path, { token, body: validValue(op.body!.schema, 'body', ids) });
    if (created.status === 201 || created.status === 200) list.push(created.body as Item);
  }
}

/**
 * Real values for the path's ids: the last one from its own list ({timeOffId}: GET /api/time-off), the
 * ones before from what that item refers to (its engineerId for /api/engineers/{id}/...), and one with
 * no list of its own from the item its parent path answers ({changeId}: GET /api/scenarios/{id}).
 */
async function pathValuesFor(op: Operation, ids: DemoIds, token: string): Promise<Record<string, string>> {
  const segments = op.path.split('/');
  const params = segments.flatMap((segment, index) => (/^\{.+\}$/.test(segment) ? [{ name: segment.slice(1, -1), index }] : []));
  const kindOf = (p: { name: string; index: number }) => (p.name === 'id' ? kindOfSegment(segments[p.index - 1]!) : (idKindOf(p.name) ?? p.name));
  const values: Record<string, string> = {};
  // A parameter that names one of a few words ({kind}) is not an id: the first of them.
  for (const p of op.parameters.filter((p) => p.in === 'path' && p.schema?.enum)) values[p.name] = String(p.schema!.enum![0]);
  let child: Item | undefined;
  for (const p of [...params].reverse().filter((p) => values[p.name] === undefined)) {
    const kind = kindOf(p);
    const referred = child?.[`${kind}Id`];
    if (typeof referred === 'string') {
      values[p.name] = referred;
      continue;
    }
    const item = ids.pools.get(kind)?.[0];
    if (item) {
      values[p.name] = idOf(item);
      child = item;
    }
  }
  for (const p of params) {
    if (values[p.name] !== undefined) continue;
    const parent = segments.slice(0, p.index - 1).join('/').replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
    const answer = parent.includes('{') ? null : await call(server.baseUrl, 'GET', parent, { token });
    const nested = (answer?.body as Record<string, unknown> | undefined)?.[camelOf(segments[p.index - 1]!)];
    const first = Array.isArray(nested) ? (nested[0] as Item | undefined) : undefined;
    values[p.name] = String(first?.[p.name] ?? (first ? idOf(first) : randomUUID()));
  }
  return values;
}

/**
 * Writes first (on the demo as seeded), then reads (of what the writes made), deletions last so they
 * remove nothing the others use. Within a phase, the requests of all its operations share the 4 lanes.
 */
const phases: Method[][] = [['POST', 'PUT', 'PATCH'], ['GET'], ['DELETE']];

type Offender = { request: HostileRequest; answer: Answer; why: string };

async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** The same items in another order, the same for the same seed (so a failing round can be walked again). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed * 2_654_435_761 >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const shown = (request: HostileRequest) => {
  const body = request.body?.text;
  const text = body === undefined ? '' : typeof body === 'string' ? body : `bytes ${Buffer.from(body).toString('hex')}`;
  return `${request.method} ${request.url.slice(0, 300)} [${request.what}]${text ? ` body ${text.slice(0, 300)}${text.length > 300 ? '...' : ''}` : ''}`;
};

describe('hostile input on every documented operation', () => {
  it('answers each broken request with a 4xx and its {message}: no 5xx, none left unanswered', { timeout: WALK_TIMEOUT_MS }, async () => {
    const docAnswer = await call(server.baseUrl, 'GET', '/docs/json');
    expect(docAnswer.status).toBe(200);
    const ops = operationsOf(docAnswer.body as OpenApiDocument);
    const walked = ops.filter((op) => !SESSION_ENDING.some((pattern) => pattern.test(op.path)));
    const session = new Session(server.baseUrl);
    await session.signIn();
    const me = (await call(server.baseUrl, 'GET', '/api/auth/profile', { token: session.token })).body as Item;
    const ids = new DemoIds(me);
    await readPools(walked, ids, session.token);
    await createMissing(walked, ids, session.token);

    const started = performance.now();
    const statuses = new Map<number, number>();
    const offenders: Offender[] = [];
    let requests = 0;
    const served = new Set<Operation>();
    const tally = (op: Operation, request: HostileRequest, answer: Answer) => {
      requests += 1;
      if (answer.status >= 200 && answer.status < 300) served.add(op);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 0) offenders.push({ request, answer, why: 'no answer' });
      else if (answer.status >= 500) offenders.push({ request, answer, why: String(answer.status) });
      else if (answer.status >= 400 && typeof (answer.body as { message?: unknown } | null)?.message !== 'string') {
        offenders.push({ request, answer, why: `${answer.status} without {message}` });
      } else if (answer.status < 300 && request.madeUpId) offenders.push({ request, answer, why: `${answer.status} for an id nothing has` });
    };
    const send = async (op: Operation, request: HostileRequest) => {
      let ifMatch: string | undefined;
      for (let attempt = 1; ; attempt++) {
        const answer = await call(server.baseUrl, request.method, request.url, {
          token: op.secured ? session.token : undefined,
          raw: request.body === undefined ? undefined : { body: request.body.text, contentType: request.body.contentType },
          headers: ifMatch === undefined ? undefined : { 'if-match': ifMatch },
          timeoutMs: 20_000,
        });
        tally(op, request, answer);
        if (attempt > 3) return;
        if (answer.status === 401 && op.secured && (await session.lost(`${op.method} ${op.path}`))) continue;
        // A write refused only for the version it was made against goes again against the current one
        // (428: none sent; 409 names it), so that its input reaches the command and the database.
        const current = (answer.body as { currentVersion?: unknown } | null)?.currentVersion;
        if (answer.status === 428) ifMatch = '"0"';
        else if (answer.status === 409 && typeof current === 'number') ifMatch = `"${current}"`;
        else return;
      }
    };
    let reads: { op: Operation; request: HostileRequest }[] = [];
    for (const phase of phases) {
      // Ids as they are now: an earlier phase may have removed the first of a kind.
      await readPools(walked, ids, session.token);
      const queue: { op: Operation; request: HostileRequest }[] = [];
      for (const op of walked.filter((o) => phase.includes(o.method))) {
        for (const request of requestsFor(op, ids, await pathValuesFor(op, ids, session.token))) queue.push({ op, request });
      }
      await inPool(queue, CONCURRENCY, ({ op, request }) => send(op, request));
      if (phase.includes('GET')) reads = queue;
    }
    for (let round = 1; requests < AT_LEAST && reads.length > 0; round++) {
      await inPool(shuffled(reads, round), CONCURRENCY, ({ op, request }) => send(op, request));
    }
    const seconds = (performance.now() - started) / 1000;

    const count = (predicate: (status: number) => boolean) => [...statuses].filter(([s]) => predicate(s)).reduce((sum, [, n]) => sum + n, 0);
    const fiveHundreds = count((s) => s >= 500);
    console.log(
      `[faults] hostile input: ${walked.length} operations, ${requests.toLocaleString('en')} requests, ${fiveHundreds} 5xx, ` +
        `${count((s) => s === 0)} unanswered in ${seconds.toFixed(1)} s; ${served.size} operations answered 2xx at least once, ` +
        `${ops.length - walked.length} skipped as session-ending; ` +
        `statuses ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ')}`,
    );
    const report = (why: (o: Offender) => boolean) =>
      offenders.filter(why).map((o) => `${o.why}: ${shown(o.request)} -> ${JSON.stringify(o.answer.body).slice(0, 600)}`);
    expect(report((o) => o.why === 'no answer'), 'requests without an answer (reset, timed out)').toEqual([]);
    expect(report((o) => o.answer.status >= 500), `requests answered 5xx; the server's log ends:\n${server.output().slice(-3_000)}`).toEqual([]);
    expect(report((o) => o.answer.status >= 400 && o.answer.status < 500), '4xx answers without a string message').toEqual([]);
    expect(report((o) => o.answer.status >= 200 && o.answer.status < 300), 'success for a path id nothing has (\'constructor\' found in a record?)').toEqual([]);
    expect(server.alive(), server.output().slice(-3_000)).toBe(true);
    // The walk got past the door: the document was read whole, and most operations did their work at least once.
    expect(walked.length).toBeGreaterThan(50);
    expect(served.size).toBeGreaterThan(walked.length / 2);
  });
});
