/**
 * Helpers shared by the history integration tests (tests/integration/history-*.test.ts).
 */
import { sql } from 'kysely';
import type { TestApp } from './app.ts';
import { eventually, type ApiEvent } from './api-helpers.ts';

/** What the REST lists serve (and /api/history/state must reproduce exactly). */
export type Lists = { engineers: Record<string, unknown>[]; projects: Record<string, unknown>[]; assignments: Record<string, unknown>[] };

/** GET /api/engineers, /api/projects and /api/assignments, as the given (manager) token sees them. */
export async function restLists(t: TestApp, token: string): Promise<Lists> {
  const get = async (url: string) => {
    const response = await t.request({ method: 'GET', url, token });
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown>[];
  };
  const [engineers, projects, assignments] = await Promise.all([get('/api/engineers'), get('/api/projects'), get('/api/assignments')]);
  return { engineers, projects, assignments };
}

export const dbEventCount = async (t: TestApp) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.app.db)).rows[0]!.n);

/**
 * Every event after `after` through GET /api/events, once all `expected` of them are visible. Readers
 * only see transactions older than every one still open on the (shared, cluster-wide) server, so another
 * test file's transaction may hold them back for a moment: wait with a deadline, never a fixed sleep.
 */
export async function eventsAfter(t: TestApp, token: string, after: string, expected: number): Promise<ApiEvent[]> {
  const body = await eventually(
    async () => {
      const response = await t.request({ method: 'GET', url: `/api/events?limit=1000&after=${encodeURIComponent(after)}`, token });
      if (response.statusCode !== 200) throw new Error(`GET /api/events: ${response.statusCode} ${response.body}`);
      return response.json() as { events: ApiEvent[] };
    },
    (value) => value.events.length >= expected,
  );
  return body.events;
}

/** The whole log in commit order, once every event the database holds is visible to readers. */
export async function allEvents(t: TestApp, token: string): Promise<ApiEvent[]> {
  return eventsAfter(t, token, '0:0', await dbEventCount(t));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF or LF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      /* the \n ends the row */
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
