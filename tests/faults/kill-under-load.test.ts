/**
 * The server is killed with SIGKILL under 8 writers, three times, and started again on the same
 * database: no shutdown hook runs and transactions are cut mid-way. Every write that was answered 2xx
 * must be there afterwards, a rebuild of the read models from the events must equal the live ones
 * (`npm run rebuild -- --check`), and every stream's hash chain must verify (`npm run verify-history`).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../support/app.ts';
import { expectAcknowledgedWritesPresent } from '../support/fault-checks.ts';
import { loginOver, startWriters, Tally } from '../support/fault-load.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const KILLS = 3;
const WRITERS = 8;

let database: TestDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await spawnServer(database.url);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const runCli = (script: string, args: string[] = []) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });

describe('kill -9 under load', () => {
  it('loses no acknowledged write; the rebuild equals the live read models and the history verifies', async () => {
    const manager = await loginOver(server.baseUrl, demo.manager);
    const tally = new Tally();
    // The same secret on every start: the token stays good across restarts.
    const writers = startWriters(() => server.baseUrl, manager, WRITERS, tally, 'kill');
    const acknowledgedAtKill: number[] = [];
    try {
      for (let kill = 0; kill < KILLS; kill++) {
        await sleep(1_200 + Math.random() * 600);
        await server.kill9();
        acknowledgedAtKill.push(writers.acknowledged.size);
        server = await spawnServer(database.url);
      }
      await sleep(800);
    } finally {
      await writers.stop();
    }

    console.log(
      `[faults] kill -9 x${KILLS} under ${WRITERS} writers: ${writers.acknowledged.size} projects acknowledged ` +
        `(${acknowledgedAtKill.join(', ')} at each kill); answers ${tally.summary()} (0 = no answer while down)`,
    );
    expect(acknowledgedAtKill[0]).toBeGreaterThan(0);
    expect(tally.count((s) => s >= 500), JSON.stringify([...tally.samples])).toBe(0);
    expect(tally.count((s) => s >= 400 && s < 500), JSON.stringify([...tally.samples])).toBe(0);
    await expectAcknowledgedWritesPresent(server.baseUrl, manager, writers.acknowledged);

    await server.stop();
    const rebuild = await runCli('server/cli/rebuild.ts', ['--check']);
    expect(rebuild.stdout).toContain('The rebuilt read models equal the live ones.');
    const verify = await runCli('server/cli/verify-history.ts');
    expect(verify.stdout).toContain('History intact');
  });
});
