/**
 * The database goes away for a few seconds and comes back (a restart, a failover), seen from one
 * server through a TCP proxy: every connection is cut and new ones fail meanwhile. The process stays up;
 * /api/health says the database is down, then up; requests answer a clean 503 meanwhile, never 500;
 * afterwards it serves again, its LISTEN connection is back, and a live client holds exactly the log,
 * including what another writer committed while this server could not see the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectInput } from '../../domain/index.ts';
import { createProject } from '../../server/commands/planning.ts';
import { createDb, createPool, type Db } from '../../server/db/connect.ts';
import { decodeJwt, validProjectPayload } from '../support/api-helpers.ts';
import { demo } from '../support/app.ts';
import { completeLog, expectClientsHoldLog, tailerListening } from '../support/fault-checks.ts';
import { call, loginOver, type Answer } from '../support/fault-load.ts';
import { connectSocketIo, eventually, type LiveClient } from '../support/live-clients.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const DOWN_FOR_MS = 3_000;

let database: TestDatabase;
let proxy: TcpProxy;
let server: ServerProcess;
let direct: Db;
let client: LiveClient | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  proxy = await startTcpProxy(database.url);
  server = await spawnServer(proxy.url(database.url));
  direct = createDb(createPool(database.url, 2));
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
  await proxy?.close();
  await direct?.destroy();
  await database?.drop();
});

const health = () => call(server.baseUrl, 'GET', '/api/health', { timeoutMs: 5_000 });

/** Milliseconds until `probe` gives an answer that `done` accepts (throws after `timeoutMs`). */
async function timeUntil(probe: () => Promise<Answer>, done: (answer: Answer) => boolean, timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await probe();
    if (done(answer)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`still ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const unavailable = { message: expect.any(String), code: 'DATABASE_UNAVAILABLE' };

describe('the database goes away and comes back', () => {
  it('health says down then up, requests answer 503 meanwhile, and live clients catch up with nothing missed', async () => {
    const manager = await loginOver(server.baseUrl, demo.manager);
    client = await connectSocketIo(server.baseUrl, { token: manager, after: '0:0' });
    await client.untilControl('live');
    const create = (name: string) => call(server.baseUrl, 'POST', '/api/projects', { token: manager, body: validProjectPayload({ name }) });
    expect((await create('Before the outage')).status).toBe(201);

    proxy.down();
    const noticedMs = await timeUntil(health, (a) => (a.body as { database?: string }).database === 'down');
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ database: 'down' });
    const write = await create('During the outage');
    expect(write.status, JSON.stringify(write.body)).toBe(503);
    expect(write.body).toEqual(unavailable);
    const read = await call(server.baseUrl, 'GET', '/api/projects', { token: manager });
    expect(read.status, JSON.stringify(read.body)).toBe(503);
    expect(read.body).toEqual(unavailable);

    // Another writer (a replica that still reaches the database) commits while this server cannot see it.
    const actor = { actorId: decodeJwt(manager).sub as string, actorRole: 'manager' };
    for (const name of ['Written elsewhere 1', 'Written elsewhere 2']) {
      await direct.transaction().execute((trx) => createProject(trx, createProjectInput.parse(validProjectPayload({ name })), actor));
    }
    await new Promise((resolve) => setTimeout(resolve, DOWN_FOR_MS));
    expect(server.alive(), server.output()).toBe(true);

    proxy.up();
    const upMs = await timeUntil(health, (a) => a.status === 200);
    await expect(health()).resolves.toMatchObject({ status: 200, body: { status: 'ok', database: 'up' } });
    expect((await create('After the outage')).status).toBe(201);
    console.log(`[faults] database outage of ${DOWN_FOR_MS} ms: health said down after ${noticedMs.toFixed(0)} ms, up ${upMs.toFixed(0)} ms after it came back`);

    await eventually(() => tailerListening(database.url), () => 'the tailer is not listening again');
    await expectClientsHoldLog([client], await completeLog(server.baseUrl, manager, database.url));
    expect(server.alive(), server.output()).toBe(true);
  });
});
