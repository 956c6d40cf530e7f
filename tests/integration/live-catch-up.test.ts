/**
 * Catch-up without loss: a client that reconnects with its last cursor first
 * receives every event it missed, in order, once, then 'live'; beyond the backlog bound it is told to
 * reload; the REST lists say which cursor (X-Cursor) and which transactions (X-Snapshot) they reflect.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectInput } from '../../domain/index.ts';
import { createProject } from '../../server/commands/planning.ts';
import { compareCursorStrings, decodeJwt, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import {
  connectSocketIo, connectStream, cursorsOf, databaseEventsAfter, listen, startSecondInstance, strictlyIncreasing,
  untilAllVisible, untilVisible, type LiveClient, type LiveMessage,
} from '../support/live-clients.ts';

/** How long a client may wait for 'live' while other files' transactions hold the cluster's snapshot back. */
const CATCH_UP_MS = 60_000;

let t: TestApp;
let url: string;
let managerToken: string;
let auditorToken: string;
const clients: LiveClient[] = [];
const instances: FastifyInstance[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await listen(t.app);
  [managerToken, auditorToken] = await Promise.all([t.login(demo.manager), t.login(demo.auditor)]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(instances.map((instance) => instance.close()));
  await t?.close();
});

const track = <C extends LiveClient>(client: C): C => {
  clients.push(client);
  return client;
};

/** GET /api/projects and the cursor it reflects; `quiet` first waits until readers see the whole log. */
async function listCursor(quiet = true): Promise<{ cursor: string; snapshot: string; projects: { _id: string }[] }> {
  if (quiet) await untilAllVisible(t.app.db);
  const response = await t.request({ method: 'GET', url: '/api/projects', token: managerToken });
  expect(response.statusCode).toBe(200);
  return {
    cursor: response.headers['x-cursor'] as string,
    snapshot: response.headers['x-snapshot'] as string,
    projects: response.json() as { _id: string }[],
  };
}

async function postProjects(count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const response = await t.request({
      method: 'POST', url: '/api/projects', token: managerToken, body: validProjectPayload({ name: `${prefix} ${index}` }),
    });
    expect(response.statusCode).toBe(201);
    ids.push(response.json()._id as string);
  }
  return ids;
}

/** `count` projects through the command layer, 25 to a transaction: a quick way to fall far behind. */
async function commandProjects(count: number, prefix: string): Promise<void> {
  const manager = { actorId: decodeJwt(managerToken).sub as string, actorRole: 'manager' };
  for (let done = 0; done < count; done += 25) {
    await t.app.db.transaction().execute(async (trx) => {
      for (let index = done; index < Math.min(done + 25, count); index++) {
        await createProject(trx, createProjectInput.parse(validProjectPayload({ name: `${prefix} ${index}` })), manager);
      }
    });
  }
}

/** The messages before the first control message of that kind. */
const before = (log: LiveMessage[], kind: 'live' | 'reload') => log.slice(0, log.findIndex((message) => message.kind === kind));

describe('REST lists report the cursor they reflect', () => {
  it('GET /api/projects sends X-Cursor and X-Snapshot; on a quiet database a client connecting at X-Cursor receives nothing already listed', async () => {
    const list = await listCursor();
    expect(list.cursor).toMatch(/^\d+:\d+$/);
    expect(list.snapshot).toMatch(/^\d+:\d+:[\d,]*$/);
    const head = (await databaseEventsAfter(t.app.db)).at(-1)!.cursor;
    expect(list.cursor).toBe(head);

    const client = track(await connectSocketIo(url, { token: managerToken, after: list.cursor }));
    await client.untilControl('live');
    expect(client.log).toEqual([{ kind: 'live', cursor: list.cursor }]);
    await client.close();
  });

  it('with a transaction in flight, the events after X-Cursor that the list already shows are exactly those X-Snapshot includes', async () => {
    const manager = { actorId: decodeJwt(managerToken).sub as string, actorRole: 'manager' };
    const input = (name: string) => createProjectInput.parse(validProjectPayload({ name }));

    // An older transaction stays open while a younger one commits: the younger one is in the list but
    // past X-Cursor (readers cannot see it before the older one ends), and X-Snapshot says it is included.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let olderWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (olderWrote = resolve));
    let olderId = '';
    const older = t.app.db.transaction().execute(async (trx) => {
      olderId = (await createProject(trx, input('Older, committed late'), manager)).state!._id;
      olderWrote();
      await released;
    });
    let list: Awaited<ReturnType<typeof listCursor>>;
    let youngerId: string;
    let client: LiveClient;
    try {
      await wrote;
      youngerId = (await t.app.db.transaction().execute((trx) => createProject(trx, input('Younger, committed first'), manager))).state!._id;
      list = await listCursor(false); // the older transaction holds the readers back on purpose
      client = track(await connectSocketIo(url, { token: auditorToken, after: list.cursor }));
    } finally {
      release();
      await older;
    }
    const listed = new Set(list.projects.map((project) => project._id));
    expect(listed.has(youngerId)).toBe(true);
    expect(listed.has(olderId)).toBe(false);

    await client.until((c) => c.events.some((e) => e.data.projectId === youngerId) && c.events.some((e) => e.data.projectId === olderId), 'both projects');
    expect(client.events.map((event) => event.data.projectId)).toEqual([olderId, youngerId]); // commit-safe order: by transaction id
    for (const event of client.events) {
      const transactionId = event.cursor.split(':')[0]!;
      const { rows } = await sql<{ included: boolean }>`
        select pg_visible_in_snapshot(${transactionId}::xid8, ${list.snapshot}::pg_snapshot) as included`.execute(t.app.db);
      expect({ project: event.data.projectId, inList: listed.has(event.data.projectId!) }).toEqual({
        project: event.data.projectId,
        inList: rows[0]!.included,
      });
    }
    await client.close();
  });
});

describe('catch-up after a disconnection', () => {
  it('a client reconnecting with its last cursor receives exactly the 200 events it missed, in order, once, then live', { timeout: 150_000 }, async () => {
    const { cursor } = await listCursor();
    const socket = track(await connectSocketIo(url, { token: managerToken, after: cursor }));
    const stream = track(await connectStream(url, { token: auditorToken, after: cursor }));
    // Catch-up sends only what every reader can see: a transaction open elsewhere in the cluster (other test
    // files' databases share it, and a demo seed is one transaction) can hold 'live' back on a busy machine.
    await Promise.all([socket.untilControl('live', CATCH_UP_MS), stream.untilControl('live', CATCH_UP_MS)]);
    const lastSeen = { socket: socket.lastCursor(), stream: stream.lastCursor() };
    await Promise.all([socket.close(), stream.close()]);

    const ids = await postProjects(200, 'Missed');
    const missed = await databaseEventsAfter(t.app.db, lastSeen.socket);
    expect(missed).toHaveLength(200);
    expect(lastSeen.stream).toBe(lastSeen.socket);
    // Every one of them visible to readers before reconnecting, so all of them belong before 'live'.
    await untilVisible(t.app.db, missed.at(-1)!.cursor);

    const socketAgain = track(await connectSocketIo(url, { token: managerToken, after: lastSeen.socket }));
    const streamAgain = track(await connectStream(url, { token: auditorToken, after: lastSeen.stream }));
    await Promise.all([socketAgain.untilControl('live', CATCH_UP_MS), streamAgain.untilControl('live', CATCH_UP_MS)]);

    for (const client of [socketAgain, streamAgain]) {
      const replayed = before(client.log, 'live').map((message) => (message.kind === 'event' ? message.event : message));
      expect(replayed).toHaveLength(200);
      expect(cursorsOf(replayed as { cursor: string }[])).toEqual(cursorsOf(missed));
      expect(client.events.map((event) => event.data.projectId)).toEqual(ids);
      expect(client.events.every((event) => event.type === 'ProjectCreated')).toBe(true);
      expect(client.log.at(-1)).toEqual({ kind: 'live', cursor: missed.at(-1)!.cursor });
    }

    // Once: nothing is sent twice after 'live' either. One more write, and it is the only further message.
    const [sentinel] = await postProjects(1, 'After catch-up');
    for (const client of [socketAgain, streamAgain]) {
      await client.until((c) => c.events.length === 201, 'the write after catch-up');
      expect(client.events.map((event) => event.data.projectId)).toEqual([...ids, sentinel]);
      expect(client.log).toHaveLength(202);
      expect(strictlyIncreasing(cursorsOf(client.events))).toBe(true);
    }
  });
});

describe('backlog bound', () => {
  // The second case has a bound above the replay's page size (500): the decision must still come first.
  it.each([
    { bound: 50, missed: 120 },
    { bound: 600, missed: 650 },
  ])('a client $missed events behind, on an instance with liveMaxBacklog $bound, gets reload with a cursor instead of the backlog, then the events after it live', async ({ bound, missed: behind }) => {
    const bounded = await startSecondInstance(t.databaseUrl, { liveMaxBacklog: bound });
    instances.push(bounded);
    const boundedUrl = await listen(bounded);
    const { cursor } = await listCursor();
    const first = track(await connectSocketIo(boundedUrl, { token: managerToken, after: cursor }));
    await first.untilControl('live');
    const lastSeen = first.lastCursor();
    await first.close();

    await commandProjects(behind, 'Far behind');
    const missed = await databaseEventsAfter(t.app.db, lastSeen);
    expect(missed).toHaveLength(behind);
    await untilVisible(t.app.db, missed.at(-1)!.cursor);

    const again = track(await connectSocketIo(boundedUrl, { token: managerToken, after: lastSeen }));
    await again.untilControl('reload');
    // Told to reload instead of being sent the backlog: nothing comes before 'reload'.
    expect(before(again.log, 'reload')).toEqual([]);
    const reloadAt = (again.log[0] as { cursor: string }).cursor;
    expect(compareCursorStrings(reloadAt, lastSeen)).toBeGreaterThanOrEqual(0);
    await again.untilControl('live');

    // Then the events after the reload cursor, live: exactly what the database holds after it.
    const later = await postProjects(3, 'After reload');
    const expected = await databaseEventsAfter(t.app.db, reloadAt);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    await again.until((c) => compareCursorStrings(c.lastCursor(), expected.at(-1)!.cursor) >= 0, `the events after the reload cursor ${reloadAt}`);
    expect(cursorsOf(again.events)).toEqual(cursorsOf(expected));
    expect(again.events.slice(-3).map((event) => event.data.projectId)).toEqual(later);
    expect(again.log.filter((message) => message.kind === 'reload')).toHaveLength(1);
  });
});
