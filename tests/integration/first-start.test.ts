/**
 * The first `npm start` of a new user, as a child process: from a clone in a folder that only its
 * owner may enter (a clone under /root, run as root: PostgreSQL then runs as the `postgres` OS user,
 * which cannot enter that folder), and start-ups that cannot succeed.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../server/db/embedded/processes.ts';
import { findFreePort } from '../../server/db/embedded/ports.ts';
import { type AppProcess, copyAppInto, repoRoot, startAppProcess } from '../support/app-process.ts';

/** The child's environment: no DATABASE_URL, DATA_DIR or JWT_SECRET, as on a fresh machine. */
function freshEnv(extra: Record<string, string>): Record<string, string | undefined> {
  return { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra };
}

describe('npm start from a clone in a folder that only its owner may enter', () => {
  let privateDir: string;
  let appDir: string;
  let app: AppProcess | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    await mkdir(path.join(repoRoot, 'data'), { recursive: true });
    // Inside the repository's data/ (ignored by git) so that node_modules can be hard-linked.
    privateDir = await mkdtemp(path.join(repoRoot, 'data', 'private-'));
    await chmod(privateDir, 0o700);
    appDir = path.join(privateDir, 'app');
    await copyAppInto(appDir);
  }, 120_000);

  afterAll(async () => {
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGINT');
      await app.exited;
    }
    await rm(privateDir, { recursive: true, force: true });
    // When the cluster was kept outside the private folder (as root), remove it too.
    if (dataDir && !dataDir.startsWith(privateDir)) await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('serves the seeded demo on its embedded database, says where the data is, and stops it on SIGINT', async () => {
    const port = await findFreePort();
    app = startAppProcess(appDir, freshEnv({ PORT: String(port) }));
    dataDir = (await app.waitFor(/data in (\S+)/, 120_000))[1]!;
    await app.waitFor(/is running on/, 120_000);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.test', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const projects = await fetch(`http://127.0.0.1:${port}/api/projects`, { headers: { authorization: token } });
    expect(projects.status).toBe(200);
    expect(((await projects.json()) as unknown[]).length).toBeGreaterThan(0);

    const postmasterPid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(isAlive(postmasterPid)).toBe(true);

    app.child.kill('SIGINT');
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(isAlive(postmasterPid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 180_000);
});

describe('a start-up that cannot succeed', () => {
  let scratch: string;
  const started: AppProcess[] = [];

  beforeAll(async () => {
    // Reachable by the postgres user, so that the app uses this very folder even as root: in the system's
    // temporary folder, not under the clone, which may sit in a folder only its owner may enter (mktemp -d).
    scratch = await mkdtemp(path.join(os.tmpdir(), 'failing-start-'));
    await chmod(scratch, 0o755);
  });

  afterAll(async () => {
    // A start that wrongly succeeds would otherwise keep running.
    for (const app of started.filter((each) => each.child.exitCode === null)) {
      app.child.kill('SIGINT');
      await app.exited;
    }
    await rm(scratch, { recursive: true, force: true });
  });

  /** The app's output must end in one line that says what to do, with no stack trace anywhere. */
  async function failedStart(env: Record<string, string>): Promise<{ code: number | null; lastLine: string; output: string }> {
    const app = startAppProcess(repoRoot, freshEnv(env));
    started.push(app);
    const { code } = await app.exited;
    const output = app.output();
    return { code, lastLine: output.trim().split('\n').at(-1) ?? '', output };
  }

  it('no PostgreSQL at DATABASE_URL: one sentence naming DATABASE_URL', async () => {
    const closedPort = await findFreePort();
    const { code, lastLine, output } = await failedStart({
      PORT: String(await findFreePort()),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/postgres`,
    });
    expect(code).toBe(1);
    expect(output).not.toMatch(/^\s+at /m);
    expect(lastLine).toMatch(/^Could not start: .*127\.0\.0\.1:\d+.*DATABASE_URL.*\.$/);
  }, 60_000);

  it('a data folder that holds something but no database: one sentence saying what to remove', async () => {
    const dataDir = path.join(scratch, 'data');
    await mkdir(path.join(dataDir, 'postgres'), { recursive: true });
    await writeFile(path.join(dataDir, 'postgres', 'notes.txt'), 'not a database');
    const { code, lastLine, output } = await failedStart({ PORT: String(await findFreePort()), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).not.toMatch(/^\s+at /m);
    expect(lastLine).toMatch(/^Could not start: .*postgres.* remove .*\.$/i);
    // Nothing of the user's was deleted.
    expect(await readFile(path.join(dataDir, 'postgres', 'notes.txt'), 'utf8')).toBe('not a database');
  }, 60_000);
});
