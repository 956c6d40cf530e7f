/**
 * /api/health, the OpenAPI description at /docs and the security headers (helmet).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers {status: "ok", database: "up"} without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers the same with a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health', token: await t.login(demo.engineer) });
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('/docs', () => {
  it('serves the Swagger UI page', async () => {
    let response = await t.request({ method: 'GET', url: '/docs' });
    for (let hops = 0; response.statusCode >= 300 && response.statusCode < 400 && hops < 3; hops++) {
      response = await t.request({ method: 'GET', url: String(response.headers.location) });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/swagger-ui/i);
  });

  it('serves the UI scripts it links, from its own origin (so the CSP script-src self allows them)', async () => {
    const page = await t.request({ method: 'GET', url: '/docs/' });
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/); // no inline script for the CSP to block
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      const url = new URL(src, 'http://localhost/docs/').pathname;
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('/docs/json is an OpenAPI 3 document listing every route of the contract', async () => {
    const response = await t.request({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'GET /api/auth/profile',
        'GET /api/engineers',
        'GET /api/engineers/{id}',
        'GET /api/engineers/{id}/capacity',
        'GET /api/projects',
        'GET /api/projects/{id}',
        'POST /api/projects',
        'GET /api/assignments',
        'GET /api/events',
        'GET /api/health',
      ]),
    );
  });

  it('describes the create-project body from the zod schema, and the token header', async () => {
    const doc = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    const schema = doc.paths['/api/projects'].post.requestBody.content['application/json'].schema;
    expect(schema.properties).toEqual(
      expect.objectContaining({
        name: expect.any(Object),
        description: expect.any(Object),
        startDate: expect.any(Object),
        endDate: expect.any(Object),
        teamSize: expect.any(Object),
        requiredSkills: expect.any(Object),
        status: expect.any(Object),
      }),
    );
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'description', 'startDate', 'endDate', 'teamSize', 'requiredSkills', 'status']));
    expect(Object.values(doc.components.securitySchemes)).toContainEqual(expect.objectContaining({ in: 'header', name: 'Authorization' }));
    // Login and health are public.
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
  });
});

describe('security headers', () => {
  it.each([
    ['a JSON answer', { method: 'GET', url: '/api/health' }],
    ['a 401', { method: 'GET', url: '/api/projects' }],
    ['a 404', { method: 'GET', url: '/api/no-such-route' }],
    ['the docs page', { method: 'GET', url: '/docs/' }],
  ] as const)('are set on %s', async (_case, request) => {
    const response = await t.request(request);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers['content-security-policy']).toMatch(/object-src 'none'/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // Plain HTTP on localhost and docker-compose: no HSTS, no upgrade of the app's own requests.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
