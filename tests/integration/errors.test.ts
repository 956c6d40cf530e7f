/**
 * The error contract: every error is JSON `{message, code}`; unknown /api routes are
 * 404 JSON (never the web app's index.html); 5xx bodies never carry internals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let managerToken: string;

beforeAll(async () => {
  t = await startTestApp();
  // Test-only routes that fail the way real code can fail (registered before the first request readies the app).
  t.app.get('/api/test-only/boom', async () => {
    throw new Error('connect ECONNREFUSED 10.1.2.3:5432 password=hunter2 at Object.<anonymous> (/srv/app/server/x.ts:1:1)');
  });
  t.app.get('/api/test-only/sql', async () => {
    await t.app.db.selectFrom('no_such_table' as never).selectAll().execute();
    return {};
  });
  managerToken = await t.login(demo.manager);
});

afterAll(async () => {
  await t?.close();
});

describe('unknown routes', () => {
  // Whether or not the web client is built (dist/client), /api paths never fall back to its index.html.
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/projects/abc/unknown'],
    ['POST', '/api/engineers/abc/capacity'],
    ['DELETE', '/api/projects'],
    ['PUT', '/api/auth/login'],
    ['GET', '/api'],
    ['GET', '/api?page=1'],
    ['GET', '/api/'],
  ] as const)('%s %s -> 404 JSON {message, code}', async (method, url) => {
    for (const token of [undefined, managerToken]) {
      const response = await t.request({ method, url, token });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: expect.stringContaining('not found'), code: 'NOT_FOUND' });
    }
  });

  it('names the route without its query string', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nope?token=secret' });
    expect(response.json()).toEqual({ message: 'Route GET /api/nope not found', code: 'NOT_FOUND' });
  });
});

describe('unknown ids', () => {
  it.each([
    ['/api/engineers/00000000-0000-7000-8000-000000000000', 'Engineer not found'],
    ['/api/engineers/00000000-0000-7000-8000-000000000000/capacity', 'Engineer not found'],
    ['/api/projects/00000000-0000-7000-8000-000000000000', 'Project not found'],
  ])('GET %s -> 404 %s', async (url, message) => {
    const response = await t.request({ method: 'GET', url, token: managerToken });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message, code: 'NOT_FOUND' });
  });
});

describe('5xx', () => {
  it.each([
    ['a thrown Error', '/api/test-only/boom'],
    ['a failing SQL statement', '/api/test-only/sql'],
  ])('%s -> 500 with a generic message and no internals', async (_case, url) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.code).toBe('INTERNAL');
    expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|\.ts:|no_such_table|relation|stack/i);
  });
});
