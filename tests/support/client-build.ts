import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the web client's build, for tests of how the server serves it: a new temporary folder
 * with an assets/ folder and `files` (path under the build, such as 'assets/app-h.js', to content).
 * The caller removes it.
 */
export function fakeClientBuild(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'client-build-'));
  mkdirSync(path.join(root, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, name), content);
  return root;
}
