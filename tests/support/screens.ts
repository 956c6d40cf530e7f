/**
 * Helpers for the screen tests (tests/e2e/screens-*.test.ts): a browser context pinned to UTC and
 * en-US, sign-in through the login form, reading cards and tables, screenshots at desktop and
 * phone width, and the demo data's expected figures.
 *
 * The expected figures are worked out here from a copy of the demo's table (server/seed/demo.ts),
 * with plain arithmetic written for the tests, not with the client's or domain's code: if both
 * disagree, one of them is wrong.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { daysToNextMonth, eventually } from './api-helpers.ts';

export const SCREENSHOT_DIR = path.resolve('screenshots/e2e');
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export const MANAGER = { email: 'manager@demo.test', name: 'Dana Whitfield', department: 'Engineering Management' };
export const ENGINEER = { email: 'engineer@demo.test', name: 'Sam Rivera', department: 'Product Engineering' };
export const PASSWORD = 'demo1234';

/** A fresh context (own storage and cookies), UTC so the demo's midnight-UTC dates print as their day. */
export function newContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-US' });
}

/** Fails the test on uncaught errors in the page; returns the list to assert on. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Signs in through the login form and waits for the role's dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByText('Manage Your Resources Efficiently').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(manager|engineer)-dashboard$/);
}

/** Client-side navigation through the sidebar (keeps the session actor and stores, as a user would). */
export async function navigate(page: Page, label: string, pathname: string): Promise<void> {
  await page.getByTestId('sidebar').getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.pathname === pathname);
}

/**
 * Waits for a dialog to have finished opening (it fades in). When dialogs zoomed in, a select clicked
 * during the zoom lined its options list up with its own scaled-down box, and a click on an option
 * across the move into place was lost; they fade now (client/components/Modal.tsx), and the tests that
 * pick an option right after a dialog appears still wait for it to be fully there.
 */
export async function dialogOpened(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialog.evaluate((element) =>
    Promise.all((element.closest('.ant-modal-wrap') ?? element).getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))),
  );
}

/** The figure of a summary card (`card-*` test id), once it is no longer a skeleton. */
export async function cardValue(page: Page | Locator, testId: string): Promise<string> {
  const value = page.getByTestId(testId).locator('[data-role=value]');
  await value.waitFor();
  await value.locator('.ant-skeleton').waitFor({ state: 'detached' });
  let text = (await value.innerText()).trim();
  for (let i = 0; i < 50 && !text; i += 1) {
    await value.page().waitForTimeout(100);
    text = (await value.innerText()).trim();
  }
  return text;
}

/**
 * A summary card's whole text, read in one go while its figure shows: a refresh of the screen's lists
 * puts the skeleton back for a moment (the figures wait for React's time slices), and a reading taken
 * then would have no figure in it.
 */
export async function cardText(page: Page, testId: string): Promise<string> {
  const card = page.getByTestId(testId);
  await cardValue(page, testId);
  const readWhileShown = () =>
    card.evaluate((element) => {
      const value = element.querySelector('[data-role=value]');
      return value && !value.querySelector('.ant-skeleton') && value.textContent?.trim() ? (element as HTMLElement).innerText : null;
    });
  const text = await eventually(readWhileShown, (read) => read !== null, 10_000).catch((error: unknown) => {
    throw new Error(`the card ${testId} shows no figure`, { cause: error });
  });
  return normalize(text!);
}

/** Every body row of the table inside `container`, each as its cells' texts (whitespace collapsed). */
export async function tableRows(container: Locator): Promise<string[][]> {
  const rows = container.locator('tbody tr.ant-table-row');
  await rows.first().waitFor();
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.replace(/\s+/g, ' ').trim())),
  );
}

/** The header cells of the table inside `container` (antd may add an empty measure cell: dropped). */
export async function tableHeaders(container: Locator): Promise<string[]> {
  const cells = await container.locator('thead th').evaluateAll((ths) => ths.map((th) => (th as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  return cells.filter(Boolean);
}

/** How far the table inside `container` scrolls sideways (0 when every column fits). */
export async function tableOverflow(container: Locator): Promise<number> {
  return container.locator('.ant-table-content, .ant-table-body').first().evaluate((node) => node.scrollWidth - node.clientWidth);
}

/** The row whose first cell contains `text`. */
export function rowWith(rows: string[][], text: string): string[] {
  const row = rows.find((cells) => cells.some((cell) => cell.includes(text)));
  if (!row) throw new Error(`no row with ${text}: ${JSON.stringify(rows)}`);
  return row;
}

/**
 * The cells of the row naming `text` in the table inside `container`, waiting for it: the rows render in
 * React's time slices, so they can follow the card or toast that announced them by a few frames.
 */
export async function rowOf(container: Locator, text: string, timeout = 10_000): Promise<string[]> {
  const until = Date.now() + timeout;
  for (;;) {
    const rows = await tableRows(container);
    const row = rows.find((cells) => cells.some((cell) => cell.includes(text)));
    if (row) return row;
    if (Date.now() > until) return rowWith(rows, text);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Waits until nothing animates: antd's motion, skeletons and the chart's first draw. */
export async function settle(page: Page, ms = 500): Promise<void> {
  await page.locator('.ant-skeleton-active').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(ms);
}

/**
 * Saves `<name>-desktop.png` (1440x900) and `<name>-mobile.png` (390 wide), full page, and leaves
 * the page at desktop size again. `ready` runs after each resize (e.g. waits for a chart to redraw).
 * With `overlay` (a dialog, a sheet: fixed, so a full-page capture would cut it at the viewport) the
 * viewport grows to the overlay's whole height instead.
 */
export async function screenshotBoth(
  page: Page,
  name: string,
  options: { ready?: () => Promise<void>; overlay?: Locator } = {},
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [suffix, size] of [['desktop', DESKTOP], ['mobile', PHONE]] as const) {
    await page.setViewportSize(size);
    await settle(page);
    await options.ready?.();
    if (options.overlay) {
      const bottom = await options.overlay.evaluate((node) => {
        const wrap = node.closest('.ant-modal-wrap, .ant-drawer') ?? document.documentElement;
        return node.getBoundingClientRect().top + wrap.scrollTop + node.scrollHeight;
      });
      await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil(bottom) + 48) });
      await settle(page, 300);
    }
    // A full-page capture of a scrolled page draws the fixed sidebar and sticky header where the
    // viewport was, across the content: capture from the top.
    if (!options.overlay) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${suffix}.png`), fullPage: !options.overlay });
  }
  await page.setViewportSize(DESKTOP);
  await settle(page, 300);
}

/** One screenshot at the current size (the whole page, or only the viewport, e.g. for an overlay). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** Whether any element inside `container` sticks out of the viewport horizontally (ignores scroll areas). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** How many pixels of a canvas are drawn (not fully transparent or white). */
export async function drawnPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((node) => {
    const c = node as HTMLCanvasElement;
    const context = c.getContext('2d');
    if (!context || c.width === 0 || c.height === 0) return 0;
    const { data } = context.getImageData(0, 0, c.width, c.height);
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a > 0 && !(r > 250 && g > 250 && b > 250)) drawn += 1;
    }
    return drawn;
  });
}

/** Waits until the canvas has drawn and stopped changing (G2 animates bars and slices in on every resize). */
export async function waitForStableCanvas(canvas: Locator, timeoutMs = 15_000): Promise<void> {
  const fingerprint = () =>
    canvas.evaluate((node) => {
      const c = node as HTMLCanvasElement;
      const context = c.getContext('2d');
      if (!context || c.width === 0 || c.height === 0) return '';
      const { data } = context.getImageData(0, 0, c.width, c.height);
      let hash = 0;
      let drawn = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]! > 0 && !(data[i]! > 250 && data[i + 1]! > 250 && data[i + 2]! > 250)) drawn += 1;
        hash = (hash * 31 + data[i]! + data[i + 1]! * 7 + data[i + 2]! * 13 + data[i + 3]! * 17) | 0;
      }
      return drawn > 1000 ? `${c.width}x${c.height}:${hash}` : '';
    });
  const deadline = Date.now() + timeoutMs;
  let previous = '';
  while (Date.now() < deadline) {
    const current = await fingerprint();
    if (current && current === previous) return;
    previous = current;
    await canvas.page().waitForTimeout(400);
  }
  throw new Error('the chart did not finish drawing');
}

// ---------------------------------------------------------------------------------------------
// The demo's data (a copy of server/seed/demo.ts) and what the screens must show for it.

const DAY = 86_400_000;

export type DemoEngineer = { key: string; name: string; email: string; department: string; seniority: string; maxCapacity: number; skills: string[] };

export const demoEngineers: DemoEngineer[] = [
  { key: 'sam', name: 'Sam Rivera', email: 'engineer@demo.test', department: 'Product Engineering', seniority: 'senior', maxCapacity: 100, skills: ['React', 'TypeScript', 'Node.js', 'GraphQL'] },
  { key: 'priya', name: 'Priya Patel', email: 'priya.patel@demo.test', department: 'Platform', seniority: 'mid', maxCapacity: 100, skills: ['Go', 'Kubernetes', 'PostgreSQL'] },
  { key: 'jordan', name: 'Jordan Lee', email: 'jordan.lee@demo.test', department: 'Product Engineering', seniority: 'junior', maxCapacity: 100, skills: ['React', 'CSS', 'Testing'] },
  { key: 'mei', name: 'Mei Chen', email: 'mei.chen@demo.test', department: 'Data', seniority: 'senior', maxCapacity: 50, skills: ['Python', 'Spark', 'PostgreSQL', 'dbt', 'Airflow'] },
  { key: 'tom', name: 'Tom Becker', email: 'tom.becker@demo.test', department: 'Mobile', seniority: 'mid', maxCapacity: 50, skills: ['Swift', 'Kotlin', 'React Native'] },
  { key: 'aisha', name: 'Aisha Khan', email: 'aisha.khan@demo.test', department: 'Platform', seniority: 'senior', maxCapacity: 100, skills: ['AWS', 'Terraform', 'Go', 'Node.js'] },
  { key: 'lucas', name: 'Lucas Silva', email: 'lucas.silva@demo.test', department: 'Product Engineering', seniority: 'junior', maxCapacity: 100, skills: ['TypeScript', 'Node.js'] },
  { key: 'elena', name: 'Elena Rossi', email: 'elena.rossi@demo.test', department: 'Data', seniority: 'mid', maxCapacity: 100, skills: ['Python', 'Machine Learning', 'PostgreSQL'] },
];

export type DemoProject = { key: string; name: string; from: number; to: number; teamSize: number; requiredSkills: string[]; status: 'active' | 'planning' | 'completed' };

export const demoProjects: DemoProject[] = [
  { key: 'portal', name: 'Customer Portal Redesign', from: -60, to: 60, teamSize: 4, requiredSkills: ['React', 'TypeScript', 'CSS'], status: 'active' },
  { key: 'payments', name: 'Payments Platform Migration', from: -30, to: 90, teamSize: 3, requiredSkills: ['Go', 'PostgreSQL', 'Kubernetes'], status: 'active' },
  { key: 'warehouse', name: 'Data Warehouse Modernisation', from: -90, to: 30, teamSize: 2, requiredSkills: ['Python', 'dbt', 'Spark'], status: 'active' },
  { key: 'mobile', name: 'Mobile App v2', from: 14, to: 120, teamSize: 3, requiredSkills: ['Swift', 'Kotlin', 'React Native'], status: 'planning' },
  { key: 'assistant', name: 'AI Support Assistant', from: 30, to: 180, teamSize: 2, requiredSkills: ['Python', 'Machine Learning', 'Node.js'], status: 'planning' },
  { key: 'tools', name: 'Internal Tools Refresh', from: -200, to: -20, teamSize: 2, requiredSkills: ['React', 'Node.js'], status: 'completed' },
];

/** [engineer, project, role, allocation, start offset, end offset] in days from today (midnight UTC). */
export const demoAssignments: [string, string, string, number, number, number][] = [
  ['sam', 'portal', 'Tech Lead', 60, -60, 60],
  ['sam', 'assistant', 'Backend Engineer', 40, 30, 180],
  ['sam', 'tools', 'Frontend Engineer', 50, -200, -20],
  ['priya', 'payments', 'Backend Engineer', 80, -30, 90],
  ['priya', 'warehouse', 'Platform Support', 40, -45, 30],
  ['jordan', 'portal', 'Frontend Engineer', 30, -20, 60],
  ['mei', 'warehouse', 'Data Engineer', 40, -90, 30],
  ['tom', 'mobile', 'Mobile Engineer', 30, 14, 120],
  ['tom', 'portal', 'Mobile Web Support', 60, -10, 20],
  ['aisha', 'payments', 'Infrastructure Lead', 100, -30, 45],
  ['lucas', 'assistant', 'Backend Engineer', 50, 30, 120],
  ['lucas', 'tools', 'Backend Engineer', 40, -150, -20],
  ['elena', 'warehouse', 'ML Engineer', 50, -60, 30],
  // From the first of next month for three weeks: Aisha overloaded next month, optimal today.
  ['aisha', 'portal', 'Platform Support', 30, daysToNextMonth(), daysToNextMonth() + 21],
];

/** Mobile App v2 is tentative (not won yet): its assignments are pipeline load, not booked. */
export const demoTentativeProjects = ['mobile'];

/** [engineer, first day off, last day off] in days from today: Priya off sick yesterday (if this month) and today; Elena's week away next month. */
export function demoTimeOff(now = new Date()): [string, number, number][] {
  const monthStart = 1 - now.getUTCDate();
  const nextMonth = daysToNextMonth(now);
  return [
    ['priya', Math.max(monthStart, -1), 0],
    ['elena', nextMonth + 7, nextMonth + 11],
  ];
}

/** The demo's day `offset` days from today, at midnight UTC, as a Date. */
export function demoDay(offset: number, now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offset * DAY);
}

/** The API's way of writing a day: '2027-01-05'. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
/** 'Jan 05, 2027' */
export const shortUs = (d: Date) => {
  const parts = Object.fromEntries(utc({ month: 'short', day: '2-digit', year: 'numeric' }).formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.month} ${parts.day}, ${parts.year}`;
};
/** 'Jan 05' */
export const monthDayUs = (d: Date) => {
  const parts = Object.fromEntries(utc({ month: 'short', day: '2-digit' }).formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.month} ${parts.day}`;
};
/**
 * A range of days as every screen prints one: 'Dec 07 - Dec 11, 2026', the year once; both years
 * across a new year ('Dec 28, 2026 - Jan 05, 2027'); one day alone ('Dec 07, 2026').
 */
export const rangeUs = (from: Date, to: Date) => {
  if (isoDay(from) === isoDay(to)) return shortUs(from);
  return from.getUTCFullYear() === to.getUTCFullYear() ? `${monthDayUs(from)} - ${shortUs(to)}` : `${shortUs(from)} - ${shortUs(to)}`;
};

/**
 * What the demo shows today, worked out by hand from the table above (comments give the arithmetic):
 * current = started and not yet ended, relative to the current moment.
 */
export function demoExpectations(now = new Date()) {
  const today = now.getTime();
  const current = (from: number, to: number) => demoDay(from, now).getTime() <= today && today < demoDay(to, now).getTime();
  const perEngineer = demoEngineers.map((e) => {
    const own = demoAssignments.filter((a) => a[0] === e.key);
    const live = own.filter((a) => current(a[4], a[5]));
    const allocation = live.reduce((sum, a) => sum + a[3], 0);
    const status = allocation > e.maxCapacity ? 'Overloaded' : allocation < e.maxCapacity / 2 ? 'Underutilized' : 'Optimal';
    return { ...e, allocation, available: e.maxCapacity - allocation, activeProjects: live.length, status, live };
  });
  return {
    perEngineer,
    // Sam 60/100 optimal, Priya 80+40=120/100 overloaded, Jordan 30/100 under, Mei 40/50 optimal,
    // Tom 60/50 overloaded, Aisha 100/100 optimal, Lucas 0/100 under, Elena 50/100 optimal.
    overloaded: ['Priya Patel', 'Tom Becker'],
    underutilized: ['Jordan Lee', 'Lucas Silva'],
    optimal: ['Sam Rivera', 'Mei Chen', 'Aisha Khan', 'Elena Rossi'],
    totalEngineers: 8,
    totalProjects: 6,
    totalAssignments: 14,
    // Everyone but Lucas has a current assignment.
    currentRunning: 7,
    projectCounts: { active: 3, planning: 2, completed: 1 },
    // Upcoming (start > now): Sam/assistant, Tom/mobile, Lucas/assistant, Aisha/portal (next month).
    // Completed (ended): Sam/tools, Lucas/tools.
    assignmentCounts: { active: 8, upcoming: 4, completed: 2 },
    // Available now (capacity left > 0): Sam 40, Jordan 70, Mei 10, Lucas 100, Elena 50. Soon (exactly 0): Aisha.
    availableNow: 5,
    availableSoon: 1,
    immediateStart: [['Lucas Silva', '100% available'], ['Jordan Lee', '70% available'], ['Elena Rossi', '50% available']],
    // Aisha is full until her only current assignment ends, 45 days from today.
    soon: [['Aisha Khan', monthDayUs(demoDay(45, now))]],
  };
}

/**
 * This ISO week (Monday to Sunday) on the schedule, worked out by hand from the tables: on each
 * working day (Monday to Friday; the demo's one holiday is at least ten days away, never this week)
 * an engineer brings their capacity unless off, and a confirmed assignment counts when it started at
 * or before that day's midnight and ends after it, on days they are not off. A week's load is what is
 * booked against what they bring; free is what is left per working day. Rows sorted by name.
 */
export function demoThisWeek(now = new Date()) {
  const monday = -((now.getUTCDay() + 6) % 7);
  const workingDays = [0, 1, 2, 3, 4].map((i) => monday + i);
  const timeOff = demoTimeOff(now);
  const isOff = (key: string, day: number) => timeOff.some(([who, from, to]) => who === key && from <= day && day <= to);
  const loadOn = (key: string, day: number) =>
    demoAssignments.filter((a) => a[0] === key && !demoTentativeProjects.includes(a[1]) && a[4] <= day && day < a[5]).reduce((sum, a) => sum + a[3], 0);
  const rows = demoEngineers.map((e) => {
    const present = workingDays.filter((day) => !isOff(e.key, day));
    const booked = present.reduce((sum, day) => sum + loadOn(e.key, day), 0);
    const capacity = present.length * e.maxCapacity;
    const status = capacity === 0 ? 'off' : booked > capacity ? 'overloaded' : booked === 0 ? 'empty' : booked < capacity / 2 ? 'underutilized' : 'optimal';
    const label = capacity === 0 ? 'Off' : `${Math.round((booked / capacity) * 100)}%`;
    return { name: e.name, booked, capacity, label, status, free: (capacity - booked) / workingDays.length };
  });
  return {
    monday: demoDay(monday, now),
    sunday: demoDay(monday + 6, now),
    rows: rows.sort((a, b) => a.name.localeCompare(b.name)),
    capacity: rows.reduce((sum, r) => sum + r.capacity, 0),
    confirmed: rows.reduce((sum, r) => sum + r.booked, 0),
  };
}

/** Elapsed share of a span, rounded, as the Assignments screen's Progress column shows it. */
export function progressOf(from: number, to: number): number {
  // Days from today (day 0): the share of the span's days, both ends included, already over before today.
  if (0 <= from) return 0;
  if (0 > to) return 100;
  return Math.round((-from / (to - from + 1)) * 100);
}
