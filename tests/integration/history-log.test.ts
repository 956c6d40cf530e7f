/**
 * The event log for auditors: GET /api/history/events newest first with actor, entity and a
 * readable sentence, paging back with `before` (each event once), filters (type, entity, actorId,
 * from, to), CSV export (a header row, one line per event, formulas defused); GET /api/history/actors;
 * the role matrix (engineers get 403 on every history route, auditors 403 on every write route and
 * append nothing); bad input -> 400 {message}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareCursorStrings, credentialKeys, eventually, validAssignmentPayload, validEngineerPayload, validProjectPayload, type ApiEvent,
} from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { allEvents, dbEventCount, parseCsv, restLists, sleep } from '../support/history-helpers.ts';
import { signInAll, type Who } from '../support/planning-helpers.ts';

type Described = ApiEvent & {
  actor: { id: string; name: string };
  entity: { kind: 'project' | 'assignment' | 'engineer'; id: string; name: string };
  summary: string;
};
type Page = { events: Described[]; next: string | null };

const FORMULA = '=HYPERLINK("http://evil.test","click")';
const CSV_HEADER = ['recordedAt', 'actor', 'actorRole', 'type', 'entity', 'entityId', 'summary', 'cursor', 'data'];

let t: TestApp;
let tokens: Record<Who, string>;
let actorIds: Record<Who, string>;
let log: ApiEvent[];
let newestFirst: ApiEvent[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens, actorIds } = await signInAll(t));
  const { manager, manager2 } = tokens;
  const ok = async (response: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
    const r = await response;
    expect(r.statusCode, r.body).toBe(status);
    return r.json() as { _id: string; version: number };
  };
  const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: manager })).json() as { _id: string; email: string }[];
  ids.lucas = engineers.find((e) => e.email === 'lucas.silva@demo.test')!._id;

  // A few changes by two managers, spread over time so that from/to can cut between them.
  await sleep(5);
  ids.project = (await ok(t.request({ method: 'POST', url: '/api/projects', token: manager, body: validProjectPayload({ name: 'Log Project' }) }), 201))._id;
  await sleep(5);
  ids.assignment = (await ok(t.request({ method: 'POST', url: '/api/assignments', token: manager2, body: validAssignmentPayload(ids.lucas!, ids.project!, { allocationPercentage: 50 }) }), 201))._id;
  await sleep(5);
  await ok(t.request({ method: 'PATCH', url: `/api/assignments/${ids.assignment}`, token: manager, body: { allocationPercentage: 80 }, headers: { 'if-match': '"1"' } }));
  await sleep(5);
  await ok(t.request({ method: 'PATCH', url: `/api/projects/${ids.project}`, token: manager2, body: { status: 'active' }, headers: { 'if-match': '"1"' } }));
  await sleep(5);
  // An engineer whose name is a spreadsheet formula, who then edits their own skills: the actor cell of the CSV.
  ids.formula = (await ok(t.request({ method: 'POST', url: '/api/engineers', token: manager, body: validEngineerPayload({ name: FORMULA, password: 'demo1234' }) }), 201))._id;
  const email = ((await t.request({ method: 'GET', url: `/api/engineers/${ids.formula}`, token: manager })).json() as { email: string }).email;
  await sleep(5);
  await ok(t.request({ method: 'PATCH', url: `/api/engineers/${ids.formula}`, token: await t.login(email), body: { skills: ['TypeScript', 'Go'] }, headers: { 'if-match': '"1"' } }));
  await sleep(5);
  await ok(t.request({ method: 'DELETE', url: `/api/assignments/${ids.assignment}`, token: manager, headers: { 'if-match': '"2"' } }));

  log = await allEvents(t, manager);
  newestFirst = [...log].reverse();
});

afterAll(async () => {
  await t?.close();
});

const history = async (query = '', token = tokens.auditor): Promise<Page> => {
  const response = await t.request({ method: 'GET', url: `/api/history/events${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Every page back from the newest, following `next` as `before`. */
async function allPages(query: string, limit: number): Promise<{ events: Described[]; pages: number }> {
  const events: Described[] = [];
  let before: string | null = null;
  let pages = 0;
  for (;;) {
    const page = await history(`?limit=${limit}${query}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
    pages += 1;
    expect(page.events.length).toBeLessThanOrEqual(limit);
    events.push(...page.events);
    if (page.next === null) return { events, pages };
    expect(page.next).toBe(page.events.at(-1)!.cursor);
    before = page.next;
    if (pages > 100) throw new Error('paging does not end');
  }
}

const cursors = (events: readonly { cursor: string }[]) => events.map((e) => e.cursor);

describe('GET /api/history/events', () => {
  it('lists the whole log newest first, each event with its actor, entity and a readable sentence', async () => {
    const page = await history('?limit=500');
    expect(page.next).toBeNull();
    expect(page.events).toHaveLength(await dbEventCount(t));
    expect(cursors(page.events)).toEqual(cursors(newestFirst));
    for (let i = 1; i < page.events.length; i += 1) expect(compareCursorStrings(page.events[i - 1]!.cursor, page.events[i]!.cursor)).toBe(1);
    // The envelope of /api/events, plus actor, entity and summary.
    for (const [i, e] of page.events.entries()) {
      expect(e).toMatchObject(newestFirst[i]!);
      expect(e.actor.name).not.toBe('System');
      // The default holiday calendar's stream is `calendar`; its entity is the calendar 'default'.
      expect(e.entity.id).toBe(e.streamId === 'calendar' ? 'default' : e.streamId.replace(/^(project|assignment|engineer|account|calendar)-/, ''));
      expect(e.summary.startsWith(`${e.actor.name} `)).toBe(true);
    }
    expect(credentialKeys(page)).toEqual([]);
    const summaries = page.events.slice(0, 7).map((e) => e.summary);
    expect(summaries).toEqual([
      'Dana Whitfield removed Lucas Silva from Log Project',
      `${FORMULA} changed ${FORMULA}: skills from TypeScript to TypeScript, Go`,
      // Registered with a first password: an account too, recorded beside the planning record.
      expect.stringMatching(new RegExp(`^Dana Whitfield gave ${FORMULA.replace(/[()".\\/=:]/g, '\\$&')} an account \\(new\\.hire\\.\\d+\\.\\w+@demo\\.test\\) as an engineer$`)),
      `Dana Whitfield added engineer ${FORMULA} (mid, 100% capacity)`,
      'Chris Okafor moved Log Project from planning to active',
      "Dana Whitfield changed Lucas Silva's allocation on Log Project from 50% to 80%",
      expect.stringMatching(/^Chris Okafor assigned Lucas Silva to Log Project as Backend Engineer at 50% from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/),
    ]);
    expect(page.events[0]!.entity).toEqual({ kind: 'assignment', id: ids.assignment, name: 'Lucas Silva on Log Project' });
  });

  it('the default page is 50 events with `next`', async () => {
    const page = await history();
    expect(page.events).toHaveLength(Math.min(50, log.length));
    expect(page.next).toBe(log.length > 50 ? page.events.at(-1)!.cursor : null);
  });

  it.each([1, 4, 7, 35])('paging back with `before` (limit %i) returns each event exactly once, newest first', async (limit) => {
    const { events, pages } = await allPages('', limit);
    expect(cursors(events)).toEqual(cursors(newestFirst));
    expect(new Set(cursors(events)).size).toBe(events.length);
    expect(pages).toBe(Math.floor(log.length / limit) + 1);
  });

  it('the filters select exactly the matching events (and page with them)', async () => {
    const cases: [string, (e: ApiEvent) => boolean][] = [
      ['type=AssignmentUpdated', (e) => e.type === 'AssignmentUpdated'],
      ['type=AssignmentCreated', (e) => e.type === 'AssignmentCreated'],
      ['entity=project', (e) => e.streamId.startsWith('project-')],
      ['entity=engineer', (e) => e.streamId.startsWith('engineer-')],
      ['entity=assignment', (e) => e.streamId.startsWith('assignment-')],
      [`actorId=${actorIds.manager2}`, (e) => e.metadata.actorId === actorIds.manager2],
      [`actorId=${ids.formula}`, (e) => e.metadata.actorId === ids.formula],
      [`actorId=${actorIds.auditor}`, () => false],
      [`entity=assignment&actorId=${actorIds.manager}`, (e) => e.streamId.startsWith('assignment-') && e.metadata.actorId === actorIds.manager],
    ];
    for (const [query, match] of cases) {
      const expected = cursors(newestFirst.filter(match));
      expect(cursors((await history(`?limit=500&${query}`)).events), query).toEqual(expected);
      expect(cursors((await allPages(`&${query}`, 3)).events), `${query}, paged`).toEqual(expected);
    }
    expect((await history(`?limit=500&actorId=${actorIds.manager2}`)).events.map((e) => e.type)).toEqual(['ProjectStatusChanged', 'AssignmentCreated']);
  });

  it('from and to cut the log by recorded time, both ends included', async () => {
    const changes = log.slice(-7); // this file's own changes, each a few ms apart
    const from = changes[1]!.recordedAt;
    const to = changes[4]!.recordedAt;
    const page = await history(`?limit=500&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(cursors(page.events)).toEqual(cursors(changes.slice(1, 5).reverse()));
    expect(cursors((await history(`?limit=500&from=${encodeURIComponent(to)}`)).events)).toEqual(cursors(changes.slice(4).reverse()));
    expect(cursors((await history(`?limit=500&to=${encodeURIComponent(from)}`)).events)).toEqual(cursors(log.slice(0, -5).reverse()));
    expect((await history(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).events).toEqual([]);
  });

  it('format=csv: a header row and one line per event, newest first, as an attachment', async () => {
    const response = await t.request({ method: 'GET', url: '/api/history/events?format=csv', token: tokens.auditor });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.csv"$/);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows.slice(1).map((r) => r[CSV_HEADER.indexOf('cursor')])).toEqual(cursors(newestFirst));
    expect(response.body.split('\r\n').filter(Boolean)).toHaveLength(log.length + 1);
    for (const row of rows) expect(row).toHaveLength(CSV_HEADER.length);
    const described = (await history('?limit=500')).events;
    for (const [i, row] of rows.slice(1).entries()) {
      const e = described[i]!;
      expect(row[CSV_HEADER.indexOf('type')]).toBe(e.type);
      expect(row[CSV_HEADER.indexOf('entity')]).toBe(e.entity.kind);
      expect(row[CSV_HEADER.indexOf('entityId')]).toBe(e.entity.id);
      expect(row[CSV_HEADER.indexOf('recordedAt')]).toBe(e.recordedAt);
      expect(JSON.parse(row[CSV_HEADER.indexOf('data')]!)).toEqual(e.data);
    }
  });

  it('format=csv defuses cells that a spreadsheet would run as a formula', async () => {
    const response = await t.request({ method: 'GET', url: `/api/history/events?format=csv&actorId=${ids.formula}`, token: tokens.auditor });
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]![CSV_HEADER.indexOf('actor')]).toBe(`'${FORMULA}`);
    expect(rows[1]![CSV_HEADER.indexOf('summary')]).toBe(`'${FORMULA} changed ${FORMULA}: skills from TypeScript to TypeScript, Go`);
    // Raw: every cell is quoted, so the leading character a spreadsheet sees is the apostrophe.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    const all = parseCsv((await t.request({ method: 'GET', url: '/api/history/events?format=csv', token: tokens.auditor })).body);
    for (const cell of all.flat()) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('format=csv honours the filters', async () => {
    const response = await t.request({ method: 'GET', url: '/api/history/events?format=csv&entity=assignment&type=AssignmentCreated', token: tokens.manager });
    const rows = parseCsv(response.body);
    const expected = newestFirst.filter((e) => e.type === 'AssignmentCreated');
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows.slice(1).map((r) => r[CSV_HEADER.indexOf('cursor')])).toEqual(cursors(expected));
  });
});

describe('GET /api/history/actors', () => {
  it('lists everyone who can act, by name, with id and role and no credentials', async () => {
    const response = await t.request({ method: 'GET', url: '/api/history/actors', token: tokens.auditor });
    expect(response.statusCode).toBe(200);
    const actors = response.json() as { id: string; name: string; role: string }[];
    expect(actors).toEqual(expect.arrayContaining([
      { id: actorIds.manager, name: 'Dana Whitfield', role: 'manager' },
      { id: actorIds.manager2, name: 'Chris Okafor', role: 'manager' },
      { id: actorIds.auditor, name: 'Riley Quinn', role: 'auditor' },
      { id: actorIds.engineer, name: 'Sam Rivera', role: 'engineer' },
      { id: ids.formula, name: FORMULA, role: 'engineer' },
    ]));
    for (const a of actors) expect(Object.keys(a).sort()).toEqual(['id', 'name', 'role']);
    expect(credentialKeys(actors)).toEqual([]);
    // Every actor of the log is listed.
    const known = new Set(actors.map((a) => a.id));
    for (const e of log) expect(known.has(e.metadata.actorId as string)).toBe(true);
  });
});

// ---- roles

const historyRoutes: { method: 'GET' | 'POST'; url: () => string }[] = [
  { method: 'GET', url: () => `/api/history/state?at=${encodeURIComponent(new Date().toISOString())}` },
  { method: 'GET', url: () => `/api/history/state?cursor=${encodeURIComponent(log.at(-1)!.cursor)}` },
  { method: 'GET', url: () => `/api/history/diff?from=${encodeURIComponent(log[0]!.recordedAt)}&to=${encodeURIComponent(new Date().toISOString())}` },
  { method: 'GET', url: () => '/api/history/events' },
  { method: 'GET', url: () => '/api/history/events?format=csv' },
  { method: 'GET', url: () => '/api/history/actors' },
  { method: 'POST', url: () => '/api/history/verify' },
];

describe('roles', () => {
  it('an engineer gets 403 on every /api/history route; without a token, 401', async () => {
    for (const route of historyRoutes) {
      const label = `${route.method} ${route.url()}`;
      const forbidden = await t.request({ method: route.method, url: route.url(), token: tokens.engineer });
      expect(forbidden.statusCode, label).toBe(403);
      expect(forbidden.json(), label).toMatchObject({ message: expect.any(String), code: 'FORBIDDEN' });
      expect((await t.request({ method: route.method, url: route.url() })).statusCode, label).toBe(401);
    }
  });

  it.each(['manager', 'auditor'] as const)('the %s reads every /api/history route', async (who) => {
    for (const route of historyRoutes) {
      const response = await t.request({ method: route.method, url: route.url(), token: tokens[who] });
      expect(response.statusCode, `${route.method} ${route.url()}: ${response.body}`).toBe(200);
    }
  });

  it('an auditor gets 403 on every write route and appends nothing', async () => {
    const lists = await restLists(t, tokens.manager);
    const before = await dbEventCount(t);
    const project = lists.projects[0] as { _id: string; version: number };
    const assignment = lists.assignments[0] as { _id: string; version: number };
    const engineer = lists.engineers[0] as { _id: string; version: number };
    const writes: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown; headers?: Record<string, string> }[] = [
      { method: 'POST', url: '/api/projects', body: validProjectPayload({ name: 'Auditor Project' }) },
      { method: 'PATCH', url: `/api/projects/${project._id}`, body: { name: 'Renamed by the auditor' }, headers: { 'if-match': `"${project.version}"` } },
      { method: 'PATCH', url: `/api/projects/${project._id}`, body: { status: 'completed', version: project.version } },
      { method: 'POST', url: '/api/assignments', body: validAssignmentPayload(ids.lucas!, project._id) },
      { method: 'PUT', url: `/api/assignments/${assignment._id}`, body: { role: 'X', allocationPercentage: 10, startDate: '2030-01-01', endDate: '2030-02-01' }, headers: { 'if-match': `"${assignment.version}"` } },
      { method: 'PATCH', url: `/api/assignments/${assignment._id}`, body: { allocationPercentage: 10 }, headers: { 'if-match': `"${assignment.version}"` } },
      { method: 'DELETE', url: `/api/assignments/${assignment._id}`, headers: { 'if-match': `"${assignment.version}"` } },
      { method: 'POST', url: '/api/engineers', body: validEngineerPayload() },
      { method: 'PATCH', url: `/api/engineers/${engineer._id}`, body: { maxCapacity: 50 }, headers: { 'if-match': `"${engineer.version}"` } },
      { method: 'PATCH', url: `/api/engineers/${actorIds.auditor}`, body: { skills: ['Auditing'] }, headers: { 'if-match': '"1"' } },
    ];
    for (const write of writes) {
      const response = await t.request({ ...write, token: tokens.auditor });
      expect(response.statusCode, `${write.method} ${write.url}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({ message: expect.any(String), code: 'FORBIDDEN' });
    }
    expect(await dbEventCount(t)).toBe(before);
    expect(await restLists(t, tokens.manager)).toStrictEqual(lists);
  });
});

// ---- bad input

describe('bad input -> 400 {message}', () => {
  const at = () => encodeURIComponent(new Date().toISOString());
  const cases: [string, () => string, string][] = [
    ['state: at is not a date', () => '/api/history/state?at=not-a-date', 'at must be an ISO 8601 date-time'],
    ['state: at is empty', () => '/api/history/state?at=', 'at must be an ISO 8601 date-time'],
    ['state: both at and cursor', () => `/api/history/state?at=${at()}&cursor=${encodeURIComponent(log.at(-1)!.cursor)}`, 'Give exactly one of at or cursor'],
    ['state: neither at nor cursor', () => '/api/history/state', 'Give exactly one of at or cursor'],
    ['state: cursor is not a cursor', () => '/api/history/state?cursor=abc', 'cursor must be a cursor such as "1234:56"'],
    ['state: cursor with three parts', () => '/api/history/state?cursor=1:2:3', 'cursor must be a cursor such as "1234:56"'],
    ['state: cursor past xid8', () => `/api/history/state?cursor=${2n ** 64n}:1`, 'cursor must be a cursor such as "1234:56"'],
    ['state: negative cursor', () => '/api/history/state?cursor=-1:5', 'cursor must be a cursor such as "1234:56"'],
    ['diff: to before from', () => `/api/history/diff?from=${encodeURIComponent('2026-01-02T00:00:00.000Z')}&to=${encodeURIComponent('2026-01-01T00:00:00.000Z')}`, 'to must not be before from'],
    ['diff: from is not a date', () => `/api/history/diff?from=yesterday&to=${at()}`, 'from must be an ISO 8601 date-time'],
    ['diff: to is missing', () => `/api/history/diff?from=${at()}`, 'to must be an ISO 8601 date-time'],
    ['diff: nothing given', () => '/api/history/diff', 'from must be an ISO 8601 date-time'],
    ['events: before is not a cursor', () => '/api/history/events?before=latest', 'before must be a cursor such as "1234:56"'],
    ['events: unknown type', () => '/api/history/events?type=ProjectDeleted', 'type must be a known event type'],
    ['events: unknown entity', () => '/api/history/events?entity=user', 'entity must be project, engineer, assignment or calendar'],
    ['events: limit 0', () => '/api/history/events?limit=0', 'limit must be between 1 and 500'],
    ['events: limit 501', () => '/api/history/events?limit=501', 'limit must be between 1 and 500'],
    ['events: from is not a date', () => '/api/history/events?from=soon', 'from must be an ISO 8601 date-time'],
    ['events: unknown format', () => '/api/history/events?format=xlsx', 'format must be json or csv'],
  ];
  it.each(cases)('%s', async (_label, url, message) => {
    const response = await t.request({ method: 'GET', url: url(), token: tokens.auditor });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { message: string; code: string };
    expect(body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
  });
});

// ---- last, as it adds events: actor names follow a rename

describe('actor names', () => {
  it('an engineer renamed by a manager appears under the new name as an actor, as in their profile', async () => {
    const sam = actorIds.engineer;
    // Sam's record has the weeks he confirmed in the demo: start from the version it is at.
    const { version } = (await t.request({ method: 'GET', url: `/api/engineers/${sam}`, token: tokens.manager })).json() as { version: number };
    const own = await t.request({ method: 'PATCH', url: `/api/engineers/${sam}`, token: tokens.engineer, body: { skills: ['React', 'TypeScript'] }, headers: { 'if-match': `"${version}"` } });
    expect(own.statusCode, own.body).toBe(200);
    const renamed = await t.request({ method: 'PATCH', url: `/api/engineers/${sam}`, token: tokens.manager, body: { name: 'Sam Rivera-Lopez' }, headers: { 'if-match': `"${version + 1}"` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const profile = (await t.request({ method: 'GET', url: '/api/auth/profile', token: tokens.engineer })).json() as { name: string };
    expect(profile.name).toBe('Sam Rivera-Lopez');

    const actors = (await t.request({ method: 'GET', url: '/api/history/actors', token: tokens.auditor })).json() as { id: string; name: string }[];
    expect(actors.find((a) => a.id === sam)).toEqual({ id: sam, name: 'Sam Rivera-Lopez', role: 'engineer' });
    expect(actors.map((a) => a.name)).toEqual([...actors.map((a) => a.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Besides the weeks he confirmed in the demo, newest first.
    const own_ = await eventually(() => history(`?actorId=${sam}`), (page) => page.events[0]?.type === 'EngineerProfileUpdated');
    expect(own_.events.slice(1).every((e) => e.type === 'ActualsRecorded')).toBe(true);
    expect(own_.events[0]!.actor).toEqual({ id: sam, name: 'Sam Rivera-Lopez' });
    expect(own_.events[0]!.summary).toBe('Sam Rivera-Lopez changed Sam Rivera-Lopez: skills from React, TypeScript, Node.js, GraphQL to React, TypeScript');
  });
});
