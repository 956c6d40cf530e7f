/** The running PostgreSQL server (the postmaster): started until it accepts connections, stopped for good. */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { PostgresBinaries } from './binaries.ts';
import { LogTail } from './log-tail.ts';
import { PortInUseError } from './ports.ts';
import { spawnAs } from './run-binary.ts';
import { firstLine, type ServiceUser } from './service-user.ts';

const START_TIMEOUT_MS = 60_000;
export const STOP_TIMEOUT_MS = 15_000;
const READY = 'database system is ready to accept connections';
export const SEE_OUTPUT = 'see the PostgreSQL output printed with this message, or set DATABASE_URL to use a PostgreSQL server of your own.';

export interface PostmasterOptions {
  binaries: PostgresBinaries;
  dataDir: string;
  port: number;
  user: ServiceUser;
  ephemeral: boolean;
}

export async function startPostmaster(o: PostmasterOptions): Promise<ChildProcess> {
  const log = new LogTail();
  const flags = [
    '-c', 'listen_addresses=127.0.0.1',
    // TCP only: no socket file in /tmp or /var/run/postgresql (path length limits, clashes with a system server).
    '-c', 'unix_socket_directories=',
    ...(o.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  const child = await spawnAs(o.binaries.postgres, ['-D', o.dataDir, '-p', String(o.port), ...flags], {
    user: o.user,
    cwd: path.dirname(o.dataDir),
    log,
  });
  let timer: NodeJS.Timeout | undefined;
  let onData: ((chunk: Buffer) => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      onData = (chunk) => {
        seen = (seen + chunk.toString('utf8')).slice(-2 * READY.length);
        if (seen.includes(READY)) resolve();
      };
      child.stderr?.on('data', onData);
      child.once('error', (error) => reject(new Error(`embedded PostgreSQL could not be started from ${o.binaries.postgres}: ${firstLine(error)}.`)));
      child.once('close', () => {
        const text = log.text();
        if (/could not bind|Address already in use/i.test(text)) reject(new PortInUseError(`embedded PostgreSQL: port ${o.port} was taken by another program; start again (a free port is picked each time).`));
        else reject(new Error(`embedded PostgreSQL in ${o.dataDir} exited during start-up: ${SEE_OUTPUT}\n${text}`));
      });
      timer = setTimeout(
        () => reject(new Error(`embedded PostgreSQL in ${o.dataDir} did not start within ${START_TIMEOUT_MS} ms: ${SEE_OUTPUT}\n${log.text()}`)),
        START_TIMEOUT_MS,
      );
    });
  } catch (error) {
    await stopPostmaster(child).catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
    if (onData) child.stderr?.off('data', onData);
  }
  return child;
}

/** Fast shutdown (SIGINT); immediate shutdown (SIGQUIT) if that hangs. Copes with a server that already died. */
export async function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const escalated = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      child.kill('SIGQUIT');
      resolve(exited);
    }, STOP_TIMEOUT_MS);
  });
  await Promise.race([exited, escalated]);
  clearTimeout(timer);
}
