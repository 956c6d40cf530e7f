/**
 * The page sent for the schedule's address carries the top of the reader's grid, for the first-paint
 * script to draw before the app has loaded (server/plugins/first-schedule.ts), when the session cookie
 * names a manager or an auditor; for anyone else, and whenever it cannot, the page goes as it is.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../domain/capacity/contracts.ts';
import { type PackedCapacityResponse, unpackCapacity } from '../../domain/capacity/columns.ts';
import type { FirstSchedule } from '../../domain/page-hints.ts';
import { buildApp } from '../../server/app.ts';
import { seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { decodeJwt, eventually, signHs256, TEST_JWT_SECRET, validEngineerPayload } from '../support/api-helpers.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';
import { fakeClientBuild } from '../support/client-build.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const INDEX =
  '<!doctype html><html><head><title>t</title><script type="module" src="/assets/index-h.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime-h.js"></head>' +
  '<body><div id="root"><div data-boot></div></div></body></html>';
const schedule = { js: ['/assets/GuardedLayout-h.js', '/assets/SchedulePage-h.js'], css: ['/assets/SchedulePage-h.css'] };
const HINTS = { '/capacity': { 'signed-out': { js: [], css: [] }, manager: schedule, auditor: schedule, engineer: { js: [], css: [] } }, '*': {} };
const SCRIPT = '/assets/first-paint-h.js';

let database: TestDatabase;
let root: string;
let app: FastifyInstance;
const tokens: Record<string, string> = {};

const page = (url: string, token?: string, role = 'manager') =>
  app.inject({ method: 'GET', url, headers: { cookie: `cp_role=${role}${token ? `; cp_session=${token}` : ''}` } });

/** The grid the page carries, as the first-paint script reads it; null when it carries none. */
function firstOf(html: string): FirstSchedule<CapacityResponse> | null {
  const found = /<script type="application\/json" id="first-schedule">([^<]*)<\/script>/.exec(html);
  if (!found) return null;
  const first = JSON.parse(found[1]!) as FirstSchedule<PackedCapacityResponse>;
  return { ...first, grid: unpackCapacity(first.grid) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  root = fakeClientBuild({ 'index.html': INDEX, 'route-hints.json': JSON.stringify(HINTS), 'first-paint.json': JSON.stringify({ script: SCRIPT }) });
  app = await buildApp({ databaseUrl: database.url, jwtSecret: TEST_JWT_SECRET, jwtExpiresIn: '1h', logLevel: 'silent', clientRoot: root, compression: false });
  await seedDemoIfEmpty(app.db, new Date());
  for (const who of ['manager', 'auditor', 'engineer']) {
    const email = who === 'engineer' ? 'engineer@demo.test' : `${who}@demo.test`;
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234' } });
    tokens[who] = login.json<{ token: string }>().token;
  }
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the schedule page for a manager or an auditor', () => {
  it('carries the top of the grid the app asks for, the same rows in the same order, and the window\'s open roles', async () => {
    const response = await page('/capacity?weeks=26&sort=peak', tokens.manager);
    expect(response.statusCode).toBe(200);
    const first = firstOf(response.body)!;
    expect(first).not.toBeNull();
    const api = await app.inject({
      method: 'GET',
      url: `/api/capacity?from=${first.grid.from}&to=${first.grid.to}&step=week&sort=peak&limit=5000`,
      headers: { authorization: tokens.manager! },
    });
    const whole = api.json<CapacityResponse>();
    expect(first.grid.periods).toHaveLength(26);
    expect(first.grid.total).toBe(whole.total);
    expect(first.grid.rows.length).toBe(Math.min(40, whole.rows.length));
    expect(first.grid.rows.map((r) => r.engineer._id)).toEqual(whole.rows.slice(0, 40).map((r) => r.engineer._id));
    expect(first.grid.rows[0]!.periods).toEqual(whole.rows[0]!.periods);
    expect(first.grid.totals).toEqual(whole.totals);
    const placeholders = (await app.inject({ method: 'GET', url: '/api/placeholders', headers: { authorization: tokens.manager! } })).json<{ projectId: string }[]>();
    expect(first.openRoles.count).toBeGreaterThan(0);
    expect(first.openRoles.count).toBeLessThanOrEqual(placeholders.length);
    expect(first.openRoles.projects).toBe(new Set(placeholders.map((p) => p.projectId)).size);
  });

  it('is the reader\'s alone (no cache may keep it), names the script that draws it first in the head, and holds the app\'s files back until then', async () => {
    const response = await page('/capacity', tokens.auditor, 'auditor');
    const html = response.body;
    expect(firstOf(html)).not.toBeNull();
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toBe('Cookie');
    expect(html).toMatch(new RegExp(`^<!doctype html><html><head><link rel="preload" as="script" href="${SCRIPT}" fetchpriority="high">`));
    // The grid, then the app's preloads in a template (the browser fetches nothing from one), then the script, at the end of the body.
    expect(html).toMatch(
      new RegExp(`id="first-schedule">[^<]*</script><template id="first-paint-preloads">(<link rel="modulepreload"[^>]*>){3}</template><script src="${SCRIPT}"></script></body>`),
    );
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/SchedulePage-h.css">');
    expect(html).toContain('<script type="module" src="/assets/index-h.js"></script>');
  });

  it('follows the address: its window, step, filters and order', async () => {
    const weekly = firstOf((await page('/capacity?from=2027-03-03&weeks=4', tokens.manager)).body)!.grid;
    expect([weekly.from, weekly.periods.length]).toEqual(['2027-03-01', 4]);
    const monthly = firstOf((await page('/capacity?step=month&weeks=12&from=2027-01-15', tokens.manager)).body)!.grid;
    expect(monthly.periods.map((p) => p.start.slice(0, 7))).toEqual(['2027-01', '2027-02', '2027-03']);
    const react = firstOf((await page('/capacity?skills=React', tokens.manager)).body)!.grid;
    expect(react.rows.length).toBeGreaterThan(0);
    expect(react.rows.every((r) => r.engineer.skills.includes('React'))).toBe(true);
    const byName = firstOf((await page('/capacity?sort=name', tokens.manager)).body)!.grid.rows.map((r) => r.engineer.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
  });

  it('reads an address it cannot make sense of as the default view, as the app does, and never fails for it', async () => {
    for (const url of ['/capacity?weeks=abc&step=year&sort=nonsense', '/capacity?from=not-a-date&minFree=900', '/capacity?skills=' + ',,'.repeat(500)]) {
      const response = await page(url, tokens.manager);
      expect(response.statusCode, url).toBe(200);
      expect(firstOf(response.body)?.grid.periods.length, url).toBe(12);
    }
  });

  it('keeps every name as it is: a name that would end the script element is written so it cannot', async () => {
    const name = 'Zed </script><img src=x onerror=alert(1)>';
    const created = await app.inject({ method: 'POST', url: '/api/engineers', headers: { authorization: tokens.manager! }, payload: validEngineerPayload({ name }) });
    expect(created.statusCode).toBe(201);
    const html = (await page('/capacity?q=Zed', tokens.manager)).body;
    expect(html.match(/<\/script>/g)).toHaveLength(3); // the JSON's own end, the script's, and the entry's
    expect(html).not.toContain('<img src=x');
    expect(firstOf(html)!.grid.rows.map((r) => r.engineer.name)).toEqual([name]);
  });
});

describe('the schedule page for anyone else', () => {
  it('goes as it is for an engineer, for no cookie, a bad or expired token, and at other addresses', async () => {
    const now = Math.floor(Date.now() / 1000);
    // The manager's own claims, signed with the right key, an hour past their end.
    const expired = signHs256({ ...decodeJwt(tokens.manager!), iat: now - 7200, exp: now - 3600 }, TEST_JWT_SECRET);
    const cases: [string, string | undefined][] = [
      ['/capacity', tokens.engineer],
      ['/capacity', undefined],
      ['/capacity', 'not.a.token'],
      ['/capacity', `${tokens.manager!.slice(0, -4)}AAAA`],
      ['/capacity', expired],
      ['/manager-dashboard', tokens.manager],
      ['/capacity/more', tokens.manager],
    ];
    for (const [url, token] of cases) {
      const response = await page(url, token);
      expect(response.statusCode, url).toBe(200);
      expect(firstOf(response.body), `${url} ${token?.slice(0, 12)}`).toBeNull();
      expect(response.body, url).not.toContain(SCRIPT);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('does not take the cookie for the token on the API: a request with the cookie alone is refused', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/engineers', headers: { cookie: `cp_session=${tokens.manager}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('the schedule page while the database is away', () => {
  it('goes at once as it is, without the grid, and with it again once the database is back', async () => {
    const proxy = await startTcpProxy(database.url);
    const viaProxy = await buildApp({ databaseUrl: proxy.url(database.url), jwtSecret: TEST_JWT_SECRET, jwtExpiresIn: '1h', logLevel: 'silent', clientRoot: root, compression: false });
    try {
      const open = () => viaProxy.inject({ method: 'GET', url: '/capacity', headers: { cookie: `cp_role=manager; cp_session=${tokens.manager}` } });
      expect(firstOf((await open()).body)).not.toBeNull();
      proxy.down();
      const started = performance.now();
      const response = await open();
      expect(response.statusCode).toBe(200);
      expect(firstOf(response.body)).toBeNull();
      expect(response.body).toContain('<div id="root">');
      expect(performance.now() - started).toBeLessThan(5_000);
      proxy.up();
      await eventually(async () => firstOf((await open()).body), (first) => first !== null);
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
  });
});
