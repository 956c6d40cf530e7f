/**
 * PostgreSQL drops every connection of the app while requests are in flight (what a restart, a
 * failover or an administrator does): 10 times, every backend of the database is terminated under
 * 8 writers and 4 readers, with socket.io clients listening. The server process must stay up, serve
 * again within 2 s of each cut, answer nothing but 503 for what the cut broke, and every client must end
 * with exactly the events of GET /api/events: same cursors, same order, none missing, none twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../support/app.ts';
import { completeLog, expectAcknowledgedWritesPresent, expectClientsHoldLog, queryOnce, tailerListening } from '../support/fault-checks.ts';
import { call, loginOver, startReaders, startWriters, Tally } from '../support/fault-load.ts';
import { connectSocketIo, eventually, type LiveClient } from '../support/live-clients.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const CUTS = 10;
const LOAD_BETWEEN_CUTS_MS = 700;
const SERVE_AGAIN_WITHIN_MS = 2_000;

let database: TestDatabase;
let server: ServerProcess;
const clients: LiveClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await spawnServer(database.url);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.stop();
  await database?.drop();
});

/** Terminates every other session on the app's database; returns how many it cut. */
async function cutEveryBackend(): Promise<number> {
  const rows = await queryOnce<{ cut: boolean }>(
    database.url,
    'select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.filter((row) => row.cut).length;
}

/** Milliseconds until a database-backed read answers 200 again. */
async function timeToServe(token: string): Promise<number> {
  const started = performance.now();
  const deadline = started + 10_000;
  for (;;) {
    const answer = await call(server.baseUrl, 'GET', '/api/projects', { token, timeoutMs: 5_000 });
    if (answer.status === 200) return performance.now() - started;
    if (!server.alive()) throw new Error(`the server process exited:\n${server.output().slice(-3_000)}`);
    if (performance.now() > deadline) throw new Error(`not serving again: last answer ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('every backend cut 10 times under load', () => {
  it('the process stays up, serves again within 2 s, answers only 503 for what broke, and live clients miss nothing', async () => {
    const [manager, auditor] = await Promise.all([loginOver(server.baseUrl, demo.manager), loginOver(server.baseUrl, demo.auditor)]);
    for (const [token, transports] of [[manager, ['websocket']], [auditor, ['websocket']], [manager, ['polling', 'websocket']]] as const) {
      clients.push(await connectSocketIo(server.baseUrl, { token, after: '0:0' }, { transports: [...transports] }));
    }
    await Promise.all(clients.map((client) => client.untilControl('live')));

    const writes = new Tally();
    const reads = new Tally();
    const writers = startWriters(() => server.baseUrl, manager, 8, writes, 'cut');
    const readers = startReaders(server.baseUrl, auditor, 4, reads);
    const recoveries: number[] = [];
    const cutSizes: number[] = [];
    try {
      for (let cut = 0; cut < CUTS; cut++) {
        await new Promise((resolve) => setTimeout(resolve, LOAD_BETWEEN_CUTS_MS));
        cutSizes.push(await cutEveryBackend());
        recoveries.push(await timeToServe(auditor));
        expect(server.alive(), `the server died after cut ${cut + 1}:\n${server.output()}`).toBe(true);
      }
    } finally {
      await writers.stop();
      await readers.stop();
    }

    console.log(
      `[faults] ${CUTS} cuts survived (${cutSizes.join(', ')} sessions cut); time to serve again: ` +
        `max ${Math.max(...recoveries).toFixed(0)} ms, median ${median(recoveries).toFixed(0)} ms ` +
        `(${recoveries.map((ms) => ms.toFixed(0)).join(', ')}); writes ${writes.summary()}; reads ${reads.summary()}`,
    );
    expect(server.alive(), server.output()).toBe(true);
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
    expect(Math.min(...cutSizes), 'each cut terminated the app\'s sessions').toBeGreaterThan(0);
    expect(Math.max(...recoveries)).toBeLessThan(SERVE_AGAIN_WITHIN_MS);

    // What a cut breaks is a clean 503; nothing else fails, and the server always answered.
    for (const tally of [writes, reads]) {
      expect(tally.count((s) => s === 0), 'requests without any answer').toBe(0);
      expect(tally.count((s) => s >= 400 && s !== 503), JSON.stringify([...tally.samples])).toBe(0);
      for (const body of tally.samples.get(503) ?? []) {
        expect(body).toEqual({ message: expect.any(String), code: 'DATABASE_UNAVAILABLE' });
      }
      expect(tally.count((s) => s >= 200 && s < 300)).toBeGreaterThan(50);
    }

    await expectAcknowledgedWritesPresent(server.baseUrl, manager, writers.acknowledged);

    // The LISTEN connection came back, and every client holds exactly the log.
    await eventually(() => tailerListening(database.url), () => 'the tailer is not listening again');
    await expectClientsHoldLog(clients, await completeLog(server.baseUrl, auditor, database.url));
  });
});
