/**
 * Issue 3's bench, the web client in Chromium against the real app:
 *   1. gzip size of the JavaScript the login screen loads, and of the largest lazily loaded chunk,
 *      each beside the gzip size of all the JavaScript in the build;
 *   2. time from navigation to a rendered Engineers table with 2,000 engineers and 20,000
 *      assignments, beside the time the same page needs to fetch and parse the three API lists
 *      the table is computed from.
 * The client is built afresh (with a manifest) into a temporary folder, so the figures are of the
 * code in the working tree and the run never touches dist/client.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { launchBrowser } from '../support/browser.ts';
import { ensureLargePlan, listen } from './bench-app.ts';
import { fmt, percentile, type Row } from './support.ts';

const RUNS = Number(process.env.BENCH_CLIENT_RUNS ?? 5);

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

const kB = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`;
const gzipped = (content: Buffer | string) => gzipSync(content).length;

async function buildClient(outDir: string): Promise<Record<string, ManifestChunk>> {
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/** The files a manifest entry needs: its own and its static imports, recursively. */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const next of chunk.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

/**
 * What a screen loads: its static closure plus that of its own lazy imports (the report's charts).
 * Lazy imports of shared chunks are not followed: the entry's would lead to every screen.
 */
function screenClosure(manifest: Record<string, ManifestChunk>, key: string): Set<string> {
  const files = staticClosure(manifest, key);
  for (const lazy of manifest[key]?.dynamicImports ?? []) staticClosure(manifest, lazy, files);
  return files;
}

/** Gzip sizes of every JS file in the build, by file name. */
async function buildSizes(outDir: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const assets = path.join(outDir, 'assets');
  for (const name of await readdir(assets)) {
    if (name.endsWith('.js')) sizes.set(`assets/${name}`, gzipped(await readFile(path.join(assets, name))));
  }
  return sizes;
}

/** The JS responses of loading the login screen, gzipped one by one. */
async function loginScreenJs(browser: Browser, base: string): Promise<{ files: Set<string>; bytes: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<number>[] = [];
  const files = new Set<string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || response.url().endsWith('.js')) {
      files.add(new URL(response.url()).pathname.slice(1));
      bodies.push(response.body().then(gzipped));
    }
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.getByText('Manage Your Resources Efficiently').waitFor();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  const sizes = await Promise.all(bodies);
  await context.close();
  return { files, bytes: sizes.reduce((a, b) => a + b, 0) };
}

/**
 * Records (in the page's own clock, ms since navigation start) when the directory shows its rows
 * with their figures: rows present and no loading spinner over them (it stays until both the
 * engineers and the assignments are in).
 */
const ROWS_PROBE = `
  (() => {
    const check = () => {
      const directory = document.querySelector('[data-testid=engineers-directory]');
      if (window.__rowsAt === undefined && directory && directory.querySelector('tbody tr.ant-table-row') && !directory.querySelector('.ant-spin-spinning')) {
        window.__rowsAt = performance.now();
      }
      if (window.__rowsAt === undefined) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();
`;

async function engineersTable(browser: Browser, base: string, progress: (message: string) => void) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@demo.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(`localStorage.setItem('userToken', ${JSON.stringify(JSON.stringify(token))});`);
  await context.addInitScript(ROWS_PROBE);

  const render: number[] = [];
  const fetches: number[] = [];
  const dataIn: number[] = [];
  let subtitle = '';
  // One warm-up visit (fills the HTTP cache with the chunks, as for a returning user), then RUNS timed ones.
  for (let run = 0; run <= RUNS; run += 1) {
    progress(run === 0 ? 'Engineers table: warm-up' : `Engineers table: run ${run} of ${RUNS}`);
    const page = await context.newPage();
    await page.goto(`${base}/engineers`, { waitUntil: 'commit' });
    // Functions, not strings: the app's CSP forbids eval (the init scripts are injected by the browser itself).
    await page.waitForFunction(() => (window as { __rowsAt?: number }).__rowsAt !== undefined, undefined, { timeout: 120_000, polling: 50 });
    const rowsAt = await page.evaluate(() => (window as { __rowsAt?: number }).__rowsAt!);
    // When the two lists the table is computed from had first arrived (same clock; later refetches aside).
    // (No named functions inside: tsx would wrap them in a helper the page does not have.)
    const dataAt = await page.evaluate(() =>
      Math.max(
        ...['engineers', 'assignments'].map(
          (list) =>
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => new URL(e.name).pathname === `/api/${list}`)
              ?.responseEnd ?? Number.NaN,
        ),
      ),
    );
    subtitle = (await page.getByTestId('engineers-directory').locator('[data-role=subtitle]').innerText()).trim();
    // The anchor, in the same page: fetch and parse the three lists the table is computed from.
    await page.waitForLoadState('networkidle');
    const fetchMs = (await page.evaluate(async (authorization) => {
      const t0 = performance.now();
      await Promise.all(['engineers', 'projects', 'assignments'].map((list) => fetch(`/api/${list}`, { headers: { authorization } }).then((r) => r.json())));
      return performance.now() - t0;
    }, token)) as number;
    if (run > 0) {
      render.push(rowsAt);
      fetches.push(fetchMs);
      dataIn.push(dataAt);
    }
    await page.close();
  }
  await context.close();
  const sorted = (list: number[]) => list.sort((a, b) => a - b);
  return { render: sorted(render), fetches: sorted(fetches), dataIn: sorted(dataIn), subtitle };
}

export async function benchClient(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const rows: Row[] = [];
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'bench-client-'));
  let app: FastifyInstance | undefined;
  let browser: Browser | undefined;
  try {
    progress('building the client');
    const manifest = await buildClient(outDir);
    const sizes = await buildSizes(outDir);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const totalText = `all JS of the build (${sizes.size} files): ${kB(total)}`;

    const plan = await ensureLargePlan(databaseUrl, progress);
    ({ app } = await listen(databaseUrl, { clientRoot: outDir }));
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    browser = await launchBrowser();

    progress('JS of the login screen');
    const loginJs = await loginScreenJs(browser, base);
    rows.push({
      section: 'client',
      measure: `JS the login screen loads (${loginJs.files.size} files), gzip`,
      figure: kB(loginJs.bytes),
      anchor: totalText,
      ratio: `${fmt(loginJs.bytes / total, 2)}x`,
    });

    // The largest chunk a route loads lazily (one file), and the screen that adds the most JS to
    // what the login screen and the signed-in shell have already loaded.
    const dynamic = Object.entries(manifest).filter(([, chunk]) => chunk.isDynamicEntry);
    const [, largest] = dynamic.map(([, chunk]) => [sizes.get(chunk.file) ?? 0, chunk] as const).sort((a, b) => b[0] - a[0])[0]!;
    const largestSize = sizes.get(largest.file) ?? 0;
    rows.push({
      section: 'client',
      measure: `largest route chunk: ${path.basename(largest.src ?? largest.file)} (${largest.file.replace('assets/', '')}, lazy), gzip`,
      figure: kB(largestSize),
      anchor: totalText,
      ratio: `${fmt(largestSize / total, 2)}x`,
    });
    const shellKey = Object.keys(manifest).find((key) => key.endsWith('GuardedLayout.tsx'));
    const before = new Set([...loginJs.files, ...(shellKey ? staticClosure(manifest, shellKey) : [])]);
    const screens = dynamic
      .filter(([key]) => /Page\.tsx$/.test(key) && !key.includes('LoginPage'))
      .map(([key]) => {
        const added = [...screenClosure(manifest, key)].filter((file) => !before.has(file));
        return { key, files: added.length, bytes: added.reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0) };
      })
      .sort((a, b) => b.bytes - a.bytes);
    const heaviest = screens[0]!;
    rows.push({
      section: 'client',
      measure: `heaviest screen: ${path.basename(heaviest.key)} adds ${heaviest.files} files (with its lazy chunks) to login + shell, gzip (next: ${screens.slice(1, 3).map((x) => `${path.basename(x.key, '.tsx')} ${kB(x.bytes)}`).join(', ')})`,
      figure: kB(heaviest.bytes),
      anchor: totalText,
      ratio: `${fmt(heaviest.bytes / total, 2)}x`,
    });

    const table = await engineersTable(browser, base, progress);
    const r50 = percentile(table.render, 50);
    const f50 = percentile(table.fetches, 50);
    rows.push({
      section: 'client',
      measure: `navigation to rendered Engineers table, ${plan.engineers.toLocaleString('en-US')} engineers, ${plan.assignments.toLocaleString('en-US')} assignments, ${plan.projects.toLocaleString('en-US')} projects ('${table.subtitle}'), ${RUNS} runs`,
      figure: `p50 ${fmt(r50, 0)} ms, max ${fmt(table.render.at(-1)!, 0)} ms (engineers + assignments in at p50 ${fmt(percentile(table.dataIn, 50), 0)} ms)`,
      anchor: `fetch + JSON.parse of the 3 lists in the page: p50 ${fmt(f50, 0)} ms`,
      ratio: `${fmt(r50 / f50, 2)}x p50`,
    });
  } finally {
    await browser?.close();
    await app?.close();
    await rm(outDir, { recursive: true, force: true });
  }
  return rows;
}
