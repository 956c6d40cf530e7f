/**
 * The real server as a child process (`server/cli/start.ts`, as `npm start` runs it), for the fault
 * tier: a crash must show up as a dead process, which an in-process app would hide or take the test
 * runner down with. `--dev` skips the client build; API and live channels are the same.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_JWT_SECRET } from './api-helpers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  /** True until the process has exited, whatever the reason. */
  alive: () => boolean;
  /** Everything it wrote to stdout and stderr (the last 200 kB). */
  output: () => string;
  /** `kill -9`: no shutdown hook runs, open transactions are cut mid-way. */
  kill9: () => Promise<void>;
  /** SIGTERM, as an orderly stop. */
  stop: () => Promise<void>;
};

/** A free TCP port on the loopback interface (the server binds it a moment later). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Starts the server on `databaseUrl` (migrated; the demo is seeded when empty) and waits until /api/health says ok. */
export async function spawnServer(databaseUrl: string, options: { port?: number; readyTimeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'faults-server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts', '--dev'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = exitOf(child).then(() => rmSync(dataDir, { recursive: true, force: true }));

  const baseUrl = `http://127.0.0.1:${port}`;
  const alive = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (!alive()) throw new Error(`the server exited during start-up (${child.exitCode ?? child.signalCode}):\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within the deadline:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const signal = async (name: NodeJS.Signals) => {
    if (alive()) child.kill(name);
    await exited;
  };
  return {
    baseUrl,
    pid: child.pid!,
    alive,
    output: () => output,
    kill9: () => signal('SIGKILL'),
    async stop() {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await signal('SIGTERM');
      clearTimeout(timer);
    },
  };
}
