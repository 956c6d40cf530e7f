import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Newest modification time among the files and everything under the folders (0 when none exist). */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (target: string) => {
    const stat = statSync(target);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else for (const entry of readdirSync(target)) visit(path.join(target, entry));
  };
  for (const target of paths) if (existsSync(target)) visit(target);
  return newest;
}

/**
 * Builds the web client when there is no build yet or its sources changed since (a pull, an edit),
 * so `npm start` never serves a stale client. Docker images build it once, at image build time.
 */
export function ensureClientBuild(root: string): void {
  const index = path.join(root, 'dist/client/index.html');
  const sources = ['client', 'domain', 'index.html', 'vite.config.ts'].map((p) => path.join(root, p));
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > 0 && built >= newestChange(sources)) return;
  console.log(built === 0 ? 'Building the web client (first start)...' : 'The web client changed since its last build: rebuilding...');
  try {
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
  } catch (error) {
    throw new Error('the web client could not be built (the output above says why): run npm install, then start again.', { cause: error });
  }
}
