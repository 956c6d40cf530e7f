/**
 * Idempotency-Key on POST /api/projects: the key is recorded in the command's
 * transaction; concurrent and later retries get the stored answer and append nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let managerToken: string;
let manager2Token: string;

beforeAll(async () => {
  t = await startTestApp();
  [managerToken, manager2Token] = await Promise.all([t.login(demo.manager), t.login(demo.manager2)]);
});

afterAll(async () => {
  await t?.close();
});

const post = (body: unknown, key: string | undefined, token = managerToken) =>
  t.request({ method: 'POST', url: '/api/projects', token, body, headers: key === undefined ? {} : { 'idempotency-key': key } });

const projectsNamed = async (name: string) =>
  ((await t.request({ method: 'GET', url: '/api/projects', token: managerToken })).json() as { _id: string; name: string }[]).filter(
    (p) => p.name === name,
  );

const createdEventsNamed = async (name: string) =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from events where type = 'ProjectCreated' and data->>'name' = ${name}`.execute(t.app.db))
      .rows[0]!.n,
  );

const eventCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.app.db)).rows[0]!.n);

describe('Idempotency-Key', () => {
  it('ten concurrent POSTs with one key create exactly one project, and all ten get the same answer', async () => {
    const name = 'Concurrent Retries';
    const key = randomUUID();
    const before = await eventCount();
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(validProjectPayload({ name }), key)));

    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const bodies = responses.map((r) => r.json());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({ name, version: 1 });
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);

    // One project, seen through the API and through the event log.
    expect(await projectsNamed(name)).toEqual([expect.objectContaining({ _id: bodies[0]._id })]);
    expect(await createdEventsNamed(name)).toBe(1);
    expect(await eventCount()).toBe(before + 1);
    const keys = await sql<{ n: number }>`select count(*)::int as n from idempotency_keys where key = ${key}`.execute(t.app.db);
    expect(keys.rows[0]!.n).toBe(1);
  });

  it('a later retry with the same key and body replays the stored answer and appends nothing', async () => {
    const name = 'Retried Later';
    const key = randomUUID();
    const first = await post(validProjectPayload({ name }), key);
    expect(first.statusCode).toBe(201);
    const before = await eventCount();
    const retry = await post(validProjectPayload({ name }), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers.etag).toBe(first.headers.etag);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await eventCount()).toBe(before);
    expect(await projectsNamed(name)).toHaveLength(1);
  });

  it('the same key with a different body -> 422 {message}, and nothing is created', async () => {
    const key = randomUUID();
    expect((await post(validProjectPayload({ name: 'Original Body' }), key)).statusCode).toBe(201);
    const before = await eventCount();
    const reused = await post(validProjectPayload({ name: 'Different Body' }), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: expect.stringMatching(/Idempotency-Key/), code: expect.any(String) });
    expect(await eventCount()).toBe(before);
    expect(await projectsNamed('Different Body')).toEqual([]);
  });

  it('without a key, two equal POSTs create two projects', async () => {
    const name = 'No Key Twice';
    expect((await post(validProjectPayload({ name }), undefined)).statusCode).toBe(201);
    expect((await post(validProjectPayload({ name }), undefined)).statusCode).toBe(201);
    expect(await projectsNamed(name)).toHaveLength(2);
  });

  it('keys belong to the user: another manager may use the same key for their own project', async () => {
    const key = randomUUID();
    const mine = await post(validProjectPayload({ name: 'Scoped Key' }), key, managerToken);
    const theirs = await post(validProjectPayload({ name: 'Scoped Key' }), key, manager2Token);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()._id).not.toBe(mine.json()._id);
    expect(await projectsNamed('Scoped Key')).toHaveLength(2);
  });

  it('a refused (400) request records nothing under its key: the corrected request then succeeds', async () => {
    const key = randomUUID();
    const bad = await post(validProjectPayload({ name: 'Fixed After 400', teamSize: 0 }), key);
    expect(bad.statusCode).toBe(400);
    const good = await post(validProjectPayload({ name: 'Fixed After 400' }), key);
    expect(good.statusCode).toBe(201);
  });

  it('a key longer than 200 characters -> 400', async () => {
    const response = await post(validProjectPayload({ name: 'Long Key' }), 'k'.repeat(201));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringMatching(/Idempotency-Key/), code: expect.any(String) });
    expect(await projectsNamed('Long Key')).toEqual([]);
  });
});
