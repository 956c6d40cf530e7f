/**
 * What the fault tier (tests/faults/) checks after the damage: the database's own view (one-off
 * queries on a connection of the test's own), the complete event log as GET /api/events serves it,
 * and live clients that must hold exactly that log.
 */
import pg from 'pg';
import { expect } from 'vitest';
import { compareCursorStrings, type ApiEvent } from './api-helpers.ts';
import { call, eventsOver } from './fault-load.ts';
import type { LiveClient } from './live-clients.ts';

/** One query on a connection of its own (the app's sessions may be the ones being cut). */
export async function queryOnce<R extends pg.QueryResultRow>(databaseUrl: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

export const storedEventCount = async (databaseUrl: string) =>
  (await queryOnce<{ n: number }>(databaseUrl, 'select count(*)::int as n from events'))[0]!.n;

/** Whether some session of that database is the live tailer's LISTEN connection. */
export const tailerListening = async (databaseUrl: string) =>
  (await queryOnce(databaseUrl, "select 1 from pg_stat_activity where datname = current_database() and query = 'listen events_appended'")).length > 0;

/**
 * Every stored event, through GET /api/events, once readers can see all of them (another test's open
 * transaction on the shared server can hold visibility back for a moment).
 */
export async function completeLog(baseUrl: string, token: string, databaseUrl: string): Promise<ApiEvent[]> {
  const stored = await storedEventCount(databaseUrl);
  let log = await eventsOver(baseUrl, token);
  for (const deadline = Date.now() + 20_000; log.length < stored && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    log = await eventsOver(baseUrl, token);
  }
  expect(log).toHaveLength(stored);
  return log;
}

/** Each client connected from '0:0' ends with exactly `log`: same cursors, same order, no gap, none twice. */
export async function expectClientsHoldLog(clients: LiveClient[], log: ApiEvent[]): Promise<void> {
  const last = log.at(-1)!.cursor;
  const identity = (e: { cursor: string; streamId: string; streamPosition: number; type: string }) => `${e.cursor} ${e.streamId}#${e.streamPosition} ${e.type}`;
  for (const client of clients) {
    await client.until((c) => c.events.length > 0 && compareCursorStrings(c.events.at(-1)!.cursor, last) >= 0, `the event at ${last}`);
    expect(client.events.map(identity)).toEqual(log.map(identity));
  }
}

/** Every write answered 2xx is there: each project at least at the version its last 2xx reported. */
export async function expectAcknowledgedWritesPresent(baseUrl: string, token: string, acknowledged: Map<string, number>): Promise<void> {
  const answer = await call(baseUrl, 'GET', '/api/projects', { token });
  expect(answer.status).toBe(200);
  const versions = new Map((answer.body as { _id: string; version: number }[]).map((p) => [p._id, p.version]));
  const missing = [...acknowledged].filter(([id, version]) => !((versions.get(id) ?? 0) >= version));
  expect(missing, 'acknowledged writes missing (project id, version)').toEqual([]);
}
