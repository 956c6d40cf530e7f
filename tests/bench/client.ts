/**
 * The web client in Chromium against the real app:
 *   1. gzip size of the JavaScript the login screen loads, and of the largest lazily loaded chunk,
 *      each beside the gzip size of all the JavaScript in the build;
 *   2. time from navigation to a rendered Engineers table with 2,000 engineers and 20,000
 *      assignments, beside the time the same page needs to fetch and parse what its first rows are
 *      drawn from (the directory and everyone's current load; the whole lists come after);
 *   3. the same for the Schedule (2,000 engineers x 26 weeks) beside fetching and parsing its data,
 *      and the longest main-thread block while its virtualised grid scrolls, beside the same page
 *      left idle and the length of one frame;
 *   4. beside the schedule's cold load: the cold load of the lightest signed-in screen (the floor
 *      under any screen's), and an in-app navigation to the schedule through the router (the way a
 *      manager usually arrives);
 *   5. the schedule's cold load over an emulated office link (20 Mbps, 30 ms), answers compressed,
 *      beside a second instance of the app with compression off, and the data's bytes on the wire;
 *   6. the largest main-thread block (Long Tasks API) on each screen, beside the goal of 200 ms;
 *   7. the project plan (every project x 26 weeks) rendered cold beside fetching and parsing its data;
 *   8. a new tab's navigation to a static page of one paragraph, beside the ratio goals of 2 and 7: the
 *      floor no renderer goes under;
 *   9. every screen's cold load beside the Profile screen's in the same rounds, the sign-in to the
 *      Manager Dashboard, and what the Profile floor is made of (tests/bench/cold.ts).
 * The client is built afresh (with a manifest) into a temporary folder, so the figures are of the
 * code in the working tree and the run never touches dist/client.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { manifestClosure } from '../../client/build/routeHints.ts';
import { launchBrowser } from '../support/browser.ts';
import { LARGE_SCREENS, idleLongTasks, longTasksSince, screenLongTasks, scrollScheduleGrid } from '../support/long-tasks.ts';
import { buildClient, type ManifestChunk, signedInContext } from './browser-app.ts';
import { ensureLargePlan, listen, login } from './bench-app.ts';
import { coldLoadRows } from './cold.ts';
import { fmt, percentile, type Row } from './support.ts';

const RUNS = Number(process.env.BENCH_CLIENT_RUNS ?? 5);
const SCROLLS = 3;
const SCROLL_STEPS = 40;
const SCROLL_PX = 600;


const kB = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`;
const gzipped = (content: Buffer | string) => gzipSync(content).length;


/** The files a manifest entry needs: its own and its static imports, recursively (the build's own walk). */
const staticClosure = (manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> => manifestClosure(manifest, key, seen).js;

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
 * Records (in the page's own clock, ms since navigation start) when the screen shows its rows with
 * their figures: rows present and, when given, no loading spinner over them. With `inView`, the first
 * row must also lie in the viewport, and the time is taken once that frame has been painted (a task
 * after its animation frame), not when the row is inserted, before style, layout and paint.
 */
const rowsProbe = (rows: string, idle?: string, inView = false) => `
  (() => {
    let seen = false;
    const shown = (row) => {
      if (!${inView}) return true;
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.top < innerHeight && box.bottom > 0;
    };
    const record = (key = '__rowsAt') => {
      if (!${inView}) return void (window[key] = performance.now());
      requestAnimationFrame(() => setTimeout(() => (window[key] = performance.now())));
    };
    const check = () => {
      if (seen) return;
      const row = document.querySelector(${JSON.stringify(rows)});
      if (row && !${idle ? `document.querySelector(${JSON.stringify(idle)})` : 'false'} && shown(row)) {
        seen = true;
        record();
      }
      if (!seen) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();
`;

type Visit = {
  label: string;
  path: string;
  rows: string;
  idle?: string;
  /** Rows count only once one is in the viewport and painted (a virtualised grid draws rows wherever it is told). */
  inView?: boolean;
  /** The API paths whose first answers the rows are computed from ("data in"). */
  dataPaths: string[];
  /** The anchor: what to fetch and parse in the page, given the URLs the page itself requested. */
  anchorUrls: (requested: string[]) => string[];
};

/**
 * The directory's first rows are drawn from the engineers and everyone's current load; the whole lists
 * (projects, assignments) are asked for once they are on screen, so they are neither its data nor its anchor.
 */
const DIRECTORY_PATHS = ['/api/engineers', '/api/engineers/current-load'];
const ENGINEERS_TABLE: Visit = {
  label: 'Engineers table',
  path: '/engineers',
  rows: '[data-testid=engineers-directory] tbody tr.ant-table-row',
  idle: '[data-testid=engineers-directory] .ant-spin-spinning',
  dataPaths: DIRECTORY_PATHS,
  anchorUrls: (requested) => requested.filter((url) => DIRECTORY_PATHS.includes(new URL(url).pathname)),
};

const SCHEDULE_PATHS = ['/api/capacity', '/api/time-off', '/api/placeholders'];
const SCHEDULE: Visit = {
  label: 'Schedule, 26 weeks',
  path: '/capacity?weeks=26',
  // A row with its cells: the figures, not an empty frame.
  rows: '[data-testid=schedule-grid] [data-testid=schedule-row] [role=gridcell]',
  inView: true,
  dataPaths: SCHEDULE_PATHS,
  // The very requests the page made (with its window in the query), refetched.
  anchorUrls: (requested) => requested.filter((url) => SCHEDULE_PATHS.includes(new URL(url).pathname)),
};

const PLAN_PATHS = ['/api/projects/plan', '/api/placeholders'];
const PROJECT_PLAN: Visit = {
  label: 'Project plan, 26 weeks',
  path: '/projects/plan?weeks=26',
  // A project's row with its cells, in view and painted.
  rows: '[data-testid=plan-grid] [data-testid=plan-row] [data-testid=plan-cell]',
  inView: true,
  dataPaths: PLAN_PATHS,
  anchorUrls: (requested) => requested.filter((url) => PLAN_PATHS.includes(new URL(url).pathname)),
};

/**
 * The lightest signed-in screen (Profile: the shell and one card from the session's own profile):
 * what any cold load of the app costs before a screen's own data and rendering, the floor under
 * the schedule's cold load.
 */
const PROFILE_SHELL: Visit = {
  label: 'Profile (shell floor)',
  path: '/profile',
  rows: '[data-testid=personal-information]',
  inView: true,
  dataPaths: ['/api/auth/profile'],
  anchorUrls: () => ['/api/auth/profile'],
};

/**
 * A page with nothing to run: one paragraph of static HTML from the same server, in a new tab. What
 * opening any page costs here before a byte of the app is read: no renderer, server-side or in the
 * browser, draws a screen sooner.
 */
const PAGE_FLOOR_FILE = 'bench-page-floor.html';
const PAGE_FLOOR: Visit = {
  label: 'a static page (the floor under any page)',
  path: `/${PAGE_FLOOR_FILE}`,
  rows: '#floor',
  inView: true,
  dataPaths: [],
  anchorUrls: () => [],
};

/**
 * Time from an in-app navigation to the schedule (the router's own, as the sidebar's link does) to
 * its first row of cells painted, on a page that has already shown the Manager Dashboard: the way a
 * manager usually arrives. The schedule's rows probe waits on the dashboard until the grid comes.
 */
async function inAppScheduleTimes(browser: Browser, base: string, token: string, progress: (message: string) => void) {
  const context = await signedInContext(browser, base, token, rowsProbe(SCHEDULE.rows, SCHEDULE.idle, SCHEDULE.inView));
  const times: number[] = [];
  try {
    for (let run = 0; run <= RUNS; run += 1) {
      progress(run === 0 ? 'in-app navigation to the schedule: warm-up' : `in-app navigation to the schedule: run ${run} of ${RUNS}`);
      const page = await context.newPage();
      await page.goto(`${base}/manager-dashboard`);
      await page.getByTestId('nav-placeholder').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1_000);
      const startedAt = await page.evaluate((to) => {
        const at = performance.now();
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
        return at;
      }, SCHEDULE.path);
      await page.waitForFunction(() => (window as { __rowsAt?: number }).__rowsAt !== undefined, undefined, { timeout: 120_000, polling: 50 });
      const rowsAt = await page.evaluate(() => (window as { __rowsAt?: number }).__rowsAt!);
      if (run > 0) times.push(rowsAt - startedAt);
      await page.close();
    }
  } finally {
    await context.close();
  }
  return sorted(times);
}


const sorted = (list: number[]) => list.sort((a, b) => a - b);

/** A link slower than the loopback: Chromium's own network emulation, per page. */
type Link = { mbps: number; rttMs: number };
const OFFICE_LINK: Link = { mbps: 20, rttMs: 30 };

/** Navigation to a screen's rendered rows, beside fetching and parsing its data in the same page; one warm-up visit, then RUNS. */
async function navigationTimes(browser: Browser, base: string, token: string, visit: Visit, progress: (message: string) => void, link?: Link) {
  const context = await signedInContext(browser, base, token, rowsProbe(visit.rows, visit.idle, visit.inView));
  const render: number[] = [];
  const fetches: number[] = [];
  const dataIn: number[] = [];
  const htmlWaits: number[] = [];
  let anchored: string[] = [];
  let wire = { sent: 0, decoded: 0 };
  let page: Page | undefined;
  // One warm-up visit (fills the HTTP cache with the chunks, as for a returning user), then RUNS timed ones.
  for (let run = 0; run <= RUNS; run += 1) {
    progress(run === 0 ? `${visit.label}: warm-up` : `${visit.label}: run ${run} of ${RUNS}`);
    page = await context.newPage();
    if (link) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const bytesPerSecond = (link.mbps * 1_000_000) / 8;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: link.rttMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
    }
    await page.goto(`${base}${visit.path}`, { waitUntil: 'commit' });
    // Functions, not strings: the app's CSP forbids eval (the init scripts are injected by the browser itself).
    await page.waitForFunction(() => (window as { __rowsAt?: number }).__rowsAt !== undefined, undefined, { timeout: 120_000, polling: 50 });
    const rowsAt = await page.evaluate(() => (window as { __rowsAt?: number }).__rowsAt!);
    // The page's HTML: from its request to its first byte, the server's part of it.
    const htmlWait = await page.evaluate(() => {
      const [document] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return document ? document.responseStart - document.requestStart : Number.NaN;
    });
    // Every API answer so far, in the page's clock (no named functions inside: tsx would wrap them in a helper the page does not have).
    const requested = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
        .map((e) => ({ url: e.name, end: e.responseEnd, sent: e.transferSize, decoded: e.decodedBodySize })),
    );
    // When the lists the rows are computed from had first arrived (later refetches aside).
    const firstAnswers = visit.dataPaths.map((p) => requested.find((r) => new URL(r.url).pathname === p));
    const dataAt = Math.max(...firstAnswers.map((answer) => answer?.end ?? Number.NaN));
    // Their bytes on the wire (headers included) and once decoded.
    wire = { sent: firstAnswers.reduce((sum, a) => sum + (a?.sent ?? 0), 0), decoded: firstAnswers.reduce((sum, a) => sum + (a?.decoded ?? 0), 0) };
    await page.waitForLoadState('networkidle');
    anchored = visit.anchorUrls(requested.map((r) => r.url));
    const fetchMs = (await page.evaluate(
      async ({ urls, authorization }) => {
        const t0 = performance.now();
        await Promise.all(urls.map((url) => fetch(url, { headers: { authorization } }).then((r) => r.json())));
        return performance.now() - t0;
      },
      { urls: anchored, authorization: token },
    )) as number;
    if (run > 0) {
      render.push(rowsAt);
      fetches.push(fetchMs);
      dataIn.push(dataAt);
      htmlWaits.push(htmlWait);
    }
    if (run < RUNS) await page.close();
  }
  // The last page stays open for whoever measures more on it.
  return { render: sorted(render), fetches: sorted(fetches), dataIn: sorted(dataIn), htmlWaits: sorted(htmlWaits), wire, anchored: anchored.map((url) => new URL(url, base).pathname), context, page: page! };
}

/** The largest long task per screen, from navigation to rows plus a second: one warm-up visit, then RUNS. */
async function screenBlocks(browser: Browser, base: string, tokens: Record<'manager' | 'engineer', string>, progress: (message: string) => void) {
  const contexts = { manager: await signedInContext(browser, base, tokens.manager), engineer: await signedInContext(browser, base, tokens.engineer) };
  const results: { path: string; largest: number[] }[] = [];
  try {
    for (const screen of LARGE_SCREENS) {
      const largest: number[] = [];
      for (let run = 0; run <= RUNS; run += 1) {
        progress(`largest long task on ${screen.path}: ${run === 0 ? 'warm-up' : `run ${run} of ${RUNS}`}`);
        const page = await contexts[screen.role].newPage();
        const tasks = await screenLongTasks(page, base, screen);
        if (run > 0) largest.push(tasks.longest);
        await page.close();
      }
      results.push({ path: screen.path, largest: sorted(largest) });
    }
  } finally {
    await contexts.manager.close();
    await contexts.engineer.close();
  }
  return results;
}

export async function benchClient(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const rows: Row[] = [];
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'bench-client-'));
  let app: FastifyInstance | undefined;
  let plainApp: FastifyInstance | undefined;
  let browser: Browser | undefined;
  try {
    progress('building the client');
    const manifest = await buildClient(outDir);
    const sizes = await buildSizes(outDir);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const totalText = `all JS of the build (${sizes.size} files): ${kB(total)}`;

    await writeFile(path.join(outDir, PAGE_FLOOR_FILE), '<!doctype html><html lang="en"><title>floor</title><p id="floor">One paragraph.</p></html>');
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

    const tokens = { manager: await login(base, 'manager@demo.test'), engineer: await login(base, 'engineer@demo.test') };
    const sizeText = `${plan.engineers.toLocaleString('en-US')} engineers, ${plan.assignments.toLocaleString('en-US')} assignments, ${plan.projects.toLocaleString('en-US')} projects`;
    const navigationRow = (what: string, times: Awaited<ReturnType<typeof navigationTimes>>, dataText: string, goal = ''): Row => {
      const r50 = percentile(times.render, 50);
      const f50 = percentile(times.fetches, 50);
      return {
        section: 'client',
        measure: `navigation to rendered ${what}, ${sizeText}, ${RUNS} runs${goal}`,
        figure: `p50 ${fmt(r50, 0)} ms, max ${fmt(times.render.at(-1)!, 0)} ms (${dataText} in at p50 ${fmt(percentile(times.dataIn, 50), 0)} ms)`,
        anchor: `fetch + JSON.parse of ${times.anchored.join(' + ')} in the page: p50 ${fmt(f50, 0)} ms`,
        ratio: `${fmt(r50 / f50, 2)}x p50`,
      };
    };

    // Every screen's cold load beside the Profile floor in the same rounds (tests/bench/cold.ts).
    
    rows.push(...(await coldLoadRows(browser, base, tokens, progress, sizeText)));

    const table = await navigationTimes(browser, base, tokens.manager, ENGINEERS_TABLE, progress);
    const subtitle = (await table.page.getByTestId('engineers-directory').locator('[data-role=subtitle]').innerText()).trim();
    await table.context.close();
    rows.push(navigationRow(`Engineers table ('${subtitle}'; its first rows from the directory and the current loads, the whole lists after)`, table, 'engineers + current load'));

    const schedule = await navigationTimes(browser, base, tokens.manager, SCHEDULE, progress);
    const summary = (await schedule.page.getByTestId('schedule-summary').innerText()).replace(/\s+/g, ' ').trim();
    rows.push(navigationRow(`Schedule's rows painted, the one renderer (a new tab, 26 weeks by week: '${summary}')`, schedule, 'grid + time off + placeholders', ' (goal <= 500 ms)'));
    const scheduleCold = percentile(schedule.render, 50);

    // The project plan (every project x 26 weeks) cold in a new tab, beside fetching and parsing its data (goal <= 1.5x).
    const projectPlan = await navigationTimes(browser, base, tokens.manager, PROJECT_PLAN, progress);
    const planSummary = (await projectPlan.page.getByTestId('plan-summary').innerText()).replace(/\s+/g, ' ').trim();
    await projectPlan.context.close();
    rows.push(navigationRow(`Project plan's rows painted (a new tab, 26 weeks by week: '${planSummary}')`, projectPlan, 'plan + placeholders', ' (goal <= 1.5x its fetch + parse)'));

    // Scrolling the schedule's virtualised grid, on the last timed page once it has settled, a few times over.
    await schedule.page.waitForTimeout(1_000);
    const scrolls: Awaited<ReturnType<typeof scrollScheduleGrid>>[] = [];
    for (let run = 0; run < SCROLLS; run += 1) {
      progress(`scrolling the schedule: ${run + 1} of ${SCROLLS}`);
      await schedule.page.evaluate(() => document.querySelector('[data-testid=schedule-grid]')!.scrollTo({ top: 0 }));
      await schedule.page.waitForTimeout(500);
      scrolls.push(await scrollScheduleGrid(schedule.page, SCROLL_STEPS, SCROLL_PX));
    }
    const idleMs = Math.round(Math.max(...scrolls.map((r) => r.frames)) * 16.7 + 500);
    const idle = await idleLongTasks(schedule.page, idleMs);

    // The detailed mode (Expand all: every row shows its bars, 20,000 of them over 2,000 rows), on the
    // same page once the assignments have come: the click, then the same scrolls.
    progress('the schedule in the detailed mode');
    await schedule.page.evaluate(() => document.querySelector('[data-testid=schedule-grid]')!.scrollTo({ top: 0 }));
    const expandStart = await schedule.page.evaluate(() => performance.now());
    await schedule.page.getByTestId('schedule-expand-all').click();
    // The bars come with the assignments, loaded after the grid's first paint.
    await schedule.page.locator('[data-testid=schedule-grid] [data-testid=schedule-bar]').first().waitFor({ timeout: 60_000 });
    await schedule.page.waitForTimeout(1_000);
    const expanding = await longTasksSince(schedule.page, expandStart);
    const detailed: Awaited<ReturnType<typeof scrollScheduleGrid>>[] = [];
    for (let run = 0; run < SCROLLS; run += 1) {
      progress(`scrolling the schedule in the detailed mode: ${run + 1} of ${SCROLLS}`);
      await schedule.page.evaluate(() => document.querySelector('[data-testid=schedule-grid]')!.scrollTo({ top: 0 }));
      await schedule.page.waitForTimeout(500);
      detailed.push(await scrollScheduleGrid(schedule.page, SCROLL_STEPS, SCROLL_PX));
    }
    const bars = await schedule.page.locator('[data-testid=schedule-grid] [data-testid=schedule-bar]').count();
    await schedule.context.close();
    const worst = Math.max(...scrolls.map((r) => r.longest));
    const msOrNone = (ms: number) => (ms > 0 ? `${fmt(ms, 0)} ms` : 'none over 50 ms');
    rows.push({
      section: 'client',
      measure: `longest main-thread block scrolling the schedule (${SCROLL_STEPS} steps of ${SCROLL_PX} px, one a frame, to ${fmt(scrolls[0]!.scrolled, 0)} px; ${SCROLLS} times; goal <= 50 ms)`,
      figure: `${msOrNone(worst)} (long tasks per scroll: ${scrolls.map((r) => r.count).join(', ')}; longest frame ${fmt(Math.max(...scrolls.map((r) => r.longestFrame)), 0)} ms)`,
      anchor: `same page left idle ${fmt(idleMs / 1000, 1)} s: ${msOrNone(idle.longest)}; one 60 Hz frame: 16.7 ms`,
      ratio: worst > 0 ? `${fmt(worst / 16.7, 1)}x a frame` : 'under 3x a frame',
    });
    const worstDetailed = Math.max(...detailed.map((r) => r.longest));
    rows.push({
      section: 'client',
      measure: `longest main-thread block scrolling the schedule in the detailed mode (Expand all: every row's bars; ${SCROLL_STEPS} steps of ${SCROLL_PX} px to ${fmt(detailed[0]!.scrolled, 0)} px; ${SCROLLS} times; goal <= 50 ms)`,
      figure: `${msOrNone(worstDetailed)} (long tasks per scroll: ${detailed.map((r) => r.count).join(', ')}; longest frame ${fmt(Math.max(...detailed.map((r) => r.longestFrame)), 0)} ms; ${bars} bars drawn at the end; the click on Expand all: ${msOrNone(expanding.longest)})`,
      anchor: `the summary mode's scroll above, same page and run: ${msOrNone(worst)}; one 60 Hz frame: 16.7 ms`,
      ratio: worstDetailed > 0 ? `${fmt(worstDetailed / 16.7, 1)}x a frame` : 'under 3x a frame',
    });

    // The cold load's floor (the lightest signed-in screen) and the everyday way in (the router).
    const shell = await navigationTimes(browser, base, tokens.manager, PROFILE_SHELL, progress);
    await shell.context.close();
    const shell50 = percentile(shell.render, 50);
    rows.push({
      section: 'client',
      measure: `navigation to the lightest signed-in screen (Profile: shell and one card), the floor of any cold load, ${RUNS} runs`,
      figure: `p50 ${fmt(shell50, 0)} ms, max ${fmt(shell.render.at(-1)!, 0)} ms (profile in at p50 ${fmt(percentile(shell.dataIn, 50), 0)} ms)`,
      anchor: `the schedule's cold navigation above: p50 ${fmt(scheduleCold, 0)} ms`,
      ratio: `${fmt(shell50 / scheduleCold, 2)}x`,
    });
    // Whether a ratio goal against a fetch in an open page can be met by any renderer at all.
    const floor = await navigationTimes(browser, base, tokens.manager, PAGE_FLOOR, progress);
    await floor.context.close();
    const floor50 = percentile(floor.render, 50);
    const goals = [
      ['Engineers table', 1.5 * percentile(table.fetches, 50)],
      ['project plan', 1.5 * percentile(projectPlan.fetches, 50)],
    ] as const;
    rows.push({
      section: 'client',
      measure: `navigation in a new tab to a static page of one paragraph (no script, no data, same server), the floor under any page, ${RUNS} runs`,
      figure: `p50 ${fmt(floor50, 0)} ms, max ${fmt(floor.render.at(-1)!, 0)} ms`,
      anchor: `goals of 1.5x a fetch + parse in an open page: ${goals.map(([name, goal]) => `${name} ${fmt(goal, 0)} ms`).join(', ')}`,
      ratio: goals.map(([name, goal]) => `${fmt(floor50 / goal, 2)}x ${name}'s goal`).join(', '),
    });
    // Early Hints (103) could start the page's asset requests sooner by at most the time the server takes
    // to answer with the HTML itself; Chromium acts on them over HTTP/2 and HTTP/3 only.
    const htmlWait50 = percentile(schedule.htmlWaits, 50);
    rows.push({
      section: 'client',
      measure: `the schedule's HTML: from its request to its first byte (all Early Hints could move the assets' requests forward by; Chromium ignores 103 over HTTP/1.1, which the app serves), ${RUNS} runs`,
      figure: `p50 ${fmt(htmlWait50, 1)} ms, max ${fmt(schedule.htmlWaits.at(-1)!, 1)} ms`,
      anchor: `the schedule's cold navigation above: p50 ${fmt(scheduleCold, 0)} ms`,
      ratio: `${fmt(htmlWait50 / scheduleCold, 3)}x`,
    });
    const inApp = await inAppScheduleTimes(browser, base, tokens.manager, progress);
    const inApp50 = percentile(inApp, 50);
    rows.push({
      section: 'client',
      measure: `in-app navigation (the router, as the sidebar link) from the Manager Dashboard to the rendered Schedule, 26 weeks, ${sizeText}, ${RUNS} runs (goal <= 500 ms)`,
      figure: `p50 ${fmt(inApp50, 0)} ms, max ${fmt(inApp.at(-1)!, 0)} ms`,
      anchor: `the same screen by its address in a new tab: p50 ${fmt(scheduleCold, 0)} ms; fetch + JSON.parse of its data: p50 ${fmt(percentile(schedule.fetches, 50), 0)} ms`,
      ratio: `${fmt(inApp50 / scheduleCold, 2)}x the cold load`,
    });

    // The same cold load over an office link (the HTTP cache warm, so the page and the data cross it),
    // against a second instance of the app on the same database and build with compression off.
    ({ app: plainApp } = await listen(databaseUrl, { clientRoot: outDir, compression: false }));
    const plainBase = `http://127.0.0.1:${(plainApp.server.address() as { port: number }).port}`;
    const linkText = `an emulated ${OFFICE_LINK.mbps} Mbps link with ${OFFICE_LINK.rttMs} ms of latency`;
    const overLink = await navigationTimes(browser, base, tokens.manager, { ...SCHEDULE, label: `Schedule over ${OFFICE_LINK.mbps} Mbps` }, progress, OFFICE_LINK);
    await overLink.context.close();
    const plainOverLink = await navigationTimes(browser, plainBase, tokens.manager, { ...SCHEDULE, label: `Schedule over ${OFFICE_LINK.mbps} Mbps, compression off` }, progress, OFFICE_LINK);
    await plainOverLink.context.close();
    // Not left running (its live tailer and snapshot writer) under the long-task figures that follow.
    await plainApp.close();
    plainApp = undefined;
    const link50 = percentile(overLink.render, 50);
    const plainLink50 = percentile(plainOverLink.render, 50);
    rows.push({
      section: 'client',
      measure: `navigation to the rendered Schedule, 26 weeks, over ${linkText}, answers compressed, ${RUNS} runs`,
      figure: `p50 ${fmt(link50, 0)} ms, max ${fmt(overLink.render.at(-1)!, 0)} ms (data in at p50 ${fmt(percentile(overLink.dataIn, 50), 0)} ms)`,
      anchor: `the same with compression off (COMPRESSION=off): p50 ${fmt(plainLink50, 0)} ms (data in at p50 ${fmt(percentile(plainOverLink.dataIn, 50), 0)} ms)`,
      ratio: `${fmt(link50 / plainLink50, 2)}x`,
    });
    rows.push({
      section: 'client',
      measure: `bytes of the schedule's data on the wire (${SCHEDULE_PATHS.join(' + ')}, headers included)`,
      figure: `${kB(overLink.wire.sent)} compressed`,
      anchor: `${kB(plainOverLink.wire.sent)} with compression off (${kB(overLink.wire.decoded)} decoded)`,
      ratio: `${fmt(overLink.wire.sent / plainOverLink.wire.sent, 2)}x`,
    });

    for (const { path: screen, largest } of await screenBlocks(browser, base, tokens, progress)) {
      rows.push({
        section: 'client',
        measure: `largest long task on ${screen}, navigation to rows + 1 s, ${sizeText}, ${RUNS} runs`,
        figure: `p50 ${msOrNone(percentile(largest, 50))}, max ${msOrNone(largest.at(-1)!)}`,
        anchor: 'goal: no block over 200 ms',
        ratio: `${fmt(percentile(largest, 50) / 200, 2)}x p50`,
      });
    }
  } finally {
    await browser?.close();
    await app?.close();
    await plainApp?.close();
    await rm(outDir, { recursive: true, force: true });
  }
  return rows;
}
