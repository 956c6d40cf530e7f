/**
 * What goes over the wire compressed: an answer of 1 kB or more in the best encoding the browser
 * accepts (zstd, then brotli, then gzip), the same JSON once decompressed, marked `Vary:
 * Accept-Encoding`; a small answer and a client that accepts none as they are. The client's files
 * go as the build compressed them, and the page with its hints compressed on the way out. With
 * compression off (behind a proxy that does it), nothing is.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../client/build/precompress.ts';
import { buildApp } from '../../server/app.ts';
import { seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { eventually, TEST_JWT_SECRET } from '../support/api-helpers.ts';
import { fakeClientBuild } from '../support/client-build.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const zstdDecompress = (zlib as unknown as { zstdDecompressSync?: (buffer: Buffer) => Buffer }).zstdDecompressSync;
const CHROME = 'gzip, deflate, br, zstd';

/** An asset of the size of a real chunk: compressible text well over 1 kB. */
const ASSET = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const SMALL_ASSET = 'export const x = 1;\n';
const INDEX = `<!doctype html><html><head><title>t</title></head><body>${'<!-- padding -->'.repeat(80)}<script type="module" src="/assets/app-h.js"></script></body></html>`;
const HINTS = { '*': { 'signed-out': { js: ['/assets/app-h.js'], css: [] }, manager: { js: ['/assets/app-h.js', '/assets/screen-h.js'], css: [] } } };

let database: TestDatabase;
let root: string;
let app: FastifyInstance;
let plain: FastifyInstance;
let token: string;

function decoded(response: LightMyRequestResponse): Buffer {
  const body = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'zstd':
      return zstdDecompress!(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'gzip':
      return gunzipSync(body);
    case undefined:
      return body;
    default:
      throw new Error(`unexpected encoding ${response.headers['content-encoding']}`);
  }
}

const varies = (response: LightMyRequestResponse) => String(response.headers.vary ?? '').toLowerCase().split(/\s*,\s*/);

beforeAll(async () => {
  database = await createTestDatabase();
  root = fakeClientBuild({ 'index.html': INDEX, 'route-hints.json': JSON.stringify(HINTS), 'assets/app-h.js': ASSET, 'assets/small-h.js': SMALL_ASSET });
  await precompressDir(root);
  const options = { databaseUrl: database.url, jwtSecret: TEST_JWT_SECRET, jwtExpiresIn: '1h', logLevel: 'silent', clientRoot: root };
  app = await buildApp(options);
  plain = await buildApp({ ...options, compression: false });
  await seedDemoIfEmpty(app.db, new Date());
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'manager@demo.test', password: 'demo1234' } });
  token = login.json<{ token: string }>().token;
});

afterAll(async () => {
  await app?.close();
  await plain?.close();
  await database?.drop();
  rmSync(root, { recursive: true, force: true });
});

describe('answers of the API', () => {
  const engineers = (server: FastifyInstance, acceptEncoding?: string) =>
    server.inject({ method: 'GET', url: '/api/engineers', headers: { authorization: token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('go in the first encoding the browser accepts of zstd, brotli and gzip, and decompress to the same JSON', async () => {
    const original = await engineers(app);
    expect(original.headers['content-encoding']).toBeUndefined();
    const json = original.json<unknown[]>();
    expect(original.rawPayload.length).toBeGreaterThan(1024);
    const cases: [string, string][] = [
      ...(zstdDecompress ? ([[CHROME, 'zstd']] as [string, string][]) : []),
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ];
    for (const [accepted, encoding] of cases) {
      const response = await engineers(app, accepted);
      expect(response.statusCode, accepted).toBe(200);
      expect(response.headers['content-encoding'], accepted).toBe(encoding);
      expect(varies(response), accepted).toContain('accept-encoding');
      expect(response.rawPayload.length, accepted).toBeLessThan(original.rawPayload.length / 2);
      expect(JSON.parse(decoded(response).toString('utf8')), accepted).toEqual(json);
    }
  });

  it('go as they are to a client that accepts no compression, and when under 1 kB', async () => {
    for (const accepted of [undefined, 'identity']) expect((await engineers(app, accepted)).headers['content-encoding']).toBeUndefined();
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': CHROME } });
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    const refused = await app.inject({ method: 'GET', url: '/api/engineers', headers: { 'accept-encoding': CHROME } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toHaveProperty('message');
  });

  it('a whole list is compressed once between two writes: the next ask gets the same bytes; after a write, the new list', async () => {
    const first = await engineers(app, CHROME);
    const again = await engineers(app, CHROME);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['x-cursor']).toBe(first.headers['x-cursor']);
    const before = JSON.parse(decoded(first).toString('utf8')) as { _id: string; version: number }[];
    const changed = await app.inject({
      method: 'PATCH', url: `/api/engineers/${before[0]!._id}`, headers: { authorization: token, 'if-match': `"${before[0]!.version}"` }, payload: { maxCapacity: 70 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await engineers(app, CHROME);
    const listed = JSON.parse(decoded(after).toString('utf8')) as { _id: string; maxCapacity: number }[];
    expect(listed.find((e) => e._id === before[0]!._id)!.maxCapacity).toBe(70);
    // The cursor names the newest event every reader can see: an open transaction elsewhere in the
    // cluster (other test files' databases share it) may hold the write back from it for a moment.
    const moved = await eventually(async () => (await engineers(app, CHROME)).headers['x-cursor'], (cursor) => cursor !== first.headers['x-cursor']);
    expect(moved).not.toBe(first.headers['x-cursor']);
    // An engineer's own list is kept apart from everyone's.
    const own = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'engineer@demo.test', password: 'demo1234' } });
    const mine = await app.inject({ method: 'GET', url: '/api/assignments', headers: { authorization: own.json<{ token: string }>().token } });
    const all = await app.inject({ method: 'GET', url: '/api/assignments', headers: { authorization: token } });
    expect(mine.json<unknown[]>().length).toBeLessThan(all.json<unknown[]>().length);
  });

  it('the plan at a moment goes in zstd, its kept part compressed once, and decodes to the same JSON at any moment', async () => {
    if (!zstdDecompress) return;
    const at = (ms: number) => `/api/history/state?at=${encodeURIComponent(new Date(ms).toISOString())}`;
    const state = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: { authorization: token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
    const now = Date.now();
    const plainState = await state(at(now));
    expect(plainState.statusCode, plainState.body).toBe(200);
    const zstd = await state(at(now), CHROME);
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(varies(zstd)).toContain('accept-encoding');
    expect(zstd.rawPayload.length).toBeLessThan(plainState.rawPayload.length / 2);
    expect(decoded(zstd).toString('utf8')).toBe(plainState.body);
    // Another moment after the same events: the same kept part behind another first field.
    const later = await state(at(now + 1000), CHROME);
    const [a, b] = [JSON.parse(decoded(zstd).toString('utf8')), JSON.parse(decoded(later).toString('utf8'))] as { asOf: string }[];
    expect(b!.asOf).toBe(new Date(now + 1000).toISOString());
    expect({ ...b, asOf: null }).toEqual({ ...a, asOf: null });
    // Brotli is compressed on the way out, as every other answer; with compression off, nothing is.
    const br = await state(at(now), 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br).toString('utf8')).toBe(plainState.body);
    const off = await plain.inject({ method: 'GET', url: at(now), headers: { authorization: token, 'accept-encoding': CHROME } });
    expect(off.headers['content-encoding']).toBeUndefined();
  });

  it('go as they are with compression off', async () => {
    const response = await engineers(plain, CHROME);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json<unknown[]>().length).toBeGreaterThan(0);
  });
});

describe('the client', () => {
  const asset = (server: FastifyInstance, url: string, acceptEncoding?: string) =>
    server.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the build\'s brotli or gzip copy of a file, as immutable as the file, and the file itself to others', async () => {
    for (const [accepted, encoding, copy] of [[CHROME, 'br', 'app-h.js.br'], ['gzip', 'gzip', 'app-h.js.gz']] as const) {
      const response = await asset(app, '/assets/app-h.js', accepted);
      expect(response.statusCode, accepted).toBe(200);
      expect(response.headers['content-encoding'], accepted).toBe(encoding);
      expect(response.headers['content-type'], accepted).toMatch(/javascript/);
      expect(response.headers['cache-control'], accepted).toBe('public, max-age=31536000, immutable');
      expect(varies(response), accepted).toContain('accept-encoding');
      expect(response.rawPayload.equals(readFileSync(path.join(root, 'assets', copy))), accepted).toBe(true);
      expect(decoded(response).toString('utf8'), accepted).toBe(ASSET);
    }
    const identity = await asset(app, '/assets/app-h.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(ASSET);
  });

  it('sends a file under 1 kB, which the build left without copies, intact', async () => {
    expect(() => readFileSync(path.join(root, 'assets', 'small-h.js.br'))).toThrow();
    for (const accepted of [CHROME, undefined]) {
      const response = await asset(app, '/assets/small-h.js', accepted);
      expect(response.statusCode).toBe(200);
      expect(decoded(response).toString('utf8')).toBe(SMALL_ASSET);
    }
  });

  it('compresses the page with its route hints, which varies with the role cookie and the encoding', async () => {
    const response = await app.inject({ method: 'GET', url: '/capacity', headers: { 'accept-encoding': CHROME, cookie: 'cp_role=manager' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeDefined();
    expect(varies(response)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    const html = decoded(response).toString('utf8');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/screen-h.js">');
  });

  it('sends files and the page as they are with compression off', async () => {
    const file = await asset(plain, '/assets/app-h.js', CHROME);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.body).toBe(ASSET);
    const page = await plain.inject({ method: 'GET', url: '/capacity', headers: { 'accept-encoding': CHROME } });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toContain('/assets/app-h.js');
  });
});
