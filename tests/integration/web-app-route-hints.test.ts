/**
 * The page the server sends for an app address names that address's first screen's code (route-hints.json,
 * written by the build), for whoever the role hint cookie says is asking, so the browser fetches it at
 * once; an API address still gets its JSON 404.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { TEST_JWT_SECRET } from '../support/api-helpers.ts';
import { fakeClientBuild } from '../support/client-build.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const INDEX = '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/assets/index-h.js"></script></body></html>';
type Hint = { js: string[]; css: string[] };
const everyone = (hint: Hint) => ({ 'signed-out': hint, manager: hint, engineer: hint, auditor: hint });
const login = { js: ['/assets/LoginPage-h.js'], css: [] };
const schedule = { js: ['/assets/GuardedLayout-h.js', '/assets/SchedulePage-h.js'], css: ['/assets/SchedulePage-h.css'] };
const engineerDashboard = { js: ['/assets/GuardedLayout-h.js', '/assets/EngineerDashboardPage-h.js'], css: [] };
const HINTS = {
  '/': everyone(login),
  '/login': everyone(login),
  '/capacity': { 'signed-out': { js: ['/assets/GuardedLayout-h.js', '/assets/LoginPage-h.js'], css: [] }, manager: schedule, auditor: schedule, engineer: engineerDashboard },
  '/scenarios/:id': everyone({ js: ['/assets/GuardedLayout-h.js', '/assets/ScenarioPage-h.js'], css: [] }),
  '*': everyone({ js: ['/assets/NotFound-h.js'], css: [] }),
};
const asManager = { cookie: 'theme=dark; cp_role=manager' };

let database: TestDatabase;
const roots: string[] = [];
const apps: FastifyInstance[] = [];

async function appServing(files: Record<string, string>) {
  const root = fakeClientBuild(files);
  roots.push(root);
  const app = await buildApp({ databaseUrl: database.url, jwtSecret: TEST_JWT_SECRET, jwtExpiresIn: '1h', logLevel: 'silent', clientRoot: root });
  apps.push(app);
  return app;
}

const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.drop();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('the page of an app address', () => {
  it('names the schedule\'s code and CSS at /capacity, however the address is written, in the head', async () => {
    const app = await appServing({ 'index.html': INDEX, 'route-hints.json': JSON.stringify(HINTS) });
    for (const url of ['/capacity', '/Capacity/', '/capacity?weeks=26&sort=name']) {
      const response = await app.inject({ method: 'GET', url, headers: asManager });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('Cookie');
      expect(modulePreloads(response.body)).toEqual(['/assets/GuardedLayout-h.js', '/assets/SchedulePage-h.js']);
      expect(stylesheets(response.body)).toEqual(['/assets/SchedulePage-h.css']);
      expect(response.body.indexOf('modulepreload')).toBeLessThan(response.body.indexOf('</head>'));
      expect(response.body).toContain('<script type="module" src="/assets/index-h.js"></script>');
    }
  });

  it('names the login screen\'s code at / and /login, a route\'s with a parameter, and the not-found screen\'s elsewhere', async () => {
    const app = await appServing({ 'index.html': INDEX, 'route-hints.json': JSON.stringify(HINTS) });
    const preloadsAt = async (url: string) => modulePreloads((await app.inject({ method: 'GET', url, headers: asManager })).body);
    expect(await preloadsAt('/')).toEqual(['/assets/LoginPage-h.js']);
    expect(await preloadsAt('/login')).toEqual(['/assets/LoginPage-h.js']);
    expect(await preloadsAt('/scenarios/s-42')).toEqual(['/assets/GuardedLayout-h.js', '/assets/ScenarioPage-h.js']);
    expect(await preloadsAt('/scenarios/s-42/more')).toEqual(['/assets/NotFound-h.js']);
    expect(await preloadsAt('/nowhere')).toEqual(['/assets/NotFound-h.js']);
  });

  it('names the screen the app will show whoever the role hint says is asking: an engineer\'s dashboard, or the login screen for nobody', async () => {
    const app = await appServing({ 'index.html': INDEX, 'route-hints.json': JSON.stringify(HINTS) });
    const preloadsFor = async (cookie?: string) => modulePreloads((await app.inject({ method: 'GET', url: '/capacity', headers: cookie ? { cookie } : {} })).body);
    expect(await preloadsFor('cp_role=engineer')).toEqual(['/assets/GuardedLayout-h.js', '/assets/EngineerDashboardPage-h.js']);
    expect(await preloadsFor('cp_role=auditor')).toEqual(['/assets/GuardedLayout-h.js', '/assets/SchedulePage-h.js']);
    expect(await preloadsFor()).toEqual(['/assets/GuardedLayout-h.js', '/assets/LoginPage-h.js']);
    // A role the build does not know, or a value that is no role, counts as nobody.
    expect(await preloadsFor('cp_role=admin')).toEqual(['/assets/GuardedLayout-h.js', '/assets/LoginPage-h.js']);
    expect(await preloadsFor('cp_role="><script>')).toEqual(['/assets/GuardedLayout-h.js', '/assets/LoginPage-h.js']);
    expect(await preloadsFor('cp_role=constructor')).toEqual(['/assets/GuardedLayout-h.js', '/assets/LoginPage-h.js']);
  });

  it('leaves an API address its JSON 404', async () => {
    const app = await appServing({ 'index.html': INDEX, 'route-hints.json': JSON.stringify(HINTS) });
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Route GET /api/nothing-here not found' });
  });

  it('leaves a calendar feed that does not exist its JSON 404, not the app page a calendar app could not read', async () => {
    const app = await appServing({ 'index.html': INDEX, 'route-hints.json': JSON.stringify(HINTS) });
    for (const url of ['/ical/constructor.ics', '/ical/holidays/no%20such.ics']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('is index.html with only the organisation\'s time zone added when the build wrote no hints', async () => {
    const app = await appServing({ 'index.html': INDEX });
    const response = await app.inject({ method: 'GET', url: '/capacity' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX.replace('</head>', '<meta name="org-time-zone" content="UTC"></head>'));
  });

  it('follows a rebuild under the running server: new hints with the new index.html', async () => {
    const app = await appServing({ 'index.html': INDEX, 'route-hints.json': JSON.stringify(HINTS) });
    expect(modulePreloads((await app.inject({ method: 'GET', url: '/capacity', headers: asManager })).body)).toContain('/assets/SchedulePage-h.js');
    const root = roots.at(-1)!;
    writeFileSync(path.join(root, 'route-hints.json'), JSON.stringify({ ...HINTS, '/capacity': everyone({ js: ['/assets/SchedulePage-new.js'], css: [] }) }));
    // A build rewrites index.html last; a later modification time is what the server watches for.
    const later = new Date(Date.now() + 5_000);
    writeFileSync(path.join(root, 'index.html'), INDEX);
    (await import('node:fs')).utimesSync(path.join(root, 'index.html'), later, later);
    expect(modulePreloads((await app.inject({ method: 'GET', url: '/capacity', headers: asManager })).body)).toEqual(['/assets/SchedulePage-new.js']);
  });
});
