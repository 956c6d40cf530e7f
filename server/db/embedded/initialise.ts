import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { LogTail } from './log-tail.ts';
import { baseOptions } from './options.ts';
import type { EmbeddedPostgresClass } from './package.ts';

/** A cluster lives in `dataDir` once it holds a PG_VERSION file. */
export async function isInitialised(dataDir: string): Promise<boolean> {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Runs initdb on an empty (or missing) directory; never touches a directory that holds anything. */
export async function initialiseCluster(EmbeddedPostgres: EmbeddedPostgresClass, dataDir: string, isRoot: boolean) {
  // initdb refuses a non-empty directory; never delete what might be someone's data.
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  if (entries.length > 0) {
    throw new Error(
      `embedded PostgreSQL: ${dataDir} is not empty but holds no cluster (no PG_VERSION). ` +
        'Probably an interrupted first start: remove the directory and start again.',
    );
  }
  const log = new LogTail();
  const server = new EmbeddedPostgres({
    ...baseOptions(dataDir, isRoot, log),
    // UTF-8 everywhere, independent of the machine's LANG; the builtin provider (PostgreSQL 17+)
    // gives Unicode-aware upper()/lower()/ILIKE without depending on OS locales.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
  });
  try {
    await server.initialise();
  } catch (error) {
    // Leave no half-initialised directory behind: the next start would refuse it.
    if (!(await isInitialised(dataDir))) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    const hint = isRoot
      ? '\n(As root PostgreSQL runs as the `postgres` user, which needs access to every parent directory of the data directory.)'
      : '';
    throw new Error(
      `embedded PostgreSQL: initdb failed for ${dataDir}: ${error instanceof Error ? error.message : String(error)}${hint}\n${log.text()}`,
    );
  }
}
