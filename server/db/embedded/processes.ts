/**
 * What /proc says about a process: whether it lives, its state, its parent, whether it is a
 * postmaster of a given data directory, whether it is a Node process. Linux only; elsewhere the
 * answers are "unknown".
 */
import { readFile, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';

/** A process we may not signal (EPERM) still exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A zombie (exited, not yet reaped by its new parent) counts as gone.
    if (!isAlive(pid) || (await procState(pid)) === 'Z') return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** true: a postgres process running `-D <dataDir>`; false: some other process; undefined: unknown. */
export async function isPostmasterFor(pid: number, dataDir: string): Promise<boolean | undefined> {
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

export async function parentPid(pid: number): Promise<number | undefined> {
  const fields = await procStat(pid);
  const ppid = fields ? Number.parseInt(fields[1] ?? '', 10) : Number.NaN;
  return Number.isInteger(ppid) ? ppid : undefined;
}

/** By executable (readable for our own and, as root, all processes), else by name (process.title may change it). */
export async function looksLikeNode(pid: number): Promise<boolean> {
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
