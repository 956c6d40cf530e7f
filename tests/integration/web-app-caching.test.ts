/**
 * How long browsers may keep what the web app is made of: the HTML (index.html, whatever app route
 * serves it) must be revalidated on every load, or a deploy leaves users on the old client; the
 * content-hashed assets it points to never change and may be kept long.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { TEST_JWT_SECRET } from '../support/api-helpers.ts';
import { fakeClientBuild } from '../support/client-build.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let app: FastifyInstance;
let clientRoot: string;

beforeAll(async () => {
  database = await createTestDatabase();
  clientRoot = fakeClientBuild({
    'index.html': '<!doctype html><script type="module" src="/assets/index-Bx3f9a1c.js"></script>',
    'assets/index-Bx3f9a1c.js': 'console.log(1)',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  app = await buildApp({ databaseUrl: database.url, jwtSecret: TEST_JWT_SECRET, jwtExpiresIn: '1h', logLevel: 'silent', clientRoot });
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  rmSync(clientRoot, { recursive: true, force: true });
});

describe('cache-control of the web app', () => {
  it.each(['/', '/login', '/projects', '/engineers/123', '/index.html'])('GET %s: the HTML, never cached without revalidation', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('/assets/index-Bx3f9a1c.js');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('a content-hashed asset may be kept for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-Bx3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('other files keep a short cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});
