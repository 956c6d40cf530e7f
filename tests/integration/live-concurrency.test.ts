/**
 * Live channel under concurrent writes (the commit-order rules of docs/architecture.md, 'Event store
 * rules'): 16 writers on two instances for ~3 s, transactions committing out of transaction-id order;
 * every connected client — socket.io and plain WebSocket, on either instance, connected before or
 * mid-way from '0:0' — ends with exactly the events the database holds after its start cursor, in
 * commit-safe order, none twice.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectInput } from '../../domain/index.ts';
import { createProject, updateProject } from '../../server/commands/planning.ts';
import { compareCursorStrings, decodeJwt, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import {
  connectSocketIo, connectStream, cursorsOf, databaseEventsAfter, listen, startSecondInstance, strictlyIncreasing,
  type LiveClient, type LiveEvent,
} from '../support/live-clients.ts';

const WRITERS = 16;
const WRITE_FOR_MS = 3_000;

let t: TestApp;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
let managerToken: string;
let auditorToken: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // The client that connects mid-way from '0:0' replays the whole log: keep it under the reload bound.
  b = await startSecondInstance(t.databaseUrl, { liveMaxBacklog: 1_000_000 });
  [urlA, urlB] = await Promise.all([listen(t.app), listen(b)]);
  [managerToken, auditorToken] = await Promise.all([t.login(demo.manager), t.login(demo.auditor)]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await b?.close();
  await t?.close();
});

const track = <C extends LiveClient>(client: C): C => {
  clients.push(client);
  return client;
};

describe('16 concurrent writers', () => {
  it('every connected client ends with exactly the events the database holds after its cursor, in commit-safe order, none twice', async () => {
    const list = await t.request({ method: 'GET', url: '/api/projects', token: managerToken });
    const start = list.headers['x-cursor'] as string;
    const early = {
      socketA: track(await connectSocketIo(urlA, { token: managerToken, after: start })),
      socketB: track(await connectSocketIo(urlB, { token: auditorToken, after: start }, { transports: ['polling', 'websocket'] })),
      streamA: track(await connectStream(urlA, { token: auditorToken, after: start })),
      streamB: track(await connectStream(urlB, { token: managerToken, after: start, via: 'header' })),
    };
    await Promise.all(Object.values(early).map((client) => client.untilControl('live')));

    const manager = { actorId: decodeJwt(managerToken).sub as string, actorRole: 'manager' };
    const instances = [t.app, b];
    const deadline = Date.now() + WRITE_FOR_MS;
    let writes = 0;
    const join = async (at: number, name: string, connect: () => Promise<LiveClient>, after: string): Promise<[string, LiveClient, string]> => {
      await new Promise((resolve) => setTimeout(resolve, WRITE_FOR_MS * at));
      return [name, track(await connect()), after];
    };
    const writer = async (index: number) => {
      const instance = instances[index % 2]!;
      for (let round = 0; Date.now() < deadline; round++) {
        const name = `Writer ${index} round ${round}`;
        if (index % 4 === 3) {
          // Several events on two streams in one transaction: they must stay together, in position order.
          await instance.db.transaction().execute(async (trx) => {
            const input = createProjectInput.parse(validProjectPayload({ name }));
            const first = await createProject(trx, input, manager);
            await createProject(trx, createProjectInput.parse(validProjectPayload({ name: `${name} (b)` })), manager);
            await updateProject(trx, first.state!._id, { status: 'active' }, manager);
          });
        } else {
          const response = await instance.inject({
            method: 'POST', url: '/api/projects', headers: { authorization: managerToken }, payload: validProjectPayload({ name }),
          });
          expect(response.statusCode).toBe(201);
        }
        writes++;
      }
    };

    // Joining while the writers run: the replay races the tailer, the window where a gap or a duplicate
    // would appear. The '0:0' joiners replay the whole log, on B (whose reload bound is out of reach).
    const joiners: Promise<[string, LiveClient, string]>[] = [
      join(0.25, 'stream on A joining from the start cursor', () => connectStream(urlA, { token: managerToken, after: start }), start),
      join(0.5, 'socket on B joining from 0:0', () => connectSocketIo(urlB, { token: managerToken, after: '0:0' }), '0:0'),
      join(0.75, 'socket on B joining from 0:0 (polling first)', () => connectSocketIo(urlB, { token: auditorToken, after: '0:0' }, { transports: ['polling', 'websocket'] }), '0:0'),
    ];
    for (const joiner of joiners) joiner.catch(() => undefined); // awaited below; no unhandled rejection meanwhile

    // A client on a bad network: drops and reconnects with the last cursor it saw, again and again, on
    // alternate instances and channels. What it received over all its sessions must be the log, gapless.
    const flapped: LiveEvent[] = [];
    let sessions = 0;
    const flapper = (async () => {
      let after = start;
      while (Date.now() < deadline) {
        const useA = sessions % 2 === 0;
        const client = sessions % 3 === 0
          ? await connectStream(useA ? urlA : urlB, { token: managerToken, after })
          : await connectSocketIo(useA ? urlA : urlB, { token: auditorToken, after });
        sessions++;
        await new Promise((resolve) => setTimeout(resolve, 20 + (sessions % 5) * 15));
        await client.close();
        flapped.push(...client.events);
        after = client.lastCursor() === '0:0' ? after : client.lastCursor();
      }
      return after;
    })();
    const started = Date.now();
    await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
    const flapperAt = await flapper;
    const wroteFor = Date.now() - started;
    const late = await Promise.all(joiners);

    const expected = await databaseEventsAfter(t.app.db, start);
    const whole = await databaseEventsAfter(t.app.db, '0:0');
    // Cursors only grow on a connection: once a client has seen the newest event, it has all it will get.
    const head = whole.at(-1)!.cursor;
    const reached = (cursor: string) => (client: LiveClient) => compareCursorStrings(client.lastCursor(), cursor) >= 0;
    expect(writes).toBeGreaterThan(WRITERS * 5);
    const everyone: [string, LiveClient, typeof expected][] = [
      ...Object.entries(early).map(([name, client]) => [name, client, expected] as [string, LiveClient, typeof expected]),
      ...late.map(([name, client, after]) => [name, client, after === start ? expected : whole] as [string, LiveClient, typeof expected]),
    ];
    await Promise.all(everyone.map(([name, client]) => client.until(reached(head), `${name} to reach ${head}`)));

    // The flapping client, once more from where it left off, must hold everything after its start, once.
    const lastSession = track(await connectSocketIo(urlA, { token: managerToken, after: flapperAt }));
    await lastSession.until(reached(head), `the flapping client to reach ${head}`);
    flapped.push(...lastSession.events);
    // It did flap: several sessions while the writers wrote (how many depends on the machine).
    expect(sessions).toBeGreaterThanOrEqual(5);
    expect(flapped.map(({ cursor, type, streamId }) => ({ cursor, type, streamId })), `flapping client over ${sessions + 1} sessions`).toEqual(expected);

    for (const [name, client, want] of everyone) {
      const got = client.events.map(({ cursor, type, streamId }) => ({ cursor, type, streamId }));
      expect(got, name).toEqual(want);
      expect(new Set(cursorsOf(got)).size, name).toBe(got.length);
      expect(strictlyIncreasing(cursorsOf(got)), name).toBe(true);
      expect(client.log.filter((message) => message.kind === 'reload'), name).toEqual([]);
    }
    // Evidence that the log's commit-safe order is not global_position order (what a naive reader would use).
    const positions = expected.map((event) => Number(event.cursor.split(':')[1]));
    const outOfOrder = positions.filter((position, index) => index > 0 && position < positions[index - 1]!).length;
    console.info(`[live] ${writes} commands by ${WRITERS} writers in ${wroteFor} ms -> ${expected.length} events (${outOfOrder} out of global_position order); ${whole.length} in the whole log; flapping client: ${sessions} sessions`);
  });
});
