/**
 * Role checks on the server: signed in but the wrong role -> 403 `{message, code}`,
 * and a refused write changes nothing. Roles: manager (everything), engineer (reads, own assignments
 * and capacity), auditor (reads everything, writes nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let tokens: Record<'manager' | 'engineer' | 'auditor', string>;
let samId: string;
let priyaId: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestApp();
  const [manager, engineer, auditor] = await Promise.all([t.login(demo.manager), t.login(demo.engineer), t.login(demo.auditor)]);
  tokens = { manager, engineer, auditor };
  const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: manager })).json() as { _id: string; email: string }[];
  samId = engineers.find((e) => e.email === demo.engineer)!._id;
  priyaId = engineers.find((e) => e.email === 'priya.patel@demo.test')!._id;
  projectId = ((await t.request({ method: 'GET', url: '/api/projects', token: manager })).json() as { _id: string }[])[0]!._id;
});

afterAll(async () => {
  await t?.close();
});

const eventCount = async () =>
  Number((await t.app.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('403 for the wrong role', () => {
  const forbidden: { who: 'engineer' | 'auditor'; what: string; method: 'GET' | 'POST'; url: () => string; body?: () => unknown }[] = [
    { who: 'engineer', what: 'POST /api/projects', method: 'POST', url: () => '/api/projects', body: () => validProjectPayload({ name: 'By an engineer' }) },
    { who: 'auditor', what: 'POST /api/projects', method: 'POST', url: () => '/api/projects', body: () => validProjectPayload({ name: 'By an auditor' }) },
    { who: 'engineer', what: 'GET /api/events', method: 'GET', url: () => '/api/events' },
    { who: 'engineer', what: 'GET /api/events?after=0:0&type=ProjectCreated', method: 'GET', url: () => '/api/events?after=0:0&type=ProjectCreated' },
    { who: 'engineer', what: "GET another engineer's capacity", method: 'GET', url: () => `/api/engineers/${priyaId}/capacity` },
  ];

  it.each(forbidden.map((row) => [row.who, row.what, row] as const))('%s: %s -> 403', async (_who, _what, row) => {
    const before = await eventCount();
    for (const header of [tokens[row.who], `Bearer ${tokens[row.who]}`]) {
      const response = await t.request({ method: row.method, url: row.url(), body: row.body?.(), headers: { authorization: header } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.stringMatching(/\S/), code: 'FORBIDDEN' });
    }
    expect(await eventCount()).toBe(before);
  });

  it('answers 403 (not 400) to a forbidden write even when its body is invalid: the role is checked first', async () => {
    const response = await t.request({ method: 'POST', url: '/api/projects', token: tokens.auditor, body: { name: '' } });
    expect(response.statusCode).toBe(403);
  });

  it('created no project for the refused writes', async () => {
    const projects = (await t.request({ method: 'GET', url: '/api/projects', token: tokens.manager })).json() as { name: string }[];
    expect(projects).toHaveLength(6);
    expect(projects.map((p) => p.name)).not.toContain('By an engineer');
    expect(projects.map((p) => p.name)).not.toContain('By an auditor');
  });
});

describe('what each role may do', () => {
  const reads = () => [
    '/api/auth/profile',
    '/api/engineers',
    `/api/engineers/${samId}`,
    '/api/projects',
    `/api/projects/${projectId}`,
    '/api/assignments',
  ];

  it.each(['manager', 'engineer', 'auditor'] as const)('the %s reads the directory, projects and assignments', async (who) => {
    for (const url of reads()) {
      const response = await t.request({ method: 'GET', url, token: tokens[who] });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it.each(['manager', 'auditor'] as const)('the %s reads the event log and any capacity', async (who) => {
    expect((await t.request({ method: 'GET', url: '/api/events', token: tokens[who] })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/engineers/${priyaId}/capacity`, token: tokens[who] })).statusCode).toBe(200);
  });

  it('the engineer reads their own capacity', async () => {
    const response = await t.request({ method: 'GET', url: `/api/engineers/${samId}/capacity`, token: tokens.engineer });
    expect(response.statusCode).toBe(200);
    expect(response.json().engineerId).toBe(samId);
  });

  it('the manager creates projects', async () => {
    const response = await t.request({ method: 'POST', url: '/api/projects', token: tokens.manager, body: validProjectPayload() });
    expect(response.statusCode).toBe(201);
  });
});
