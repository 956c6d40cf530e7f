import { existsSync } from 'node:fs';
import { chown, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PostgresBinaries } from './binaries.ts';
import { PASSWORD, USER } from './credentials.ts';
import { LogTail } from './log-tail.ts';
import { SEE_OUTPUT } from './postmaster.ts';
import { spawnAs } from './run-binary.ts';
import { firstLine, makeReachable, type ServiceUser } from './service-user.ts';

/** A cluster lives in `dataDir` once it holds a PG_VERSION file. */
export async function isInitialised(dataDir: string): Promise<boolean> {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Runs initdb on an empty (or missing) directory; never touches a directory that holds anything. */
export async function initialiseCluster(binaries: PostgresBinaries, dataDir: string, user: ServiceUser): Promise<void> {
  // initdb refuses a non-empty directory; never delete what might be someone's data.
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  if (entries.length > 0) {
    throw new Error(
      `embedded PostgreSQL: ${dataDir} is not empty but holds no database (no PG_VERSION), ` +
        'probably from an interrupted first start: remove that folder and start again.',
    );
  }
  await makeReachable(dataDir, user, 'service user');
  const log = new LogTail();
  // initdb reads the superuser's password from a file only; the service user must be able to read it.
  const secretDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-postgres-'));
  const passwordFile = path.join(secretDir, 'password');
  try {
    await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (user) await Promise.all([chown(secretDir, user.uid, user.gid), chown(passwordFile, user.uid, user.gid)]);
    const initdb = await spawnAs(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--lc-messages=C',
        // UTF-8 everywhere, independent of the machine's LANG; the builtin provider (PostgreSQL 17+)
        // gives Unicode-aware upper()/lower()/ILIKE without depending on OS locales.
        '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8',
      ],
      { user, cwd: path.dirname(dataDir), log },
    );
    const code = await new Promise<number | string>((resolve) => {
      initdb.once('error', (error) => resolve(firstLine(error)));
      initdb.once('close', (exitCode, signal) => resolve(exitCode ?? `signal ${signal}`));
    });
    if (code !== 0) throw new Error(typeof code === 'number' ? `initdb exited with code ${code}` : code);
  } catch (error) {
    // Leave no half-initialised directory behind: the next start would refuse it.
    if (!(await isInitialised(dataDir))) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    throw new Error(`embedded PostgreSQL: initdb failed for ${dataDir} (${firstLine(error)}): ${SEE_OUTPUT}\n${log.text()}`);
  } finally {
    await rm(secretDir, { recursive: true, force: true });
  }
}
