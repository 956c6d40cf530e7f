/**
 * PostgreSQL refuses to run as root. Started by root, the embedded server therefore runs as the
 * `postgres` OS user (created when missing), and every file it uses must be reachable by that user.
 */
import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const NAME = 'postgres';

/** Whom initdb and postgres run as: us (undefined), or the `postgres` user when we are root. */
export type ServiceUser = { name: string; uid: number; gid: number } | undefined;

export async function serviceUser(): Promise<ServiceUser> {
  if (process.getuid?.() !== 0) return undefined;
  const found = await lookUp(NAME);
  if (found) return found;
  try {
    await run('groupadd', ['--system', NAME]).catch((error: { code?: unknown }) => {
      if (error.code !== 9) throw error; // 9: the group exists already
    });
    await run('useradd', ['--system', '--gid', NAME, '--no-create-home', '--shell', '/usr/sbin/nologin', NAME]);
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL: running as root, it must run as a "${NAME}" user, and creating one failed (${firstLine(error)}). ` +
        `Create that user (useradd --system ${NAME}), start the app as a regular user, or set DATABASE_URL.`,
    );
  }
  const created = await lookUp(NAME);
  if (!created) throw new Error(`embedded PostgreSQL: the "${NAME}" user was created but cannot be found.`);
  return created;
}

async function lookUp(name: string): Promise<ServiceUser> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { name, uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
  } catch {
    return undefined;
  }
}

/**
 * Whether `user` can walk down to `target`: every existing directory on the way needs its search bit
 * for that user. Node starts child processes without supplementary groups, so only the user's own
 * uid and primary gid count. Parts that do not exist yet are created by makeReachable().
 */
export async function canReach(target: string, user: ServiceUser): Promise<boolean> {
  if (!user) return true;
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const info = await stat(dir).catch(() => undefined);
    if (info?.isDirectory()) {
      const bit = info.uid === user.uid ? 0o100 : info.gid === user.gid ? 0o010 : 0o001;
      if ((info.mode & bit) === 0) return false;
    }
    if (path.dirname(dir) === dir) return true;
  }
}

/** Creates the missing directories down to `dir`, searchable by everyone whatever the umask, owned by `owner` at the end. */
export async function makeReachable(dir: string, user: ServiceUser, owner: 'service user' | 'us' = 'us'): Promise<void> {
  const missing: string[] = [];
  for (let current = path.resolve(dir); !(await stat(current).catch(() => undefined)); current = path.dirname(current)) {
    missing.unshift(current);
  }
  for (const current of missing) {
    await mkdir(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    if (user) await chmod(current, 0o755);
  }
  if (user && owner === 'service user') await chown(dir, user.uid, user.gid);
}

export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
