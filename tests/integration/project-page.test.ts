/**
 * What the project page and the Projects screen read: GET /api/projects searched, filtered, sorted
 * and paged on the server (the whole bare list unchanged without a parameter), the same rows and order
 * as the client's in-memory answer for a past moment (domain/lists/project-list.ts), and one project's
 * history (GET /api/history/events?projectId=): its own events and those of every assignment made on
 * it, removed ones included, nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerProjectList, projectListQuery, type Project } from '../../domain/index.ts';
import { decodeJwt, validAssignmentPayload, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { untilAllVisible } from '../support/live-clients.ts';

let t: TestApp;
let manager: string;
let auditor: string;
let engineer: string;
let bare: Project[];
let placeholders: { projectId: string }[];

beforeAll(async () => {
  t = await startTestApp();
  [manager, auditor, engineer] = await Promise.all([t.login(demo.manager), t.login(demo.auditor), t.login(demo.engineer)]);
  // More projects than a page, some tentative, so paging and filters have something to do.
  for (let i = 0; i < 7; i++) {
    const created = await t.request({ method: 'POST', url: '/api/projects', token: manager, body: validProjectPayload({ name: `Pipeline ${i} Search`, status: i % 2 ? 'active' : 'planning' }) });
    expect(created.statusCode).toBe(201);
    if (i % 3 === 0) {
      const p = created.json() as Project;
      expect((await t.request({ method: 'POST', url: `/api/projects/${p._id}/tentative`, token: manager, body: { version: p.version } })).statusCode).toBe(200);
    }
  }
  bare = (await t.request({ method: 'GET', url: '/api/projects', token: manager })).json();
  placeholders = (await t.request({ method: 'GET', url: '/api/placeholders', token: manager })).json();
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = manager) => t.request({ method: 'GET', url, token });

describe('GET /api/projects for the Projects screen', () => {
  it('answers the whole bare array without a parameter, as the public API always did', async () => {
    const response = await get('/api/projects');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    expect((response.json() as Project[]).length).toBe(13);
  });

  it.each([
    'q=search&limit=20',
    'q=PORTAL&limit=20',
    'q=kotlin&limit=20',
    'status=active&limit=20',
    'status=planning,completed&sort=-startDate&limit=20',
    'tentative=true&limit=20',
    'tentative=false&sort=name&limit=5&offset=5',
    'sort=-startDate&limit=20',
    'sort=status&limit=20',
    'sort=-endDate&limit=4&offset=8',
    'sort=-name&limit=20',
    'sort=-created&limit=20',
    'sort=created&limit=3&offset=3',
    'openRoles=true&limit=20',
    'openRoles=false&sort=-created&limit=20',
  ])('?%s: the server answers the same rows, order and total as the in-memory answer', async (query) => {
    const response = await get(`/api/projects?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const expected = answerProjectList(bare, projectListQuery.parse(Object.fromEntries(new URLSearchParams(query))), placeholders);
    expect((response.json() as Project[]).map((p) => p.name)).toEqual(expected.rows.map((p) => p.name));
    expect(Number(response.headers['x-total-count'])).toBe(expected.total);
    expect(expected.rows.length).toBeGreaterThan(0);
  });

  it('-created is newest first: the project added last heads it', async () => {
    const newest = (await get('/api/projects?sort=-created&limit=1')).json() as Project[];
    expect(newest[0]!.name).toBe('Pipeline 6 Search');
    expect(placeholders.length).toBeGreaterThan(0);
  });

  it('refuses a bad parameter with a clear 400', async () => {
    for (const [query, message] of [['status=done', 'status'], ['sort=teamSize', 'sort'], ['tentative=maybe', 'tentative'], ['openRoles=1', 'openRoles'], ['limit=0', 'limit']] as const) {
      const response = await get(`/api/projects?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as { message: string }).message, query).toContain(message);
    }
  });
});

describe("GET /api/history/events?projectId= (a project's history)", () => {
  it("has the project's events and its assignments', removed ones too, newest first, and nothing of other projects", async () => {
    const [project, other] = bare.filter((p) => p.name.startsWith('Pipeline')) as [Project, Project];
    const samId = decodeJwt(engineer).sub as string;
    const made = (await t.request({ method: 'POST', url: '/api/assignments', token: manager, body: validAssignmentPayload(samId, project._id, { role: 'History Role' }) })).json();
    const gone = (await t.request({ method: 'POST', url: '/api/assignments', token: manager, body: validAssignmentPayload(samId, project._id, { role: 'Gone Role' }) })).json();
    expect((await t.request({ method: 'DELETE', url: `/api/assignments/${gone._id}`, token: manager, body: { version: gone.version } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/assignments', token: manager, body: validAssignmentPayload(samId, other._id, { role: 'Elsewhere' }) })).statusCode).toBe(201);
    await untilAllVisible(t.app.db);

    const response = await get(`/api/history/events?projectId=${project._id}&limit=50`);
    expect(response.statusCode, response.body).toBe(200);
    const { events } = response.json() as { events: { streamId: string; summary: string; cursor: string }[] };
    const streams = new Set(events.map((e) => e.streamId));
    expect(streams).toEqual(new Set([`project-${project._id}`, `assignment-${made._id}`, `assignment-${gone._id}`]));
    expect(events[0]!.summary).toBe(`Dana Whitfield removed Sam Rivera from ${project.name}`);
    expect(events.at(-1)!.summary).toMatch(new RegExp(`^Dana Whitfield created project ${project.name}`));
    expect(events.some((e) => e.summary.includes('Elsewhere'))).toBe(false);

    const older = await get(`/api/history/events?projectId=${project._id}&limit=2&before=${encodeURIComponent(events[1]!.cursor)}`);
    expect((older.json() as { events: { cursor: string }[] }).events.map((e) => e.cursor)).toEqual(events.slice(2, 4).map((e) => e.cursor));
    expect((await get(`/api/history/events?projectId=${project._id}`, auditor)).statusCode).toBe(200);
    expect((await get(`/api/history/events?projectId=${project._id}`, engineer)).statusCode).toBe(403);
    expect((await get('/api/history/events?projectId=no-such-project')).json()).toEqual({ events: [], next: null });
  });
});
