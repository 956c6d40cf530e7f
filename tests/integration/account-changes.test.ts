/**
 * A token is only as good as the account behind it: a correctly signed token whose user does not exist
 * is refused (401), and a demoted or removed account loses its rights within a second, on every server
 * instance sharing the database, on REST and at the handshake of both live channels.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.ts';
import { headCursor } from '../../server/event-store/read.ts';
import { signHs256, TEST_JWT_SECRET, validProjectPayload } from '../support/api-helpers.ts';
import { msUntilStatus } from '../support/account-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { dbEventCount } from '../support/history-helpers.ts';
import { connectSocketIo, connectStream, listen, socketIoRefusal, startSecondInstance, streamRefusal } from '../support/live-clients.ts';

const PASSWORD = 'changing-account-1';
/** How soon a change of account must be honoured, on every instance. */
const WITHIN_MS = 1_000;

let t: TestApp;
let second: FastifyInstance;
let urls: string[];
let managerToken: string;
let passwordHash: string;

beforeAll(async () => {
  t = await startTestApp();
  second = await startSecondInstance(t.databaseUrl);
  urls = [await listen(t.app), await listen(second)];
  managerToken = await t.login(demo.manager);
  passwordHash = await hashPassword(PASSWORD);
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const ghostToken = (role: string) =>
  signHs256({ sub: randomUUID(), role, name: 'Ghost', iat: nowSeconds(), exp: nowSeconds() + 600 }, TEST_JWT_SECRET);

/** A fresh account of this role, signed in: its id and token. */
async function account(role: 'manager' | 'auditor' | 'engineer') {
  const id = randomUUID();
  const email = `${role}.${id}@demo.test`;
  await t.app.db.insertInto('users').values({ id, email, name: `Changing ${role}`, role, department: 'Ops', password_hash: passwordHash }).execute();
  const response = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password: PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  return { id, token: (response.json() as { token: string }).token };
}

type Instance = { name: string; inject: FastifyInstance['inject'] };
const instances = (): Instance[] => [
  { name: 'first instance', inject: t.app.inject.bind(t.app) },
  { name: 'second instance', inject: second.inject.bind(second) },
];

const createProject = (instance: Instance, token: string) =>
  instance.inject({ method: 'POST', url: '/api/projects', headers: { authorization: token }, payload: validProjectPayload() });
const listProjects = (instance: Instance, token: string) =>
  instance.inject({ method: 'GET', url: '/api/projects', headers: { authorization: token } });

describe('a correctly signed token of an account that does not exist', () => {
  it.each(['manager', 'auditor', 'engineer'])('as a %s: 401 on reads and writes on both instances, nothing written', async (role) => {
    const token = ghostToken(role);
    const before = await dbEventCount(t);
    for (const instance of instances()) {
      for (const url of ['/api/projects', '/api/engineers', '/api/assignments', '/api/auth/profile']) {
        const response = await instance.inject({ method: 'GET', url, headers: { authorization: token } });
        expect(response.statusCode, `${instance.name} GET ${url}`).toBe(401);
        expect(response.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
      }
      const write = await createProject(instance, token);
      expect(write.statusCode, instance.name).toBe(401);
    }
    expect(await dbEventCount(t)).toBe(before);
  });

  it('is refused at the handshake of socket.io and of /api/events/stream', async () => {
    const after = await headCursor(t.app.db);
    for (const url of urls) {
      expect(await socketIoRefusal(url, { token: ghostToken('manager'), after })).toBe('Authentication required');
      expect(await streamRefusal(url, { token: ghostToken('manager'), after })).toMatchObject({ code: 4401, events: 0 });
    }
  });
});

describe('an account that changes while its token is still valid', () => {
  it('a demoted manager gets 403 on manager routes within a second on both instances, and keeps reading', async () => {
    const manager = await account('manager');
    // Both instances have just served this account as a manager, so any cache is warm.
    for (const instance of instances()) expect((await createProject(instance, manager.token)).statusCode).toBe(201);

    const changedAt = Date.now();
    await t.app.db.updateTable('users').set({ role: 'auditor' }).where('id', '=', manager.id).execute();
    for (const instance of instances()) {
      const elapsed = await msUntilStatus(changedAt, 403, () => createProject(instance, manager.token));
      expect(elapsed, instance.name).toBeLessThanOrEqual(WITHIN_MS);
      expect((await listProjects(instance, manager.token)).statusCode).toBe(200);
      const profile = await instance.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: manager.token } });
      expect(profile.json()).toMatchObject({ _id: manager.id, role: 'auditor' });
    }
  });

  it('a demoted manager may no longer open the integrations stream once an engineer', async () => {
    const manager = await account('manager');
    const after = await headCursor(t.app.db);
    for (const url of urls) await (await connectStream(url, { token: manager.token, after })).close();
    await t.app.db.updateTable('users').set({ role: 'engineer' }).where('id', '=', manager.id).execute();
    await new Promise((resolve) => setTimeout(resolve, WITHIN_MS));
    for (const url of urls) expect(await streamRefusal(url, { token: manager.token, after })).toMatchObject({ code: 4403, events: 0 });
  });

  it('a promoted auditor gets the manager routes within a second', async () => {
    const auditor = await account('auditor');
    for (const instance of instances()) expect((await createProject(instance, auditor.token)).statusCode).toBe(403);
    const changedAt = Date.now();
    await t.app.db.updateTable('users').set({ role: 'manager' }).where('id', '=', auditor.id).execute();
    for (const instance of instances()) {
      expect(await msUntilStatus(changedAt, 201, () => createProject(instance, auditor.token)), instance.name).toBeLessThanOrEqual(WITHIN_MS);
    }
  });

  it('a removed account gets 401 within a second on both instances, and is refused by the live channels', async () => {
    const manager = await account('manager');
    const after = await headCursor(t.app.db);
    for (const instance of instances()) expect((await listProjects(instance, manager.token)).statusCode).toBe(200);
    for (const url of urls) {
      const client = await connectSocketIo(url, { token: manager.token, after });
      await client.close();
    }

    const changedAt = Date.now();
    await t.app.db.deleteFrom('users').where('id', '=', manager.id).execute();
    const before = await dbEventCount(t);
    for (const instance of instances()) {
      expect(await msUntilStatus(changedAt, 401, () => listProjects(instance, manager.token)), instance.name).toBeLessThanOrEqual(WITHIN_MS);
      expect((await createProject(instance, manager.token)).statusCode).toBe(401);
    }
    for (const url of urls) {
      expect(await socketIoRefusal(url, { token: manager.token, after })).toBe('Authentication required');
      expect(await streamRefusal(url, { token: manager.token, after })).toMatchObject({ code: 4401, events: 0 });
    }
    expect(await dbEventCount(t)).toBe(before);
  });
});
