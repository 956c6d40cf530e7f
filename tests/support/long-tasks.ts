/**
 * Main-thread blocks in Chromium, with the Long Tasks API: every task over 50 ms the page runs is
 * recorded from the first script on, so a screen's largest block can be read once its rows are in.
 * Shared by the large-data e2e test and the client bench, which visit the same screens.
 */
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Injected before any of the page's scripts (an init script, so the app's CSP does not apply):
 * `buffered` also yields the tasks that ran before the observer was registered.
 */
export const LONG_TASK_PROBE = `
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
`;

export async function recordLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(LONG_TASK_PROBE);
}

export type LongTasks = { longest: number; count: number };

/** The longest task (0 when none reached 50 ms) and how many there were, since `since` on the page's clock. */
export async function longTasksSince(page: Page, since = 0): Promise<LongTasks> {
  const tasks = await page.evaluate(() => (window as { __longTasks?: { start: number; duration: number }[] }).__longTasks ?? []);
  const after = tasks.filter((task) => task.start >= since);
  return { longest: Math.max(0, ...after.map((task) => task.duration)), count: after.length };
}

/**
 * The screens of a large organisation and, for each, what shows that its real data is drawn (data
 * rows, not a skeleton, spinner or empty state). The Report's overloaded list and the Engineers
 * directory's figures need both the engineers and the assignments.
 */
export const LARGE_SCREENS = [
  { path: '/manager-dashboard', role: 'manager', rows: '[data-testid=team-utilization] tbody tr.ant-table-row' },
  { path: '/engineers', role: 'manager', rows: '[data-testid=engineers-directory] tbody tr.ant-table-row', idle: '[data-testid=engineers-directory] .ant-spin-spinning' },
  { path: '/projects', role: 'manager', rows: '[data-testid=projects-directory] tbody tr.ant-table-row' },
  { path: '/assignments', role: 'manager', rows: '[data-testid=all-assignments] tbody tr.ant-table-row' },
  { path: '/capacity?weeks=26', role: 'manager', rows: '[data-testid=schedule-grid] [data-testid=schedule-row]' },
  { path: '/report', role: 'manager', rows: '[data-testid=critical-issues-list] > div' },
  { path: '/history', role: 'manager', rows: '[data-testid=history-table] [data-testid=event-summary]' },
  { path: '/engineer-dashboard', role: 'engineer', rows: '[data-testid=current-projects] tbody tr.ant-table-row' },
] as const satisfies readonly { path: string; role: 'manager' | 'engineer'; rows: string; idle?: string }[];

export type LargeScreen = (typeof LARGE_SCREENS)[number];

/** Waits until the screen shows data rows and no spinner over them. */
export async function waitForRows(page: Page, screen: { rows: string; idle?: string }, timeout = 60_000): Promise<void> {
  try {
    await page.locator(screen.rows).first().waitFor({ timeout });
    if (screen.idle) await page.locator(screen.idle).first().waitFor({ state: 'detached', timeout });
  } catch (error) {
    // What the page showed instead says why: a sign-in form, an error, a spinner.
    const shown = await page.locator('body').innerText({ timeout: 5_000 }).catch(() => '(unreadable)');
    throw new Error(`${(error as Error).message}\nat ${page.url()} the page showed: ${shown.replace(/\s+/g, ' ').slice(0, 600)}`, { cause: error });
  }
}

/**
 * Opens a screen by address, as a returning user would (the HTTP cache warm from an earlier visit),
 * waits for its rows and then `quietMs` more, so the tasks that finish drawing are counted too; the
 * largest task from the navigation on.
 */
export async function screenLongTasks(page: Page, baseUrl: string, screen: LargeScreen, quietMs = 1_000): Promise<LongTasks> {
  await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'commit' });
  await waitForRows(page, screen);
  await page.waitForTimeout(quietMs);
  return longTasksSince(page);
}

/**
 * Scrolls the schedule's virtualised grid down by `stepPx` a frame at a time, `steps` times; the
 * longest task and the longest frame (gap between animation frames) meanwhile, and how many frames.
 */
export async function scrollScheduleGrid(page: Page, steps = 40, stepPx = 600): Promise<LongTasks & { longestFrame: number; frames: number; scrolled: number }> {
  const run = await page.evaluate(
    async ({ steps, stepPx }) => {
      const grid = document.querySelector('[data-testid=schedule-grid]')!;
      const start = performance.now();
      let last = start;
      let longestFrame = 0;
      for (let i = 0; i < steps; i += 1) {
        grid.scrollTop += stepPx;
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        longestFrame = Math.max(longestFrame, now - last);
        last = now;
      }
      // The rows of the last step render in React's next batch: let them land.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { start, longestFrame, scrolled: grid.scrollTop };
    },
    { steps, stepPx },
  );
  return { ...(await longTasksSince(page, run.start)), longestFrame: run.longestFrame, frames: steps, scrolled: run.scrolled };
}

/** The same page left alone for `ms`: the machine's own noise, as an anchor for the scroll. */
export async function idleLongTasks(page: Page, ms: number): Promise<LongTasks> {
  const start = await page.evaluate(() => performance.now());
  await page.waitForTimeout(ms);
  return longTasksSince(page, start);
}
