/**
 * No embedded server outlives the process that started it:
 * - on 'exit' (normal end, process.exit, uncaught exception) every running server gets SIGINT
 *   synchronously, i.e. a fast shutdown that completes on its own;
 * - on SIGINT/SIGTERM/SIGHUP, when nobody else listens for the signal, the servers are stopped and
 *   the process exits with 128 + signal number; when the app listens, its handler is in charge
 *   (it should call `stop()`; the 'exit' hook is the safety net).
 */
import type { ChildProcess } from 'node:child_process';
import { STOP_TIMEOUT_MS } from './postmaster.ts';

/** Servers started by this process that have not been stopped yet. */
export const running = new Set<{ child: ChildProcess; stop: () => Promise<void> }>();

const SHUTDOWN_SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
let installed = false;

export function installExitHooks(): void {
  if (installed) return;
  installed = true;
  process.on('exit', () => {
    for (const server of running) server.child.kill('SIGINT');
  });
  for (const [signal, number] of Object.entries(SHUTDOWN_SIGNALS)) {
    process.on(signal, function onSignal() {
      if (process.listenerCount(signal) > 1) return; // the app handles it
      process.removeListener(signal, onSignal);
      const stops = [...running].map((server) => server.stop().catch(() => undefined));
      void Promise.race([Promise.all(stops), delay(STOP_TIMEOUT_MS)]).finally(() => process.exit(128 + number));
    });
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
