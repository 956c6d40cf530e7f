/**
 * The schedule end to end, in Chromium on the demo: a manager finds who is free next week at 50 %
 * for React and gets the API's answer, from a URL that a reload restores; drags a bar two weeks later
 * and sees the cells and totals change, in their tab and in a second manager's without reload; a drop
 * that would overload asks first; a drag made against a stale version gets the conflict dialog and
 * loses nothing. Screenshots at 1440 and 390 px go to screenshots/e2e/.
 *
 * Demo (tests/support/screens.ts): Jordan Lee is on Customer Portal Redesign at 30 % until day 60,
 * nothing else; Tom Becker (50 % capacity) on the same project at 60 %; Mei Chen (50 %) on Data
 * Warehouse Modernisation at 40 % until day 30.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/api-helpers.ts';
import { httpApi } from '../support/api-client.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, isoDay, monthDayUs, navigate, newContext, screenshotBoth, signIn } from '../support/screens.ts';

const DAY = 86_400_000;
const normalizeSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();
const LIVE_TIMEOUT = 15_000;

let server: E2EServer;
let browser: Browser;
let api: ReturnType<typeof httpApi>;
let token: string;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

type ApiAssignment = { _id: string; engineerId: { name: string }; projectId: { name: string }; allocationPercentage: number; startDate: string; endDate: string; version: number };
type ApiGrid = { rows: { engineer: { name: string }; periods: { key: string; utilization: number | null }[] }[]; totals: { key: string; confirmed: number }[] };

async function managerPage(email: string, options: { noLive?: boolean } = {}): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(collectPageErrors(page));
  // Without the live channel the page keeps the versions it loaded, as on a slow connection.
  if (options.noLive) {
    await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
    await page.route(/socket\.io/, (route) => route.abort());
  }
  // The schedule loads the lists its bars come from after its first paint. A page meant to hold stale
  // versions must have them before the other manager's change: read after it, they are not stale, and
  // the drag saves without a conflict (the test failed that way in 2 of 4 CI runs; delaying the
  // assignments' answer by 1.5 s reproduces it every time).
  const listsIn = options.noLive
    ? Promise.all(['engineers', 'projects', 'assignments'].map((list) => page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${list}` && r.ok(), { timeout: 60_000 })))
    : null;
  await signIn(page, server.baseUrl, email);
  await navigate(page, 'Schedule', '/capacity');
  await page.getByTestId('schedule-row').first().waitFor();
  await listsIn;
  return page;
}

/** Monday of the week `weeks` from this one, as the schedule (and the capacity model) count weeks. */
const monday = (weeks = 0) => {
  const today = demoDay(0);
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY + weeks * 7 * DAY);
};
/** The schedule's default window: twelve weeks from this Monday. */
const WINDOW = () => `from=${isoDay(monday())}&to=${isoDay(new Date(monday(12).getTime() - DAY))}&step=week`;

/** An engineer's periods (and, when open, their time off and bars); their name (and the row's toggle) is in the names column. */
const rowOf = (page: Page, name: string) => page.locator(`[data-testid=schedule-row][data-engineer="${name}"]`);
const nameOf = (page: Page, name: string) => page.locator(`[data-testid=schedule-name][data-engineer="${name}"]`);
async function openRow(page: Page, name: string) {
  const toggle = nameOf(page, name).getByTestId('schedule-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await rowOf(page, name).getByTestId('schedule-details').waitFor();
}
const shownNames = (page: Page) => page.getByTestId('schedule-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-engineer')));
const cellLabels = (row: Locator) => row.locator('.schedule-cells [role=gridcell]').evaluateAll((cells) => cells.map((c) => c.textContent));
const totalsConfirmed = (page: Page) =>
  page.getByTestId('schedule-totals').locator('[role=gridcell]').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-confirmed'))));

async function get<T>(url: string): Promise<T> {
  const response = await api.request({ method: 'GET', url, token });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}
const assignmentOf = async (engineer: string, project: string) =>
  (await get<ApiAssignment[]>('/api/assignments')).find((a) => a.engineerId.name === engineer && a.projectId.name === project)!;
/** Every assignment of the pair, earliest first: a started one moved from today on is two. */
const partsOf = async (engineer: string, project: string) =>
  (await get<ApiAssignment[]>('/api/assignments')).filter((a) => a.engineerId.name === engineer && a.projectId.name === project).sort((x, y) => x.startDate.localeCompare(y.startDate));
const spans = (list: readonly ApiAssignment[]) => list.map((a) => [a.startDate, a.endDate]);
/** What the API says the schedule should show: each cell's load as the screen rounds it, and the totals. */
async function apiGrid(engineer: string) {
  const grid = await get<ApiGrid>(`/api/capacity?${WINDOW()}`);
  const row = grid.rows.find((r) => r.engineer.name === engineer)!;
  return { labels: row.periods.map((p) => (p.utilization === null ? 'Off' : `${Math.round(p.utilization)}%`)), confirmed: grid.totals.map((t) => t.confirmed) };
}

/** A day as the pickers show it: Nov 30, 2026. */
const longDate = (d: Date) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(d);

/** Types a range of days into a date range picker's two inputs ('Mar 9, 2026'), as a user would. */
async function pickDays(inputs: Locator, first: Date, last: Date) {
  await inputs.nth(0).click();
  await inputs.nth(0).fill(longDate(first));
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(longDate(last));
  await inputs.nth(1).press('Enter');
}

/** Opens an engineer's row and drags one of their bars sideways by `columns` week columns. */
async function dragBar(page: Page, engineer: string, project: string, columns: number, release = true) {
  await openRow(page, engineer);
  const bar = rowOf(page, engineer).locator(`[data-testid=schedule-bar][data-project="${project}"]`);
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  const column = (await page.locator('.schedule-head [role=columnheader]').nth(1).boundingBox())!.width;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // Waits until nothing (a dialog still fading out) covers the bar, so the press reaches it.
  await bar.hover();
  await page.mouse.down();
  await page.mouse.move(x + (column * columns) / 2, y, { steps: 4 });
  await page.mouse.move(x + column * columns, y, { steps: 4 });
  if (release) await page.mouse.up();
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  api = httpApi(server.baseUrl);
  token = await api.login('manager@demo.test');
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

describe('the schedule', () => {
  let a: Page;
  let b: Page;

  it('finds who is free next week at 50 % for React: the API\'s answer, kept in the URL across a reload', async () => {
    a = await managerPage('manager@demo.test');
    const from = isoDay(monday(1));
    const to = isoDay(new Date(monday(2).getTime() - DAY));
    // The filter keeps those with the room on every working day; the API also lists those short on some days, after them.
    const expected = (await get<{ name: string; fit: { kind: string } }[]>(`/api/engineers/available?from=${from}&to=${to}&minFree=50&skills=React`))
      .filter((e) => e.fit.kind === 'fits').map((e) => e.name).sort();
    expect(expected.length).toBeGreaterThan(0);

    // The filters fold behind their button, so the people come first on screen.
    await a.getByTestId('schedule-filters-toggle').click();
    await a.getByRole('combobox', { name: 'Skills' }).click();
    await a.keyboard.type('React');
    await a.locator('.ant-select-item-option[title="React"]').click();
    await a.keyboard.press('Escape');
    await a.getByRole('spinbutton', { name: 'Free at least (percent)' }).fill('50');
    // The first day counts as soon as it is chosen: it is in the address, and stays in the picker
    // through the renders that follow (it used to live only inside the picker until both were).
    const freeDays = a.getByTestId('schedule-free').locator('.ant-picker-range input');
    await freeDays.nth(0).click();
    await freeDays.nth(0).fill(longDate(monday(1)));
    await freeDays.nth(0).press('Enter');
    await a.waitForURL((url) => url.searchParams.get('freeFrom') === from);
    await a.getByTestId('schedule-summary').filter({ hasNot: a.locator('.ant-spin') }).waitFor();
    expect(await freeDays.nth(0).inputValue()).toBe(longDate(monday(1)));
    await freeDays.nth(1).fill(longDate(new Date(monday(2).getTime() - DAY)));
    await freeDays.nth(1).press('Enter');

    await a.waitForURL((url) => url.searchParams.get('freeTo') === to);
    const url = new URL(a.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ skills: 'React', minFree: '50', freeFrom: from, freeTo: to });
    const shown = await eventually(() => shownNames(a), (names) => JSON.stringify([...names].sort()) === JSON.stringify(expected), 10_000);
    expect([...shown].sort()).toEqual(expected);

    await a.reload();
    await a.getByTestId('schedule-row').first().waitFor();
    expect([...(await shownNames(a))].sort()).toEqual(expected);
    expect(await a.getByRole('spinbutton', { name: 'Free at least (percent)' }).inputValue()).toBe('50');
    await a.getByRole('button', { name: 'Clear filters' }).first().click();
    await a.waitForURL((u) => u.search === '');
    await eventually(() => shownNames(a), (names) => names.length === 8, 10_000);
    // Two people of one name are told apart by the e-mail in the name's tooltip.
    expect(await nameOf(a, 'Sam Rivera').locator('.name').getAttribute('title')).toBe('Sam Rivera, engineer@demo.test');
  });

  it('drags a bar two weeks later: cells and totals change, here and in a second manager\'s schedule without reload', async () => {
    b = await managerPage('manager2@demo.test');
    const before = await assignmentOf('Jordan Lee', 'Customer Portal Redesign');
    const apiBefore = await apiGrid('Jordan Lee');
    expect(await cellLabels(rowOf(a, 'Jordan Lee'))).toEqual(apiBefore.labels);
    expect(await totalsConfirmed(a)).toEqual(apiBefore.confirmed);
    await b.evaluate(() => ((window as unknown as { mark: number }).mark = 1));

    await dragBar(a, 'Jordan Lee', 'Customer Portal Redesign', 2, false);
    expect(await a.getByTestId('drag-preview').innerText()).toContain('Puts Jordan Lee at 30% of capacity');
    await a.mouse.up();

    // Jordan's work started weeks ago: its days before today stay, its part from today moves two weeks.
    const parts = await eventually(() => partsOf('Jordan Lee', 'Customer Portal Redesign'), (list) => list.length === 2);
    expect(spans(parts)).toEqual([
      [before.startDate, demoDay(-1).toISOString()],
      [demoDay(14).toISOString(), new Date(Date.parse(before.endDate) + 14 * DAY).toISOString()],
    ]);
    const apiAfter = await apiGrid('Jordan Lee');
    expect(apiAfter.labels).not.toEqual(apiBefore.labels);
    expect(apiAfter.confirmed).not.toEqual(apiBefore.confirmed);
    await eventually(() => cellLabels(rowOf(a, 'Jordan Lee')), (labels) => JSON.stringify(labels) === JSON.stringify(apiAfter.labels), LIVE_TIMEOUT);
    await eventually(() => totalsConfirmed(a), (confirmed) => JSON.stringify(confirmed) === JSON.stringify(apiAfter.confirmed), LIVE_TIMEOUT);
    await a.getByText('Assignment moved').waitFor();

    await eventually(() => cellLabels(rowOf(b, 'Jordan Lee')), (labels) => JSON.stringify(labels) === JSON.stringify(apiAfter.labels), LIVE_TIMEOUT);
    await eventually(() => totalsConfirmed(b), (confirmed) => JSON.stringify(confirmed) === JSON.stringify(apiAfter.confirmed), LIVE_TIMEOUT);
    expect(await b.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  });

  it('asks before a drop that overloads, and Back saves nothing', async () => {
    const before = await assignmentOf('Tom Becker', 'Customer Portal Redesign');
    await dragBar(a, 'Tom Becker', 'Customer Portal Redesign', 1);
    const confirm = a.getByRole('dialog', { name: 'This overloads Tom Becker' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Save it anyway?');
    // The shared question names the days the drop takes over capacity and the peak (above his 50 %: over 100 %).
    expect(normalizeSpaces(await confirm.getByTestId('overload-person').innerText())).toMatch(/^Tom Becker: over capacity on \d+ days? \(.+\), peak 1\d\d(\.\d)?%\.$/);
    await confirm.getByRole('button', { name: 'Back' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await assignmentOf('Tom Becker', 'Customer Portal Redesign')).toEqual(before);
  });

  it('resizes a bar from its end: only the end date moves, by whole days', async () => {
    // The part from today of Jordan's work (the last bar): a later end changes no day before today, so it stays one assignment.
    const before = (await partsOf('Jordan Lee', 'Customer Portal Redesign')).at(-1)!;
    await openRow(a, 'Jordan Lee');
    const edge = rowOf(a, 'Jordan Lee').locator(`[data-testid=schedule-bar][data-assignment="${before._id}"] .edge.end`);
    await edge.scrollIntoViewIfNeeded();
    const box = (await edge.boundingBox())!;
    const column = (await a.locator('.schedule-head [role=columnheader]').nth(1).boundingBox())!.width;
    // hover() puts the pointer on the handle's centre once nothing covers it: the previous test's
    // dialog still fades out over the page, and a raw press would land on it instead of the handle.
    await edge.hover();
    await a.mouse.down();
    await a.mouse.move(box.x + box.width / 2 + column, box.y + box.height / 2, { steps: 5 });
    await a.mouse.up();
    const after = await eventually(async () => (await partsOf('Jordan Lee', 'Customer Portal Redesign')).find((x) => x._id === before._id)!, (x) => x.version > before.version);
    expect(after.startDate).toBe(before.startDate);
    expect(Date.parse(after.endDate) - Date.parse(before.endDate)).toBe(7 * DAY);
    await a.getByText('Assignment dates changed').waitFor();
  });

  it('opens the edit form when a bar is clicked', async () => {
    const bar = rowOf(a, 'Tom Becker').locator('[data-testid=schedule-bar][data-project="Customer Portal Redesign"]');
    await bar.click();
    const form = a.getByRole('dialog', { name: /Edit assignment/ });
    await form.waitFor();
    expect(await form.getByTestId('assignment-subject').innerText()).toContain('Tom Becker');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('a drag against a stale version gets the conflict dialog, and trying again keeps both changes', async () => {
    const stale = await managerPage('manager2@demo.test', { noLive: true });
    const before = await assignmentOf('Mei Chen', 'Data Warehouse Modernisation');
    // Another manager changes the allocation after this page loaded it.
    const patched = await api.request({ method: 'PATCH', url: `/api/assignments/${before._id}`, token, body: { allocationPercentage: 45, version: before.version } });
    expect(patched.statusCode).toBe(200);

    await dragBar(stale, 'Mei Chen', 'Data Warehouse Modernisation', 1);
    // It names the manager who changed it, as the History does.
    const dialog = stale.getByRole('dialog', { name: 'Dana Whitfield changed this assignment' });
    // Should it fail, it says what the page showed instead, and what was saved.
    await dialog.waitFor().catch(async (error: unknown) => {
      const dialogs = await stale.getByRole('dialog').allInnerTexts().catch(() => []);
      const messages = await stale.locator('.ant-message-notice').allInnerTexts().catch(() => []);
      const saved = await assignmentOf('Mei Chen', 'Data Warehouse Modernisation').catch(() => null);
      throw new Error(`no conflict dialog after the drag; dialogs: ${JSON.stringify(dialogs)}; messages: ${JSON.stringify(messages)}; saved: ${JSON.stringify(saved)}`, { cause: error });
    });
    const text = await dialog.innerText();
    expect(text).toContain('This assignment was changed by Dana Whitfield. Reload to see the latest version.');
    expect(text).toMatch(/You asked to: Move Mei Chen's assignment on Data Warehouse Modernisation to /);
    await dialog.getByTestId('conflict-rows').waitFor();
    expect(await dialog.getByTestId('conflict-row-allocationPercentage').innerText()).toContain('Changed by Dana Whitfield');
    await dialog.getByTestId('conflict-retry').click();
    await dialog.waitFor({ state: 'hidden' });

    // Both changes kept: the other manager's 45 %, and the move of the part from today (Mei started weeks ago).
    const parts = await eventually(() => partsOf('Mei Chen', 'Data Warehouse Modernisation'), (list) => list.length === 2);
    expect(parts.map((x) => x.allocationPercentage)).toEqual([45, 45]);
    expect(spans(parts)).toEqual([
      [before.startDate, demoDay(-1).toISOString()],
      [demoDay(7).toISOString(), new Date(Date.parse(before.endDate) + 7 * DAY).toISOString()],
    ]);
  });

  it('fills a placeholder with an engineer free over its dates: the open role goes, the assignment comes', async () => {
    const role = 'Site Reliability Engineer';
    const open = await get<{ _id: string; projectId: string; role: string; allocationPercentage: number; startDate: string; endDate: string }[]>('/api/placeholders');
    const placeholder = open.find((p) => p.role === role)!;
    const row = a.locator(`[data-testid=placeholder-row][data-role="${role}"]`);
    await row.getByTestId('placeholder-fill').click();
    const dialog = a.getByRole('dialog', { name: /Fill Site Reliability Engineer/ });
    await dialog.getByTestId('suitable-engineer').first().waitFor();
    const offered = await dialog.getByTestId('suitable-engineer').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
    const from = placeholder.startDate.slice(0, 10);
    const to = placeholder.endDate.slice(0, 10);
    const ranked = (await get<{ name: string }[]>(`/api/engineers/suitable?projectId=${placeholder.projectId}&from=${from}&to=${to}&allocation=${placeholder.allocationPercentage}`)).map((e) => e.name);
    expect(offered).toEqual(ranked);
    const chosen = offered[0]!;
    await dialog.getByTestId('suitable-engineer').first().click();
    await dialog.getByTestId('fill-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await a.getByText(`${chosen} is now on Payments Platform Migration`).waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await get<{ _id: string }[]>('/api/placeholders')).map((p) => p._id)).not.toContain(placeholder._id);
    const made = (await get<ApiAssignment[]>('/api/assignments')).find((x) => x.engineerId.name === chosen && x.projectId.name === 'Payments Platform Migration' && x.startDate === placeholder.startDate);
    expect(made).toMatchObject({ allocationPercentage: 50, endDate: placeholder.endDate });
    // The other manager's schedule loses the open role too, without reload.
    await b.locator(`[data-testid=placeholder-row][data-role="${role}"]`).waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
  });

  it('books time off from a row: that week turns grey, named in its tooltip, here and for the other manager', async () => {
    const row = rowOf(a, 'Lucas Silva');
    const nextWeek = row.locator('.schedule-cells [role=gridcell]').nth(1);
    expect(await nextWeek.getAttribute('data-status')).not.toBe('off');
    await openRow(a, 'Lucas Silva');
    await nameOf(a, 'Lucas Silva').getByTestId('book-time-off').click();
    const form = a.getByRole('dialog', { name: /Book time off/ });
    await form.waitFor();
    await pickDays(form.locator('.ant-picker-range input'), monday(1), new Date(monday(1).getTime() + 4 * DAY));
    await form.getByRole('textbox', { name: 'Note' }).fill('Conference');
    await form.getByTestId('time-off-submit').click();
    await form.waitFor({ state: 'hidden' });

    await eventually(() => nextWeek.getAttribute('data-status'), (status) => status === 'off', LIVE_TIMEOUT);
    expect(await nextWeek.textContent()).toBe('Off');
    await row.getByTestId('schedule-time-off').first().waitFor();
    await nextWeek.hover();
    const tip = a.getByTestId('schedule-tip');
    await tip.waitFor();
    expect(await tip.innerText()).toContain(`Vacation: ${monthDayUs(monday(1))} - ${monthDayUs(new Date(monday(1).getTime() + 4 * DAY))} (Conference)`);
    await a.mouse.move(0, 0);
    const booked = await get<{ engineerId: string; from: string; to: string; kind: string }[]>(`/api/time-off?from=${isoDay(monday(1))}&to=${isoDay(monday(2))}`);
    expect(booked.map((t) => [t.from, t.to, t.kind])).toContainEqual([isoDay(monday(1)), isoDay(new Date(monday(1).getTime() + 4 * DAY)), 'vacation']);
    const other = rowOf(b, 'Lucas Silva').locator('.schedule-cells [role=gridcell]').nth(1);
    await eventually(() => other.getAttribute('data-status'), (status) => status === 'off', LIVE_TIMEOUT);
  });

  it('a week off under an assignment reads Off, and its tooltip names the days off with work planned, as the API reports them', async () => {
    // Jordan is on Customer Portal Redesign through the window; a week off three weeks out conflicts with it.
    const jordan = (await get<{ _id: string; name: string }[]>('/api/engineers')).find((e) => e.name === 'Jordan Lee')!;
    const booked = await api.request({
      method: 'POST', url: `/api/engineers/${jordan._id}/time-off`, token,
      body: { from: isoDay(monday(3)), to: isoDay(new Date(monday(3).getTime() + 4 * DAY)), kind: 'other', note: 'Training' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const grid = await get<{ rows: { engineer: { name: string }; conflicts: { date: string; projectId: string }[] }[] }>(`/api/capacity?${WINDOW()}`);
    const days = new Set(grid.rows.find((r) => r.engineer.name === 'Jordan Lee')!.conflicts.map((c) => c.date));
    expect(days.size).toBe(5);

    const cell = rowOf(a, 'Jordan Lee').locator('.schedule-cells [role=gridcell]').nth(3);
    await eventually(() => cell.textContent(), (text) => text === 'Off', LIVE_TIMEOUT);
    await cell.hover();
    const tip = a.getByTestId('schedule-tip');
    await tip.waitFor();
    // ...and the projects that work is for, as the API's conflicts name them, most days first.
    const names = new Map((await get<{ _id: string; name: string }[]>('/api/projects')).map((p) => [p._id, p.name]));
    const daysByProject = new Map<string, Set<string>>();
    for (const c of grid.rows.find((r) => r.engineer.name === 'Jordan Lee')!.conflicts) {
      daysByProject.set(names.get(c.projectId)!, (daysByProject.get(names.get(c.projectId)!) ?? new Set()).add(c.date));
    }
    const projects = [...daysByProject]
      .sort(([a, x], [b, y]) => y.size - x.size || a.localeCompare(b))
      .map(([name, dates]) => `${name} (${dates.size} day${dates.size === 1 ? '' : 's'})`);
    expect(await tip.innerText()).toContain(`Work planned on 5 days off (not counted): ${projects.join(', ')}`);
    await a.mouse.move(0, 0);
  });

  it('looks right at 1440 and 390 px, with a row open: its time-off button and help line are not cut', async () => {
    await openRow(a, 'Sam Rivera');
    await a.mouse.move(0, 0);
    const overflows: string[] = [];
    const ready = async () => {
      const cut = await a.evaluate(() => {
        const grid = document.querySelector('[data-testid=schedule-grid]')!.getBoundingClientRect();
        const nameCell = document.querySelector('[data-testid=schedule-name][data-engineer="Sam Rivera"]')!;
        const button = nameCell.querySelector('[data-testid=book-time-off]')!.getBoundingClientRect();
        const hint = document.querySelector('[data-testid=schedule-row][data-engineer="Sam Rivera"] [data-testid=schedule-details] span')!;
        return [
          button.right > nameCell.getBoundingClientRect().right + 0.5 ? `the time-off button at ${innerWidth} px` : '',
          hint.getBoundingClientRect().right > grid.right + 0.5 ? `the help line '${hint.textContent}' at ${innerWidth} px` : '',
        ].filter(Boolean);
      });
      overflows.push(...cut);
    };
    await screenshotBoth(a, 'schedule-open-rows', { ready });
    // At 390 px they read 'Book time of' and 'Drag a bar to move it, or its ends to'.
    expect(overflows, overflows.join('; ')).toEqual([]);
  });

  it('raised no page errors', () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
