/**
 * The API as an outsider's tools read it: the OpenAPI document at /docs/json passes the checks of an
 * OpenAPI linter (every operation named, uniquely; its tags defined with a description; its error answers
 * documented), and openapi-typescript generates a typed client from it that a program compiles against.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTypes } from '../tools/openapi-client/index.js';
import { startTestApp, type TestApp } from '../support/app.ts';

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { description?: string; content?: Record<string, { schema: { required?: string[]; properties?: Record<string, unknown> } }> }>;
};
type Document = { tags?: { name: string; description?: string }[]; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;
const operations = () => Object.entries(doc.paths).flatMap(([url, methods]) => Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${url}`, ...operation })));

beforeAll(async () => {
  t = await startTestApp({ seed: false, webhooks: { deliver: false } });
  doc = (await t.request({ method: 'GET', url: '/docs/json' })).json();
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document, as a linter checks it', () => {
  it('names every operation, in camelCase, each name once', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((operation) => !/^[a-z][A-Za-z0-9]*$/.test(operation.operationId ?? '')).map((operation) => operation.name)).toEqual([]);
    const ids = all.map((operation) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(doc.paths['/api/engineers/{id}/capacity']!.get!.operationId).toBe('getEngineersByIdCapacity');
  });

  it('tags every operation with tags defined at the top, each with a description, each used', () => {
    const defined = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    expect(defined.size).toBe(doc.tags!.length);
    expect([...defined].filter(([, description]) => description.trim() === '').map(([name]) => name)).toEqual([]);
    const all = operations();
    expect(all.filter((operation) => !operation.tags?.length || operation.tags.some((tag) => !defined.has(tag))).map((operation) => operation.name)).toEqual([]);
    const used = new Set(all.flatMap((operation) => operation.tags ?? []));
    expect([...defined.keys()].filter((name) => !used.has(name))).toEqual([]);
  });

  it('documents 500 and 503 on every operation, 401 and 403 on every one that needs a token, 429 where a rate limit applies, each a {message}', () => {
    const lacking: string[] = [];
    for (const operation of operations()) {
      const needsToken = !(Array.isArray(operation.security) && operation.security.length === 0);
      for (const status of ['500', '503', ...(needsToken ? ['401', '403'] : [])]) {
        if (!operation.responses[status]) lacking.push(`${operation.name} ${status}`);
      }
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!/^(401|403|429|500)$/.test(status)) continue;
        const schema = answer.content?.['application/json']?.schema;
        if (!schema?.properties?.message || !schema.required?.includes('message')) lacking.push(`${operation.name} ${status} {message}`);
      }
    }
    expect(lacking).toEqual([]);
    // Sign-in is rate limited; reading the plan is not.
    expect(doc.paths['/api/auth/login']!.post!.responses['429']!.description).toMatch(/RATE_LIMITED/);
    expect(doc.paths['/api/projects']!.get!.responses['429']).toBeUndefined();
    // Public operations say so, and do not claim a 401 for want of a token.
    expect(doc.paths['/api/health']!.get!.responses['401']).toBeUndefined();
  });
});

describe('a client generated with openapi-typescript', () => {
  const tsc = path.resolve('node_modules/.bin/tsc');
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'openapi-client-'));
    await writeFile(path.join(dir, 'api.d.ts'), await generateTypes(doc));
    // A thin typed caller over the generated `operations`, as openapi-fetch and the like build one.
    await writeFile(path.join(dir, 'client.ts'), `
import type { operations } from './api';
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Responses<K extends keyof operations> = operations[K]['responses'];
export type Answer<K extends keyof operations> = Json<Responses<K> extends { 200: infer R } ? R : Responses<K> extends { 201: infer R } ? R : never>;
type Body<K extends keyof operations> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type Path<K extends keyof operations> = operations[K]['parameters'] extends { path: infer P } ? P : never;
export type Input<K extends keyof operations> = ([Body<K>] extends [never] ? {} : { body: Body<K> }) & ([Path<K>] extends [never] ? {} : { path: Path<K> });
export type ErrorAnswer<K extends keyof operations, S extends keyof Responses<K>> = Json<Responses<K>[S]>;
export declare function call<K extends keyof operations>(operationId: K, input: Input<K>): Promise<Answer<K>>;
`);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function compile(file: string, source: string): Promise<{ ok: boolean; output: string }> {
    await writeFile(path.join(dir, file), source);
    const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', path.join(dir, file)];
    try {
      const { stdout } = await promisify(execFile)(tsc, args, { cwd: dir });
      return { ok: true, output: stdout };
    } catch (error) {
      return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
    }
  }

  it('compiles calls by operation id with their bodies, path parameters and answers', async () => {
    const result = await compile('calls.ts', `
import { call, type ErrorAnswer } from './client';
export async function plan(): Promise<string[]> {
  const engineers = await call('getEngineers', {});
  const names: string[] = engineers.map((engineer) => engineer.name);
  const project = await call('postProjects', {
    body: { name: 'Atlas', description: 'Billing rewrite', startDate: '2027-01-04', endDate: '2027-03-26', teamSize: 3, requiredSkills: ['React'], status: 'planning' },
  });
  const id: string = project._id;
  const capacity = await call('getEngineersByIdCapacity', { path: { id } });
  const refused: ErrorAnswer<'postProjects', 403> = { message: 'Only managers can do that', code: 'FORBIDDEN' };
  return [...names, id, String(capacity), refused.message];
}
`);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  it('refuses calls the API would refuse: an unknown operation, a wrong body, a missing path parameter', async () => {
    const result = await compile('wrong.ts', `
import { call } from './client';
export async function wrong() {
  await call('getEngineerz', {});
  await call('postProjects', { body: { name: 42 } });
  await call('getEngineersByIdCapacity', {});
}
`);
    expect(result.ok).toBe(false);
    for (const line of [4, 5, 6]) expect(result.output).toContain(`wrong.ts(${line},`);
  });
});
