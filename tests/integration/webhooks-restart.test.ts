/**
 * Deliveries survive a crash: the real server (`npm start` as a child process) is killed with SIGKILL
 * while a delivery is in flight, and started again on the same database. Every event arrives at least
 * once, none is skipped, and the order is kept (the one in flight may arrive twice, one after the other).
 */
import { afterAll, expect, it } from 'vitest';
import { createDb, createPool } from '../../server/db/connect.ts';
import { findFreePort } from '../../server/db/embedded/ports.ts';
import { type AppProcess, repoRoot, startAppProcess } from '../support/app-process.ts';
import { validProjectPayload } from '../support/api-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startReceiver, withoutRepeats } from '../support/webhook-receiver.ts';
import { untilAllVisible } from '../support/live-clients.ts';

const SECRET = 'restart-secret-0123456789';
let database: TestDatabase | undefined;
const apps: AppProcess[] = [];

afterAll(async () => {
  for (const app of apps) {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      app.child.kill('SIGINT');
      await app.exited;
    }
  }
  await database?.drop();
});

async function start(port: number) {
  const app = startAppProcess(repoRoot, {
    PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: database!.url, PORT: String(port), HOST: '127.0.0.1',
    LOG_LEVEL: 'warn', JWT_SECRET: 'webhook-restart-secret-long-enough-0123',
    WEBHOOK_POLL_MS: '50', WEBHOOK_BACKOFF_BASE_MS: '50', WEBHOOK_BACKOFF_MAX_MS: '500',
  });
  apps.push(app);
  await app.waitFor(/Capacity Planner is running on/);
  return app;
}

it('killed with SIGKILL mid-delivery and started again: every event at least once, none skipped, in order', async () => {
  database = await createTestDatabase();
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const first = await start(port);
  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method, headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as any };
  };
  const token = (await call('POST', '/api/auth/login', undefined, { email: 'manager@demo.test', password: 'demo1234' })).json.token as string;

  const receiver = await startReceiver(SECRET);
  receiver.delayMs = 20;
  // A new endpoint starts at the commit-safe head, which a transaction open in another test's database can
  // hold back: the seed's events are first made visible to everyone, so it is sent only the test's own.
  const db = createDb(createPool(database.url, 1));
  try {
    await untilAllVisible(db);
  } finally {
    await db.destroy();
  }
  const hook = (await call('POST', '/api/webhooks', token, { url: receiver.url, events: ['*'], secret: SECRET })).json as { _id: string; cursor: string };
  for (let i = 0; i < 60; i++) {
    expect((await call('POST', '/api/projects', token, validProjectPayload({ name: `Crash project ${i}` }))).status).toBe(201);
  }

  // The 20th delivery has arrived and is not yet answered: the server dies now.
  let killedAt = -1;
  receiver.onArrive = () => {
    if (killedAt < 0 && receiver.received.length >= 19) {
      killedAt = receiver.received.length;
      first.child.kill('SIGKILL');
    }
  };
  expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
  receiver.onArrive = undefined;
  const beforeRestart = receiver.received.length;
  expect(beforeRestart).toBeLessThan(60);

  await start(port);
  const readLog = async () => {
    const events: string[] = [];
    for (let after = hook.cursor; ;) {
      const page = (await call('GET', `/api/events?after=${after}&limit=500`, token)).json as { events: { cursor: string }[]; next: string };
      if (page.events.length === 0) return events;
      events.push(...page.events.map((e) => e.cursor));
      after = page.next;
    }
  };
  // The events API, too, shows only what every reader can see: read again until all 60 are.
  let expected: string[] = [];
  await expect.poll(async () => (expected = await readLog()).length, { timeout: 10_000 }).toBe(60);
  await receiver.waitFor(60, 60_000);
  await expect.poll(() => new Set(receiver.received.map((r) => r.cursor)).size, { timeout: 30_000 }).toBe(60);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const cursors = receiver.received.map((r) => r.cursor!);
  // At least once and in order: with the repeat of the delivery in flight removed, exactly the log.
  expect(withoutRepeats(cursors)).toEqual(expected);
  expect(cursors.length - 60).toBeLessThanOrEqual(1);
  expect(receiver.received.every((r) => r.signed)).toBe(true);
  await receiver.close();
}, 180_000);
