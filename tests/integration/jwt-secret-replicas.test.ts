/**
 * Replicas on one database without JWT_SECRET: each resolves the signing secret at start, on its own
 * machine (its own DATA_DIR), and a token issued by one must still be accepted by the other, on REST
 * and on socket.io. JWT_SECRET, when set, still wins.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { resolveJwtSecret } from '../../server/runtime/jwt-secret.ts';
import { seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { demo } from '../support/app.ts';
import { connectSocketIo, type LiveClient, listen, socketIoRefusal } from '../support/live-clients.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let machines: string;
const apps: FastifyInstance[] = [];
const clients: LiveClient[] = [];

/** One replica as `npm start` builds it: the secret resolved from its configuration and the database. */
async function startReplica(config: { jwtSecret?: string; dataDir: string }): Promise<{ app: FastifyInstance; url: string; secret: string }> {
  const secret = await resolveJwtSecret(config, database.url);
  const app = await buildApp({ databaseUrl: database.url, jwtSecret: secret, jwtExpiresIn: '1h', logLevel: 'silent', loginRateLimit: 1000 });
  apps.push(app);
  return { app, url: await listen(app), secret };
}

async function login(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

beforeAll(async () => {
  database = await createTestDatabase();
  machines = await mkdtemp(path.join(os.tmpdir(), 'replicas-'));
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(apps.map((app) => app.close()));
  await database?.drop();
  await rm(machines, { recursive: true, force: true });
});

describe('two replicas on one database with no JWT_SECRET', () => {
  it('resolve the same secret, even when they start at the same moment, and keep it across restarts', async () => {
    const config = (machine: string) => ({ jwtSecret: undefined, dataDir: path.join(machines, machine) });
    const [a, b] = await Promise.all([resolveJwtSecret(config('a'), database.url), resolveJwtSecret(config('b'), database.url)]);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(b).toBe(a);
    expect(await resolveJwtSecret(config('c'), database.url)).toBe(a);
  });

  it("accept each other's tokens on REST and socket.io", async () => {
    const [one, two] = [await startReplica({ dataDir: path.join(machines, 'one') }), await startReplica({ dataDir: path.join(machines, 'two') })];
    await seedDemoIfEmpty(one.app.db, new Date());
    const fromOne = await login(one.url, demo.manager);
    const fromTwo = await login(two.url, demo.engineer);

    for (const [url, token] of [[two.url, fromOne], [one.url, fromTwo]] as const) {
      const me = await fetch(`${url}/api/projects`, { headers: { authorization: token } });
      expect(me.status, `${url} with a token from the other replica`).toBe(200);
      const live = await connectSocketIo(url, { token });
      clients.push(live);
      await live.untilControl('live');
    }
  });

  it('JWT_SECRET still wins: a replica with its own secret refuses the shared secret\'s tokens', async () => {
    const shared = await startReplica({ dataDir: path.join(machines, 'shared') });
    const own = await startReplica({ jwtSecret: 'a-secret-set-by-hand-that-is-long-enough-for-hs256', dataDir: path.join(machines, 'own') });
    expect(own.secret).toBe('a-secret-set-by-hand-that-is-long-enough-for-hs256');
    const token = await login(shared.url, demo.manager);
    expect((await fetch(`${own.url}/api/projects`, { headers: { authorization: token } })).status).toBe(401);
    expect(await socketIoRefusal(own.url, { token })).toMatch(/auth/i);

    // And the stored secret was neither replaced nor removed by the replica with its own.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ value: string }>("select value from settings where name = 'jwt_secret'");
      expect(rows).toEqual([{ value: shared.secret }]);
    } finally {
      await client.end();
    }
  });
});
