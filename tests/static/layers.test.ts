import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

/**
 * The layering lint (`npm run lint:layers`) run with the repository's own rules on a small made-up tree
 * in which every forbidden import appears once, next to imports that are allowed. So each rule is shown
 * to fire, and to fire on nothing else; a rule that silently stopped matching would fail here.
 */
const repoRoot = resolve(import.meta.dirname, '../..');

const tree: Record<string, string> = {
  // allowed: domain imports itself and zod; its tests use the test runner
  'domain/plan.ts': `import { z } from 'zod';\nimport { idOf } from './ids.ts';\nexport const plan = z.string().transform(idOf);\n`,
  'domain/ids.ts': `export const idOf = (value: string) => value;\n`,
  'domain/plan.test.ts': `import { it } from 'vitest';\nimport { plan } from './plan.ts';\nit('parses', () => void plan);\n`,
  // forbidden: a node builtin and the server in domain; a server import from a domain test
  'domain/clock.ts': `import { setTimeout } from 'node:timers/promises';\nimport type { Config } from '../server/config.ts';\nexport const wait = setTimeout;\nexport type C = Config;\n`,
  'domain/clock.test.ts': `import { config } from '../server/config.ts';\nexport const c = config;\n`,
  'server/config.ts': `import { plan } from '../domain/plan.ts';\nexport const config = { plan };\nexport type Config = typeof config;\n`,
  // forbidden: the server reaching into the client (a type-only import counts)
  'server/render.ts': `import type { Page } from '../client/features/history/Page.ts';\nexport type P = Page;\n`,
  // forbidden: a migration importing app code
  'migrations/001_init.ts': `import { plan } from '../domain/plan.ts';\nexport const up = () => plan;\n`,
  // allowed: a feature imports its own folder, lib and domain
  'client/features/history/Page.ts': `import { rows } from './rows.ts';\nimport { format } from '../../lib/format.ts';\nimport { plan } from '../../../domain/plan.ts';\nexport type Page = typeof rows;\nexport const page = [rows, format, plan];\n`,
  'client/features/history/rows.ts': `export const rows: string[] = [];\n`,
  // forbidden: one feature importing another, and the client importing the server
  'client/features/projects/Page.ts': `import { rows } from '../history/rows.ts';\nimport { config } from '../../../server/config.ts';\nexport const page = [rows, config];\n`,
  // allowed: a feature using the planning actions through their public face; forbidden: reaching inside them
  'client/features/planning/index.ts': `export { bookTimeOff } from './time-off/book.ts';\n`,
  'client/features/planning/time-off/book.ts': `export const bookTimeOff = () => 'booked';\n`,
  'client/features/staffing/Page.ts': `import { bookTimeOff } from '../planning/index.ts';\nimport { bookTimeOff as inside } from '../planning/time-off/book.ts';\nexport const page = [bookTimeOff, inside];\n`,
  // forbidden: lib running back up to the stores and the machines
  'client/lib/format.ts': `export const format = String;\n`,
  'client/lib/session.ts': `import { store } from '../stores/store.ts';\nimport { machine } from '../machines/form.machine.ts';\nexport const both = [store, machine];\n`,
  'client/stores/store.ts': `import { format } from '../lib/format.ts';\nexport const store = { format };\n`,
  'client/machines/form.machine.ts': `import { store } from '../stores/store.ts';\nexport const machine = { store };\n`,
  // forbidden: a shared client folder reaching up into a screen or the app shell; allowed: a screen using it
  'client/components/Card.ts': `import { rows } from '../features/history/rows.ts';\nimport type { Shell } from '../app/shell.ts';\nexport const card = rows;\nexport type S = Shell;\n`,
  'client/app/shell.ts': `export type Shell = string;\n`,
  // forbidden: a store sending its own request; allowed: the store reading what an answer means, and a feature's call module sending it
  'client/lib/api.ts': `export class ApiError extends Error {}\n`,
  'client/lib/http.ts': `import { ApiError } from './api.ts';\nexport const request = (path: string) => Promise.reject(new ApiError(path));\n`,
  'client/stores/views.ts': `import { request } from '../lib/http.ts';\nimport { ApiError } from '../lib/api.ts';\nexport const views = [request('/api/views'), ApiError];\n`,
  'client/features/history/viewsApi.ts': `import { request } from '../../lib/http.ts';\nexport const listViews = () => request('/api/views');\n`,
  // forbidden: the server's base importing what is built on it, and the history depending on the write side
  'server/read-models/names.ts': `import { history } from '../history/log.ts';\nexport const names = history;\n`,
  'server/history/log.ts': `import { write } from '../commands/write.ts';\nimport { plan } from '../../domain/plan.ts';\nexport const history = [write, plan];\n`,
  'server/commands/write.ts': `import { config } from '../config.ts';\nexport const write = config;\n`,
  // forbidden: an import circle, and an import that resolves to nothing
  'client/stores/a.ts': `import { b } from './b.ts';\nexport const a = () => b;\n`,
  'client/stores/b.ts': `import { a } from './a.ts';\nexport const b = () => a;\n`,
  'client/stores/typo.ts': `import { gone } from './missing.ts';\nexport const t = gone;\n`,
};

let root = '';
let result: ICruiseResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [path, source] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  const options = await extractDepcruiseOptions(join(repoRoot, '.dependency-cruiser.cjs'));
  const output = await cruise(['domain', 'server', 'client', 'migrations'], { ...options, baseDir: root, validate: true });
  result = output.output as ICruiseResult;
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the layering lint', () => {
  it('reports every forbidden import of the tree, and only those', () => {
    const found = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.cycle ? v.cycle.map((step) => step.name).join(' -> ') : v.to}`);
    expect(found.sort()).toEqual(
      [
        'client-lib-not-to-state: client/lib/session.ts -> client/machines/form.machine.ts',
        'client-lib-not-to-state: client/lib/session.ts -> client/stores/store.ts',
        'client-not-to-server: client/features/projects/Page.ts -> server/config.ts',
        'domain-only-zod: domain/clock.ts -> server/config.ts',
        'domain-only-zod: domain/clock.ts -> timers/promises',
        'domain-tests-not-to-app: domain/clock.test.ts -> server/config.ts',
        'feature-not-to-other-feature: client/features/projects/Page.ts -> client/features/history/rows.ts',
        'feature-not-to-other-feature: client/features/staffing/Page.ts -> client/features/planning/time-off/book.ts',
        'migrations-not-to-app: migrations/001_init.ts -> domain/plan.ts',
        'no-circular: client/stores/a.ts -> client/stores/b.ts -> client/stores/a.ts',
        'not-to-unresolvable: client/stores/typo.ts -> ./missing.ts',
        'server-not-to-client: server/render.ts -> client/features/history/Page.ts',
        'shared-client-not-to-screens: client/components/Card.ts -> client/features/history/rows.ts',
        'shared-client-not-to-screens: client/components/Card.ts -> client/app/shell.ts',
        'shared-client-makes-no-requests: client/stores/views.ts -> client/lib/http.ts',
        'server-base-not-up: server/read-models/names.ts -> server/history/log.ts',
        'server-history-not-to-writes: server/history/log.ts -> server/commands/write.ts',
      ].sort(),
    );
  });

  it('fails the run: every rule is an error', () => {
    expect(result.summary.error).toBe(result.summary.violations.length);
    expect(result.summary.warn).toBe(0);
  });
});
