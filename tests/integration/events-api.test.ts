/**
 * GET /api/events: `{events, next}` in commit-safe order by cursor; paging by
 * `next` returns every event exactly once; filters type, streamId, actorId, from, to; bad input -> 400.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareCursorStrings, credentialKeys, decodeJwt, deepStrings, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

type Event = {
  cursor: string;
  streamId: string;
  streamPosition: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: string;
};

/**
 * From the demo seed's definition, the manager's: 8 engineers registered, 6 projects created, 14
 * assignments, 1 status change; then 2 time off bookings, 1 holiday, 1 project marked tentative, 2
 * placeholders.
 */
// ... + the accounts: 3 staff and 8 engineers, each AccountActivated.
const BY_MANAGER = 8 + 6 + 14 + 1 + 2 + 1 + 1 + 2 + 11;
/** ... and the weeks engineers confirmed, one ActualsRecorded each (how many depends on the weekday it is seeded). */
let confirmedWeeks: number;
let SEEDED_EVENTS: number;
let TOTAL: number;

let t: TestApp;
let managerToken: string;
let manager2Token: string;
let auditorToken: string;
let seededAt: Date;
let manager2ProjectId: string;

beforeAll(async () => {
  seededAt = new Date(Date.now() - 1000);
  t = await startTestApp();
  confirmedWeeks = Number((await sql<{ n: number }>`select count(*)::int as n from events where type = 'ActualsRecorded'`.execute(t.app.db)).rows[0]!.n);
  SEEDED_EVENTS = BY_MANAGER + confirmedWeeks;
  TOTAL = SEEDED_EVENTS + 1;
  [managerToken, manager2Token, auditorToken] = await Promise.all([t.login(demo.manager), t.login(demo.manager2), t.login(demo.auditor)]);
  // One change by a second actor, so that the actorId filter has something to tell apart.
  const created = await t.request({ method: 'POST', url: '/api/projects', token: manager2Token, body: validProjectPayload({ name: 'By Manager Two' }) });
  expect(created.statusCode).toBe(201);
  manager2ProjectId = created.json()._id;
  await untilAllEventsVisible();
});

/**
 * Readers only see transactions older than every one still open (pg_snapshot_xmin),
 * and transaction ids are server-wide: another test file's open transaction on the same PostgreSQL server
 * briefly holds back what this file's reader sees. Late, never lost: wait until the log is complete.
 */
async function untilAllEventsVisible(timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const expected = await dbEventCount();
  for (;;) {
    const response = await t.request({ method: 'GET', url: '/api/events?limit=1000', token: managerToken });
    const visible = (response.json() as { events: unknown[] }).events.length;
    if (visible === expected) return;
    if (Date.now() > deadline) throw new Error(`only ${visible} of ${expected} events became visible to the reader`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

afterAll(async () => {
  await t?.close();
});

const read = async (query: string, token = managerToken): Promise<{ events: Event[]; next: string }> => {
  const response = await t.request({ method: 'GET', url: `/api/events${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const dbEventCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.app.db)).rows[0]!.n);

describe('GET /api/events', () => {
  it.each(['manager', 'auditor'] as const)('the %s reads {events, next}', async (who) => {
    const body = await read('', who === 'manager' ? managerToken : auditorToken);
    expect(Object.keys(body).sort()).toEqual(['events', 'next']);
    expect(body.events).toHaveLength(TOTAL);
    expect(body.next).toBe(body.events.at(-1)!.cursor);
  });

  it('holds every event of the log: the seed (46 by the manager, and the weeks engineers confirmed) plus the one create', async () => {
    expect(confirmedWeeks).toBeGreaterThan(0);
    expect(await dbEventCount()).toBe(TOTAL);
    const { events } = await read('?limit=1000');
    const byType = (type: string) => events.filter((e) => e.type === type).length;
    expect(byType('EngineerRegistered')).toBe(8);
    expect(byType('ProjectCreated')).toBe(7);
    expect(byType('AssignmentCreated')).toBe(14);
    expect(byType('AccountActivated')).toBe(11);
    expect(events.filter((e) => e.type === 'ProjectStatusChanged' || e.type === 'ProjectUpdated')).toHaveLength(1);
    expect([byType('TimeOffBooked'), byType('HolidayAdded'), byType('ProjectMarkedTentative'), byType('PlaceholderAdded')]).toEqual([2, 1, 1, 2]);
  });

  it('serves each event with the documented fields', async () => {
    const { events } = await read('?limit=1000');
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(['cursor', 'data', 'metadata', 'recordedAt', 'streamId', 'streamPosition', 'type']);
      expect(event.cursor).toMatch(/^\d+:\d+$/);
      expect(event.streamId).toMatch(/^((project|assignment|engineer|account)-[0-9a-f-]{36}|calendar)$/);
      expect(event.streamPosition).toBeGreaterThanOrEqual(1);
      expect(new Date(event.recordedAt).toISOString()).toBe(event.recordedAt);
      // Engineers confirm their own weeks; everything else in the demo is a manager's.
      expect(event.metadata).toMatchObject({ actorId: expect.any(String), actorRole: event.type === 'ActualsRecorded' ? 'engineer' : 'manager' });
    }
  });

  it('is in cursor order, strictly increasing', async () => {
    const { events } = await read('?limit=1000');
    for (let i = 1; i < events.length; i++) {
      expect(compareCursorStrings(events[i - 1]!.cursor, events[i]!.cursor)).toBe(-1);
    }
  });

  it('pages by `next`: every event exactly once, in the same order as one big read', async () => {
    const all = (await read('?limit=1000')).events.map((e) => e.cursor);
    const seen: string[] = [];
    let after = '';
    let pages = 0;
    for (;;) {
      const page = await read(`?limit=5${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      pages++;
      expect(page.events.length).toBeLessThanOrEqual(5);
      if (page.events.length === 0) {
        expect(page.next).toBe(after); // nothing new: the cursor stays where it was
        break;
      }
      seen.push(...page.events.map((e) => e.cursor));
      after = page.next;
      expect(pages).toBeLessThan(50);
    }
    expect(pages).toBe(Math.ceil(TOTAL / 5) + 1); // the full pages, then one empty page
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all);
  });

  it('reads from the start for after=0:0, and from a cursor on for after=<cursor>', async () => {
    const all = (await read('?limit=1000')).events;
    expect((await read('?after=0:0&limit=1000')).events).toEqual(all);
    const middle = all[9]!.cursor;
    expect((await read(`?after=${middle}&limit=1000`)).events).toEqual(all.slice(10));
  });

  it('returns no events after the last cursor, and `next` stays that cursor', async () => {
    const { next } = await read('?limit=1000');
    expect(await read(`?after=${next}`)).toEqual({ events: [], next });
  });

  it('defaults to at most 100 events', async () => {
    expect((await read('')).events.length).toBe(Math.min(TOTAL, 100));
  });

  it('never carries a password or a password hash', async () => {
    const { events } = await read('?limit=1000');
    expect(credentialKeys(events)).toEqual([]);
    const hashes = (await t.app.db.selectFrom('users').select('password_hash').execute()).map((r) => r.password_hash);
    const strings = deepStrings(events);
    for (const hash of hashes) expect(strings).not.toContain(hash);
    expect(strings).not.toContain('demo1234');
  });
});

describe('GET /api/events filters', () => {
  it.each([
    ['ProjectCreated', 7],
    ['AssignmentCreated', 14],
    ['EngineerRegistered', 8],
  ])('type=%s gives exactly those %i events', async (type, count) => {
    const { events } = await read(`?type=${type}&limit=1000`);
    expect(events).toHaveLength(count);
    for (const e of events) expect(e.type).toBe(type);
  });

  it('streamId gives one stream, in stream order', async () => {
    const projects = (await t.request({ method: 'GET', url: '/api/projects', token: managerToken })).json() as { _id: string; name: string }[];
    const tools = projects.find((p) => p.name === 'Internal Tools Refresh')!;
    const { events } = await read(`?streamId=project-${tools._id}`);
    expect(events.map((e) => [e.streamId, e.streamPosition, e.type])).toEqual([
      [`project-${tools._id}`, 1, 'ProjectCreated'],
      [`project-${tools._id}`, 2, expect.stringMatching(/^Project(StatusChanged|Updated)$/)],
    ]);
  });

  it('actorId gives what one actor did', async () => {
    const manager2Id = decodeJwt(manager2Token).sub as string;
    const managerId = decodeJwt(managerToken).sub as string;
    const byManager2 = await read(`?actorId=${manager2Id}`);
    expect(byManager2.events.map((e) => [e.streamId, e.type])).toEqual([[`project-${manager2ProjectId}`, 'ProjectCreated']]);
    expect(byManager2.events[0]!.metadata.actorId).toBe(manager2Id);
    const byManager = await read(`?actorId=${managerId}&limit=1000`);
    expect(byManager.events).toHaveLength(BY_MANAGER);
    for (const e of byManager.events) expect(e.metadata.actorId).toBe(managerId);
  });

  it('combines filters', async () => {
    const manager2Id = decodeJwt(manager2Token).sub as string;
    expect((await read(`?actorId=${manager2Id}&type=AssignmentCreated`)).events).toEqual([]);
    expect((await read(`?actorId=${manager2Id}&type=ProjectCreated`)).events).toHaveLength(1);
  });

  it('pages within a filter', async () => {
    const first = await read('?type=AssignmentCreated&limit=10');
    expect(first.events).toHaveLength(10);
    const second = await read(`?type=AssignmentCreated&limit=10&after=${first.next}`);
    expect(second.events).toHaveLength(4);
    expect(new Set([...first.events, ...second.events].map((e) => e.cursor)).size).toBe(14);
  });

  it('from and to select by recording time', async () => {
    // The demo's history starts eight weeks before it was seeded.
    const past = new Date(seededAt.getTime() - 60 * 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await read(`?to=${encodeURIComponent(past)}`)).events).toEqual([]);
    expect((await read(`?from=${encodeURIComponent(future)}`)).events).toEqual([]);
    expect((await read(`?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&limit=1000`)).events).toHaveLength(TOTAL);
  });

  it('an unknown stream gives no events, not an error', async () => {
    expect((await read('?streamId=project-does-not-exist')).events).toEqual([]);
  });
});

describe('GET /api/events bad input -> 400 {message, code}', () => {
  it.each([
    ['after=garbage', '?after=garbage'],
    ['after without a position', '?after=12'],
    ['after with three parts', '?after=1:2:3'],
    ['after negative', '?after=-1:5'],
    ['after with letters', '?after=abc:def'],
    ['after with a position beyond bigint', '?after=1:9999999999999999999'],
    ['after with a position beyond 2^53', '?after=1:9007199254740993'],
    ['after with a transaction id beyond xid8', '?after=99999999999999999999:1'],
    ['limit=0', '?limit=0'],
    ['limit=1001', '?limit=1001'],
    ['limit not a number', '?limit=many'],
    ['type unknown', '?type=ProjectDeleted'],
    ['from unreadable', '?from=yesterday'],
    ['actorId with a NUL character', '?actorId=a%00b'],
    ['streamId with a NUL character', '?streamId=project-%00'],
  ])('%s', async (_case, query) => {
    const response = await t.request({ method: 'GET', url: `/api/events${query}`, token: managerToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringMatching(/\S/), code: 'VALIDATION_FAILED' });
  });

  it('names the cursor format for a bad after', async () => {
    const response = await t.request({ method: 'GET', url: '/api/events?after=garbage', token: managerToken });
    expect(response.json().message).toMatch(/cursor/i);
  });
});
