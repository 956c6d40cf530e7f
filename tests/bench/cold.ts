/**
 * Cold loads at 2,000 engineers (design section 17, "Speed"): every screen of LARGE_SCREENS opened by
 * its address in a new tab of a signed-in browser (the stored session; the HTTP cache warm from a
 * warm-up visit, as for a returning user) until its rows of real data are painted, beside the Profile
 * screen's cold load in the same run and the same rounds: the floor, what the app's own boot costs
 * before a screen's data and rendering. Each screen's ratio to the floor and whether it is within 2x
 * the floor and within 1 s. Also the Manager Dashboard after sign-in (from the Login click to its
 * rows), and what the floor is made of, from Chromium's own trace of the Profile screen's load.
 *
 * The screens are visited in rounds (every screen once a round), so a machine busy for a moment
 * slows every screen's figure alike rather than one screen's. Runnable alone:
 *   BENCH_SECTIONS=cold BENCH_CLIENT_RUNS=3 npm run bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { launchBrowser } from '../support/browser.ts';
import { LARGE_SCREENS, waitForRows } from '../support/long-tasks.ts';
import { ensureLargePlan, listen, login } from './bench-app.ts';
import { buildClient, signedInContext } from './browser-app.ts';
import { fmt, percentile, type Row } from './support.ts';

const RUNS = Number(process.env.BENCH_CLIENT_RUNS ?? 5);
const GOAL_MS = 1_000;
const GOAL_RATIO = 2;

type Screen = { label: string; path: string; role: 'manager' | 'engineer'; rows: string; idle?: string };

/** The lightest signed-in screen: the shell and one card from the session's own profile. */
const PROFILE: Screen = { label: 'Profile (the floor)', path: '/profile', role: 'manager', rows: '[data-testid=personal-information]' };
const SCREENS: Screen[] = LARGE_SCREENS.map((screen) => ({ label: screen.path, ...screen }));

/**
 * Records (page clock: ms from the navigation's start) the first frame painted with the screen's rows
 * and no spinner over them: the task after the animation frame in which they are first present.
 */
const rowsProbe = (rows: string, idle?: string) => `
  (() => {
    let seen = false;
    const check = () => {
      if (seen) return;
      if (document.querySelector(${JSON.stringify(rows)}) && !${idle ? `document.querySelector(${JSON.stringify(idle)})` : 'false'}) {
        seen = true;
        requestAnimationFrame(() => setTimeout(() => (window.__rowsAt = performance.now())));
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();
`;

const rowsAt = async (page: Page) => {
  await page.waitForFunction(() => (window as { __rowsAt?: number }).__rowsAt !== undefined, undefined, { timeout: 60_000, polling: 50 });
  return page.evaluate(() => (window as { __rowsAt?: number }).__rowsAt!);
};

/** One cold load of a screen in a new tab: ms from the navigation's start to its rows painted. */
async function coldLoad(context: BrowserContext, base: string, screen: Screen): Promise<{ ms: number; page: Page }> {
  const page = await context.newPage();
  await page.addInitScript(rowsProbe(screen.rows, screen.idle));
  await page.goto(`${base}${screen.path}`, { waitUntil: 'commit' });
  await waitForRows(page, screen);
  return { ms: await rowsAt(page), page };
}

/** From the Login click (a new browser, nobody signed in) to the Manager Dashboard's rows painted. */
async function afterSignIn(browser: Browser, base: string): Promise<number> {
  const context = await signedInContext(browser, base, null);
  try {
    const page = await context.newPage();
    const dashboard = SCREENS.find((s) => s.path === '/manager-dashboard')!;
    await page.addInitScript(rowsProbe(dashboard.rows, dashboard.idle));
    await page.goto(`${base}/`);
    await page.getByLabel('Email').fill('manager@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/manager-dashboard$/);
    await waitForRows(page, dashboard);
    return (await rowsAt(page)) - clickedAt;
  } finally {
    await context.close();
  }
}

type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, unknown> };

/** What a load is made of: the milestones of the page's clock and the main thread's work by kind, ms. */
type Breakdown = Record<string, number>;

/**
 * The Profile screen's cold load under Chromium's tracing (the DevTools performance timeline's
 * categories): the renderer's main thread from the navigation's start to the rows painted, its work
 * summed by kind, beside the resource timings of the page (HTML, entry scripts, CSS, fonts, the
 * profile call).
 */
async function floorBreakdown(browser: Browser, context: BrowserContext, base: string): Promise<Breakdown> {
  const page = await context.newPage();
  await page.addInitScript(rowsProbe(PROFILE.rows));
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'v8', 'blink.user_timing', 'loading'] });
  let rows: number;
  let trace: Buffer;
  try {
    await page.goto(`${base}${PROFILE.path}`, { waitUntil: 'commit' });
    await waitForRows(page, PROFILE);
    rows = await rowsAt(page);
  } finally {
    trace = await browser.stopTracing();
  }
  const timings = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      path: new URL(e.name).pathname,
      type: e.initiatorType,
      start: e.startTime,
      end: e.responseEnd,
    }));
    const paints = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]));
    return { htmlEnd: nav?.responseEnd ?? NaN, domInteractive: nav?.domInteractive ?? NaN, dcl: nav?.domContentLoadedEventEnd ?? NaN, resources, paints, styles: document.querySelectorAll('style').length };
  });
  await page.close();

  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's renderer main thread: the one that parsed the page's HTML (module scripts have no EvaluateScript).
  const parse = events.find((e) => e.name === 'ParseHTML' && String((e.args?.beginData as { url?: string })?.url ?? '').startsWith(base));
  const main = events.filter((e) => parse && e.pid === parse.pid && e.tid === parse.tid);
  const starts = events.filter((e) => e.name === 'navigationStart' && parse && e.pid === parse.pid && e.ts <= parse.ts);
  const navStart = starts.at(-1)?.ts ?? Math.min(...main.map((e) => e.ts));
  const until = navStart + rows * 1_000;
  const inLoad = main.filter((e) => e.ph === 'X' && e.ts >= navStart && e.ts <= until);
  // Top-level kinds only (nested events are inside these): the thread's busy time by what it did.
  const sum = (...names: string[]) => inLoad.filter((e) => names.includes(e.name)).reduce((total, e) => total + (e.dur ?? 0), 0) / 1_000;
  const tasks = sum('RunTask', 'ThreadControllerImpl::RunTask');
  const scripts = timings.resources.filter((r) => r.type === 'script' || r.path.endsWith('.js'));
  const api = timings.resources.find((r) => r.path === '/api/auth/profile');
  const fonts = timings.resources.filter((r) => /\.(woff2?|ttf|otf)$/.test(r.path));
  const css = timings.resources.filter((r) => r.path.endsWith('.css'));
  return {
    'rows painted': rows,
    'HTML in': timings.htmlEnd,
    'entry scripts in (last)': Math.max(0, ...scripts.filter((r) => r.start < timings.dcl).map((r) => r.end)),
    'all scripts in (last)': Math.max(0, ...scripts.filter((r) => r.end <= rows).map((r) => r.end)),
    'script files before rows': scripts.filter((r) => r.end <= rows).length,
    'CSS in (last)': Math.max(0, ...css.map((r) => r.end)),
    'fonts in (last)': Math.max(0, ...fonts.map((r) => r.end)),
    'font files': fonts.length,
    'DOMContentLoaded': timings.dcl,
    'profile call asked': api?.start ?? NaN,
    'profile call answered': api?.end ?? NaN,
    'first contentful paint': timings.paints['first-contentful-paint'] ?? NaN,
    'main thread busy (tasks)': tasks,
    'script compile': sum('v8.compile', 'V8.CompileCode', 'v8.compileModule', 'CompileScript', 'CompileCode'),
    'script evaluation (EvaluateScript + module eval)': sum('EvaluateScript', 'v8.evaluateModule'),
    'script callbacks (FunctionCall, timers, microtasks)': sum('FunctionCall', 'TimerFire', 'RunMicrotasks', 'FireAnimationFrame'),
    'HTML parse': sum('ParseHTML'),
    'style recalc (CSS-in-JS and the stylesheet)': sum('UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet'),
    'layout': sum('Layout'),
    'paint + composite': sum('Paint', 'PaintImage', 'UpdateLayerTree', 'Layerize', 'CompositeLayers', 'Commit'),
    'garbage collection': sum('MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'BlinkGC.AtomicPhase'),
    '<style> elements at rows': timings.styles,
  };
}

/** The cold-load rows, on a running app with the large plan. */
export async function coldLoadRows(
  browser: Browser,
  base: string,
  tokens: Record<'manager' | 'engineer', string>,
  progress: (message: string) => void,
  sizeText: string,
): Promise<Row[]> {
  const contexts = { manager: await signedInContext(browser, base, tokens.manager), engineer: await signedInContext(browser, base, tokens.engineer) };
  const all = [PROFILE, ...SCREENS];
  const times = new Map<string, number[]>(all.map((s) => [s.path, []]));
  const rows: Row[] = [];
  try {
    for (let run = 0; run <= RUNS; run += 1) {
      for (const screen of all) {
        progress(`cold load of ${screen.path}: ${run === 0 ? 'warm-up' : `run ${run} of ${RUNS}`}`);
        const { ms, page } = await coldLoad(contexts[screen.role], base, screen);
        await page.close();
        if (run > 0) times.get(screen.path)!.push(ms);
      }
    }
    const signIn: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      progress(`the Manager Dashboard after sign-in: run ${run + 1} of ${RUNS}`);
      signIn.push(await afterSignIn(browser, base));
    }
    const breakdowns: Breakdown[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      progress(`the floor's breakdown (traced): run ${run + 1} of ${RUNS}`);
      breakdowns.push(await floorBreakdown(browser, contexts.manager, base));
    }

    const median = (list: number[]) => percentile([...list].sort((a, b) => a - b), 50);
    const floor = median(times.get(PROFILE.path)!);
    const verdict = (ms: number) => `${ms / floor <= GOAL_RATIO ? 'within' : 'OVER'} 2x, ${ms <= GOAL_MS ? 'within' : 'OVER'} 1 s`;
    rows.push({
      section: 'client',
      measure: `cold load of the Profile screen (a new tab, rows painted), the floor, ${sizeText}, median of ${RUNS}`,
      figure: `p50 ${fmt(floor, 0)} ms (runs: ${times.get(PROFILE.path)!.map((t) => fmt(t, 0)).join(', ')})`,
      anchor: `goal <= ${GOAL_MS} ms`,
      ratio: floor <= GOAL_MS ? 'within 1 s' : 'OVER 1 s',
    });
    for (const screen of SCREENS) {
      const list = times.get(screen.path)!;
      const ms = median(list);
      rows.push({
        section: 'client',
        measure: `cold load of ${screen.path}${screen.role === 'engineer' ? ' (the engineer)' : ''} (a new tab, rows of real data painted), ${sizeText}, median of ${RUNS} (goal <= 2x the floor and <= 1 s)`,
        figure: `p50 ${fmt(ms, 0)} ms (runs: ${list.map((t) => fmt(t, 0)).join(', ')})`,
        anchor: `Profile, same rounds: p50 ${fmt(floor, 0)} ms`,
        ratio: `${fmt(ms / floor, 2)}x: ${verdict(ms)}`,
      });
    }
    const signIn50 = median(signIn);
    rows.push({
      section: 'client',
      measure: `the Manager Dashboard after sign-in: from the Login click to its rows painted, ${sizeText}, median of ${RUNS} (goal <= 2x the floor and <= 1 s)`,
      figure: `p50 ${fmt(signIn50, 0)} ms (runs: ${signIn.map((t) => fmt(t, 0)).join(', ')})`,
      anchor: `Profile cold load: p50 ${fmt(floor, 0)} ms`,
      ratio: `${fmt(signIn50 / floor, 2)}x: ${verdict(signIn50)}`,
    });
    // The breakdown, each part's median over the traced runs (tracing itself slows the load a little).
    const parts = Object.keys(breakdowns[0]!);
    const medians = Object.fromEntries(parts.map((part) => [part, median(breakdowns.map((b) => b[part]!))]));
    const text = parts.map((part) => `${part} ${fmt(medians[part]!, /elements|files/.test(part) ? 0 : 0)}`).join('; ');
    progress(`the floor's breakdown (ms from the navigation's start, or ms of main-thread work; medians):\n  ${parts.map((p) => `${p}: ${fmt(medians[p]!, 0)}`).join('\n  ')}`);
    rows.push({
      section: 'client',
      measure: `what the floor is made of: the Profile screen's cold load traced (Chromium's timeline: milestones in ms from the navigation's start, then main-thread work in ms by kind), median of ${RUNS}`,
      figure: text,
      anchor: `untraced floor: p50 ${fmt(floor, 0)} ms`,
      ratio: `${fmt(medians['main thread busy (tasks)']! / medians['rows painted']!, 2)}x of it the main thread busy`,
    });
  } finally {
    await contexts.manager.close();
    await contexts.engineer.close();
  }
  return rows;
}

/** `BENCH_SECTIONS=cold`: the cold loads alone, on a fresh build of the working tree. */
export async function benchColdLoads(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'bench-cold-'));
  let app: FastifyInstance | undefined;
  let browser: Browser | undefined;
  try {
    progress('building the client');
    await buildClient(outDir);
    const plan = await ensureLargePlan(databaseUrl, progress);
    ({ app } = await listen(databaseUrl, { clientRoot: outDir }));
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    browser = await launchBrowser();
    const tokens = { manager: await login(base, 'manager@demo.test'), engineer: await login(base, 'engineer@demo.test') };
    const sizeText = `${plan.engineers.toLocaleString('en-US')} engineers, ${plan.assignments.toLocaleString('en-US')} assignments`;
    return await coldLoadRows(browser, base, tokens, progress, sizeText);
  } finally {
    await browser?.close();
    await app?.close();
    await rm(outDir, { recursive: true, force: true });
  }
}
