import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import type { LogTail } from './log-tail.ts';
import type { ServiceUser } from './service-user.ts';

const READ_AND_EXECUTE_FOR_ALL = 0o555;

/**
 * Starts a PostgreSQL program as `user`, its output into `log`. A program that cannot be started
 * at all (EACCES, ENOENT) comes out as an 'error' event, which the caller waits for beside 'close'.
 */
export async function spawnAs(program: string, args: string[], o: { user: ServiceUser; cwd: string; log: LogTail }): Promise<ChildProcess> {
  // Some installs lose the execute bits; chmod only when needed (the folder may be read-only).
  const { mode } = await stat(program);
  if ((mode & READ_AND_EXECUTE_FOR_ALL) !== READ_AND_EXECUTE_FOR_ALL) await chmod(program, mode | READ_AND_EXECUTE_FOR_ALL);
  const child = spawn(program, args, {
    // cwd: the parent's (say /root/app) may be closed to the service user.
    cwd: o.cwd,
    ...(o.user ? { uid: o.user.uid, gid: o.user.gid } : {}),
    // English messages: start-up is detected from the server's output.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for the whole life of the process: an 'error' event without a listener would end the app.
  child.on('error', (error) => o.log.push(`${program}: ${error.message}`));
  child.stdout?.on('data', (chunk: Buffer) => o.log.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => o.log.push(chunk.toString('utf8')));
  return child;
}
