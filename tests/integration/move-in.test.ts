/**
 * `npm start` as an organisation moving in meets it, as a child process on a fresh database each: the
 * demo and its published password only on loopback or with DEMO=on, never with DEMO=off; a setup link
 * in the log while nobody has an account; a warning when demo accounts face the network; and
 * `npm run admin -- create` for installs without a browser.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '../../server/db/embedded/ports.ts';
import { type AppProcess, repoRoot, startAppProcess } from '../support/app-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let running: { app: AppProcess; database: TestDatabase }[] = [];
afterEach(async () => {
  for (const { app, database } of running) {
    if (app.child.exitCode === null) {
      app.child.kill('SIGINT');
      await app.exited;
    }
    await database.drop();
  }
  running = [];
});

async function start(env: Record<string, string>, database?: TestDatabase) {
  const db = database ?? (await createTestDatabase());
  const port = await findFreePort();
  const app = startAppProcess(repoRoot, {
    PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: db.url, PORT: String(port), LOG_LEVEL: 'info',
    JWT_SECRET: 'move-in-test-secret-that-is-long-enough', ...env,
  });
  running.push({ app, database: db });
  await app.waitFor(/Capacity Planner is running on/);
  return { app, port, database: db };
}

const login = (port: number, email: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('npm start on an empty database', () => {
  it('with DEMO=off: no demo account, and a one-time setup link that creates the first admin', async () => {
    const { app, port } = await start({ HOST: '127.0.0.1', DEMO: 'off', PUBLIC_URL: 'https://plan.example.com' });
    const [, link] = await app.waitFor(/one-time link: (\S+)/);
    expect(link).toMatch(/^https:\/\/plan\.example\.com\/setup#token=[\w-]{43}$/);
    expect((await login(port, 'manager@demo.test', 'demo1234')).status).toBe(401);
    const token = new URL(link!).hash.replace('#token=', '');
    const created = await fetch(`http://127.0.0.1:${port}/api/setup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, name: 'First Admin', email: 'first@org.test', password: 'a long enough pass' }),
    });
    expect(created.status).toBe(200);
    expect((await login(port, 'first@org.test', 'a long enough pass')).status).toBe(200);
  }, 60_000);

  it('on a public address without DEMO: no demo either, and the setup link', async () => {
    const { app, port } = await start({ HOST: '0.0.0.0' });
    await app.waitFor(/one-time link: \S+\/setup#token=/);
    expect((await login(port, 'manager@demo.test', 'demo1234')).status).toBe(401);
  }, 60_000);

  it('on loopback the demo is seeded; with DEMO=on on a public address too, with a warning on every start', async () => {
    const local = await start({ HOST: '127.0.0.1' });
    expect((await login(local.port, 'manager@demo.test', 'demo1234')).status).toBe(200);
    expect(local.app.output()).not.toMatch(/setup#token=|published password/);

    const exposed = await start({ HOST: '0.0.0.0', DEMO: 'on' });
    await exposed.app.waitFor(/published password demo1234 exist and the server listens on 0\.0\.0\.0/);
    expect((await login(exposed.port, 'manager@demo.test', 'demo1234')).status).toBe(200);
  }, 90_000);
});

describe('npm run admin -- create', () => {
  const admin = (database: TestDatabase, args: string[], input: string) => new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
      cwd: repoRoot, env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: database.url }, stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdin.end(input);
    child.once('close', (code) => resolve({ code, output }));
  });

  it('creates the first admin from the shell (password on standard input); a bad one changes nothing', async () => {
    const database = await createTestDatabase();
    const weak = await admin(database, ['create', '--email', 'ops@org.test', '--name', 'Ops'], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password must be at least 10 characters');
    const made = await admin(database, ['create', '--email', 'Ops@Org.test', '--name', 'Ops'], 'correct horse battery\n');
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('Created ops@org.test, a manager and admin');
    expect((await admin(database, ['create', '--email', 'ops@org.test', '--name', 'Ops'], 'correct horse battery\n')).output).toContain('already has an account');
    expect((await admin(database, ['nonsense'], '')).code).toBe(2);

    // The server then has an account: no setup link, and the admin signs in.
    const { app, port } = await start({ HOST: '127.0.0.1', DEMO: 'off' }, database);
    expect(app.output()).not.toContain('setup#token=');
    const signedIn = await login(port, 'ops@org.test', 'correct horse battery');
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).user).toMatchObject({ role: 'manager', admin: true });
  }, 90_000);
});
