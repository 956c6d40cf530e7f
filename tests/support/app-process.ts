/**
 * `npm start` as a new user runs it: the server code copied into a folder of the test's choosing,
 * started as a child process, watched through its output.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, link, mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * What `npm start --dev` needs, copied into `target`; node_modules is hard-linked (fast, no extra
 * space), so the embedded PostgreSQL binaries really live under `target` as they do in a clone.
 */
export async function copyAppInto(target: string): Promise<void> {
  await mkdir(target, { recursive: true });
  for (const entry of ['server', 'domain', 'migrations', 'package.json', 'tsconfig.json']) {
    await cp(path.join(repoRoot, entry), path.join(target, entry), { recursive: true, preserveTimestamps: true });
  }
  await linkTree(path.join(repoRoot, 'node_modules'), path.join(target, 'node_modules'));
}

async function linkTree(source: string, target: string): Promise<void> {
  await mkdir(target, { recursive: true });
  const entries = await readdir(source, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const from = path.join(source, entry.name);
      const to = path.join(target, entry.name);
      if (entry.isDirectory()) await linkTree(from, to);
      else if (entry.isSymbolicLink()) await symlink(await readlink(from), to);
      else await link(from, to);
    }),
  );
}

export interface AppProcess {
  child: ChildProcess;
  /** stdout and stderr as they came. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects when the process ends first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node --import tsx server/cli/start.ts --dev` in `cwd` (--dev: no client build, the API is what counts here). */
export function startAppProcess(cwd: string, env: Record<string, string | undefined>): AppProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts', '--dev'], {
    cwd,
    env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(pattern);
          if (match) finish(() => resolve(match));
        };
        const finish = (settle: () => void) => {
          listeners.delete(check);
          clearTimeout(timer);
          settle();
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${text}`))), timeoutMs);
        listeners.add(check);
        void exited.then(({ code, signal }) => finish(() => reject(new Error(`the app ended (code ${code}, signal ${signal}) before ${pattern}; output:\n${text}`))));
        check();
      });
    },
  };
}
