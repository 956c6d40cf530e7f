/**
 * Planning on the schedule, end to end in Chromium on the demo, at 1440 x 900 and 390 x 844: the whole
 * team above the fold; new work by a drag across a person's empty cells (a tap on a phone, a cell and
 * Enter from the keyboard) that opens the form with the person and the dates and saves; a bar dragged
 * onto another person's row handing the assignment over, with the preview, and a second manager seeing
 * it without a reload; Ctrl+Z (or the toast's Undo) undoing a drag, which the History then says; a
 * bulk move of three bars, all or nothing (one stale bar: nothing moves, and the conflict says which).
 *
 * Demo (tests/support/screens.ts): Lucas Silva has nothing until the AI Support Assistant from day 30;
 * Jordan Lee is on Customer Portal Redesign at 30 % until day 60; Mei Chen (50 %), Elena Rossi and
 * Priya Patel are on Data Warehouse Modernisation until day 30.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/api-helpers.ts';
import { httpApi } from '../support/api-client.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, DESKTOP, dialogOpened, navigate, normalize, PHONE, settle, signIn } from '../support/screens.ts';

const DAY = 86_400_000;
const LIVE_TIMEOUT = 15_000;
const SHOTS = '/tmp/shots-sched';

let server: E2EServer;
let browser: Browser;
let api: ReturnType<typeof httpApi>;
let token: string;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

type ApiAssignment = { _id: string; engineerId: { _id: string; name: string }; projectId: { name: string }; allocationPercentage: number; startDate: string; endDate: string; version: number };

async function get<T>(url: string): Promise<T> {
  const response = await api.request({ method: 'GET', url, token });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}
const assignments = () => get<ApiAssignment[]>('/api/assignments');
const assignmentOf = async (engineer: string, project: string) =>
  (await assignments()).find((a) => a.engineerId.name === engineer && a.projectId.name === project)!;

async function managerPage(email: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-US', hasTouch: viewport === PHONE });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(collectPageErrors(page));
  await signIn(page, server.baseUrl, email);
  // The bars come with the lists, loaded once the grid is on screen.
  const lists = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/assignments' && r.ok(), { timeout: 30_000 });
  if (viewport === PHONE) await page.goto(`${server.baseUrl}/capacity`);
  else await navigate(page, 'Schedule', '/capacity');
  await page.getByTestId('schedule-row').first().waitFor();
  await lists.catch(() => undefined);
  await settle(page, 300);
  return page;
}

const rowOf = (page: Page, name: string) => page.locator(`[data-testid=schedule-row][data-engineer="${name}"]`);
const cellsOf = (page: Page, name: string) => rowOf(page, name).locator('.schedule-cells [role=gridcell]');
const barOf = (page: Page, engineer: string, project: string) => rowOf(page, engineer).locator(`[data-testid=schedule-bar][data-project="${project}"]`);
const cellLabels = (page: Page, name: string) => cellsOf(page, name).evaluateAll((cells) => cells.map((c) => c.textContent));
/** Monday of the week `weeks` from this one, as the schedule counts weeks. */
const monday = (weeks = 0) => {
  const today = demoDay(0);
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY + weeks * 7 * DAY);
};
/** Friday of the week `weeks` from this one: the last working day a drag over that week fills in. */
const friday = (weeks = 0) => new Date(monday(weeks).getTime() + 4 * DAY);
const center = async (locator: Locator) => {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** The New assignment form opened from the schedule: picks the project and a role, saves, and waits for it to close. */
async function pickProjectAndSave(page: Page, project: string, role: string) {
  const form = page.getByRole('dialog', { name: /New assignment/ });
  await dialogOpened(form);
  await form.getByTestId('assignment-project').click();
  await page.locator('.ant-select-item-option', { hasText: project }).click();
  await form.getByTestId('suitable-engineers').waitFor();
  await form.getByRole('combobox', { name: 'Role', exact: true }).fill(role);
  await form.getByTestId('assignment-submit').click();
  const confirm = page.getByTestId('confirm-overload');
  await Promise.race([form.waitFor({ state: 'hidden' }), confirm.waitFor().then(() => confirm.click())]);
  await form.waitFor({ state: 'hidden' });
}

/** Whether every demo engineer's row is wholly inside the viewport, without scrolling. */
async function teamAboveTheFold(page: Page) {
  const height = page.viewportSize()!.height;
  const rows = await page.getByTestId('schedule-row').evaluateAll((els) => els.map((e) => ({ name: e.getAttribute('data-engineer'), bottom: e.getBoundingClientRect().bottom })));
  return { rows, height, all: rows.length === 8 && rows.every((r) => r.bottom <= height) };
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  api = httpApi(server.baseUrl);
  token = await api.login('manager@demo.test');
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

describe('planning on the schedule at 1440 x 900', () => {
  let a: Page;
  let b: Page;

  it('shows the whole demo team above the fold: the filters fold away, the open roles take a line each', async () => {
    a = await managerPage('manager@demo.test');
    const fold = await teamAboveTheFold(a);
    expect(fold.all, JSON.stringify(fold.rows)).toBe(true);
    await a.screenshot({ path: `${SHOTS}/schedule-desktop.png` });
    // The filters are a click away, and open by themselves for a view that has one.
    await a.getByTestId('schedule-filters-toggle').click();
    await a.getByRole('combobox', { name: 'Skills' }).waitFor();
    await a.getByTestId('schedule-filters-toggle').click();
    await a.getByTestId('schedule-filters').waitFor({ state: 'detached' });
  });

  it("a drag across Lucas's empty cells opens the form with him and those weeks; it saves, and says so with Undo", async () => {
    const cells = cellsOf(a, 'Lucas Silva');
    const from = await center(cells.nth(1));
    const to = await center(cells.nth(2));
    await a.mouse.move(from.x, from.y);
    await a.mouse.down();
    await a.mouse.move(to.x, to.y, { steps: 6 });
    expect(await a.getByTestId('schedule-cursor').getAttribute('data-to')).toBe('2');
    await a.screenshot({ path: `${SHOTS}/drag-create-desktop.png` });
    await a.mouse.up();

    const form = a.getByRole('dialog', { name: /New assignment/ });
    await dialogOpened(form);
    await form.getByTestId('assignment-prefilled-engineer').getByText('Lucas Silva').waitFor();
    const long = (d: Date) => new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(d);
    expect(await form.getByTestId('assignment-start').inputValue()).toBe(long(monday(1)));
    // Through the last working day of the last week chosen: a span's end is its last day, worked.
    expect(await form.getByTestId('assignment-end').inputValue()).toBe(long(friday(2)));
    await form.getByTestId('assignment-project').click();
    await a.locator('.ant-select-item-option', { hasText: 'Customer Portal Redesign' }).click();
    await expect.poll(() => form.locator('[data-name="Lucas Silva"]').getAttribute('aria-checked')).toBe('true');
    await form.getByRole('combobox', { name: 'Role', exact: true }).fill('Frontend Engineer');
    await form.getByTestId('assignment-submit').click();
    await form.waitFor({ state: 'hidden' });
    await a.getByTestId('undo-toast').filter({ hasText: 'Lucas Silva is now on Customer Portal Redesign' }).waitFor();

    const made = await assignmentOf('Lucas Silva', 'Customer Portal Redesign');
    expect(made).toMatchObject({ allocationPercentage: 50, startDate: monday(1).toISOString(), endDate: friday(2).toISOString() });
    await expect.poll(() => cellLabels(a, 'Lucas Silva').then((labels) => labels.slice(0, 4))).toEqual(['0%', '50%', '50%', '0%']);
  });

  it('from the keyboard: the arrows choose a cell, Enter opens the form there', async () => {
    const grid = a.getByTestId('schedule-grid');
    await grid.focus();
    // To the first cell of the first row (Aisha), then Lucas's row (the fourth) and the fifth week.
    for (let i = 0; i < 8; i += 1) await a.keyboard.press('ArrowUp');
    await a.keyboard.press('Home');
    for (let i = 0; i < 3; i += 1) await a.keyboard.press('ArrowDown');
    for (let i = 0; i < 4; i += 1) await a.keyboard.press('ArrowRight');
    await a.keyboard.press('Shift+ArrowRight');
    const cursor = a.getByTestId('schedule-cursor');
    expect([await cursor.getAttribute('data-row'), await cursor.getAttribute('data-from'), await cursor.getAttribute('data-to')]).toEqual(['3', '4', '5']);
    expect(await cursor.getAttribute('aria-label')).toContain('Lucas Silva');
    await a.keyboard.press('Enter');
    const form = a.getByRole('dialog', { name: /New assignment/ });
    await dialogOpened(form);
    await form.getByTestId('assignment-prefilled-engineer').getByText('Lucas Silva').waitFor();
    const long = (d: Date) => new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(d);
    expect(await form.getByTestId('assignment-start').inputValue()).toBe(long(monday(4)));
    expect(await form.getByTestId('assignment-end').inputValue()).toBe(long(friday(5)));
    // Anyone can be found by name, whatever their skills: Sam has none Payments needs (it answered 'No suitable engineer matches').
    await form.getByTestId('assignment-project').click();
    await a.locator('.ant-select-item-option', { hasText: 'Payments Platform Migration' }).click();
    await form.getByTestId('suitable-search').fill('Sam');
    const sam = form.locator('[data-testid=suitable-engineer][data-name="Sam Rivera"]');
    await sam.waitFor();
    expect(normalize(await sam.innerText())).toContain('None of the skills needed');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it("a bar dropped on another person's row hands the assignment to them, with the preview; a second manager sees it without reload", async () => {
    b = await managerPage('manager2@demo.test');
    const jordanBefore = await cellLabels(b, 'Jordan Lee');
    expect(jordanBefore[0]).toBe('30%');
    await a.getByTestId('schedule-expand-all').click();
    await barOf(a, 'Jordan Lee', 'Customer Portal Redesign').waitFor();
    const bar = await center(barOf(a, 'Jordan Lee', 'Customer Portal Redesign'));
    const target = await center(cellsOf(a, 'Lucas Silva').nth(0));
    await a.mouse.move(bar.x, bar.y);
    await a.mouse.down();
    await a.mouse.move(bar.x, (bar.y + target.y) / 2, { steps: 4 });
    await a.mouse.move(bar.x, target.y, { steps: 4 });
    const preview = a.getByTestId('drag-preview-line');
    await preview.getByText(/^To Lucas Silva: .* · Puts Lucas Silva at \d+% of capacity/).waitFor();
    expect(await rowOf(a, 'Lucas Silva').getAttribute('class')).toContain('is-drop-target');
    await a.screenshot({ path: `${SHOTS}/reassign-drag-desktop.png` });
    await a.mouse.up();
    await a.getByTestId('undo-toast').filter({ hasText: 'Assignment handed over' }).waitFor();

    // Handed over from today on: Lucas has it from today, Jordan keeps the days he already worked on it.
    const moved = (await assignments()).find((x) => x.projectId.name === 'Customer Portal Redesign' && x.engineerId.name === 'Lucas Silva' && x.allocationPercentage === 30);
    expect(moved?.startDate.slice(0, 10)).toBe(demoDay(0).toISOString().slice(0, 10));
    const kept = (await assignments()).filter((x) => x.engineerId.name === 'Jordan Lee' && x.projectId.name === 'Customer Portal Redesign');
    expect(kept.map((x) => x.endDate.slice(0, 10))).toEqual([demoDay(-1).toISOString().slice(0, 10)]);
    await barOf(a, 'Lucas Silva', 'Customer Portal Redesign').first().waitFor();
    // The other manager's schedule, without a reload: in three weeks (clear of Lucas's drag-created weeks 1-2)
    // Jordan has nothing left and Lucas has the 30 %.
    await eventually(() => cellLabels(b, 'Jordan Lee'), (labels) => labels[3] === '0%', LIVE_TIMEOUT);
    await eventually(() => cellLabels(b, 'Lucas Silva'), (labels) => labels[3] === '30%', LIVE_TIMEOUT);
  });

  it('Ctrl+Z undoes a drag; the History says it was undone', async () => {
    const before = await assignmentOf('Mei Chen', 'Data Warehouse Modernisation');
    const bar = await center(barOf(a, 'Mei Chen', 'Data Warehouse Modernisation'));
    const column = (await a.locator('.schedule-head [role=columnheader]').nth(1).boundingBox())!.width;
    await a.mouse.move(bar.x, bar.y);
    await a.mouse.down();
    await a.mouse.move(bar.x + column / 2, bar.y, { steps: 4 });
    await a.mouse.move(bar.x + column, bar.y, { steps: 4 });
    await a.mouse.up();
    await a.getByTestId('undo-toast').filter({ hasText: 'Assignment moved' }).waitFor();
    // Mei's work started weeks ago: its days before today stay, its part from today moves a week.
    const meis = async () =>
      (await assignments()).filter((x) => x.engineerId.name === 'Mei Chen' && x.projectId.name === 'Data Warehouse Modernisation').map((x) => [x.startDate, x.endDate]).sort();
    await expect.poll(meis).toEqual([
      [before.startDate, demoDay(-1).toISOString()],
      [demoDay(7).toISOString(), new Date(Date.parse(before.endDate) + 7 * DAY).toISOString()],
    ]);

    await a.keyboard.press('Control+z');
    await a.getByTestId('undo-done').waitFor();
    await expect.poll(meis).toEqual([[before.startDate, before.endDate]]);

    await navigate(a, 'History', '/history');
    const undid = a.getByText(/Dana Whitfield undid: .*Mei Chen on Data Warehouse Modernisation/).first();
    // The History reads what every reader can see: an undo committed a moment ago may need a second look.
    await undid.waitFor({ timeout: 10_000 }).catch(async () => {
      await a.screenshot({ path: `${SHOTS}/history-before-reload.png` });
      await a.reload();
      await undid.waitFor();
    });
    await navigate(a, 'Schedule', '/capacity');
    await a.getByTestId('schedule-row').first().waitFor();
  });

  it('a Shift-drag lasso chooses the bars it covers', async () => {
    if (!(await a.getByTestId('schedule-expand-all').getAttribute('aria-pressed'))?.includes('true')) await a.getByTestId('schedule-expand-all').click();
    const first = barOf(a, 'Elena Rossi', 'Data Warehouse Modernisation');
    const second = barOf(a, 'Mei Chen', 'Data Warehouse Modernisation');
    // In the middle of the grid, clear of its sticky headings.
    await first.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const top = (await first.boundingBox())!;
    const bottom = (await second.boundingBox())!;
    // From the empty lane just after Elena's bar, back and down across it to Mei's.
    const x0 = top.x + top.width + 12;
    const y0 = top.y + top.height / 2;
    await a.keyboard.down('Shift');
    await a.mouse.move(x0, y0);
    await a.mouse.down();
    await a.mouse.move(top.x + top.width - 40, bottom.y + bottom.height / 2, { steps: 6 });
    await a.getByTestId('schedule-lasso').waitFor();
    await a.mouse.up();
    await a.keyboard.up('Shift');
    await expect.poll(() => first.getAttribute('data-chosen')).toBe('true');
    expect(await second.getAttribute('data-chosen')).toBe('true');
    await a.getByTestId('schedule-grid').focus();
    await a.keyboard.press('Escape');
    await a.getByTestId('bulk-bar').waitFor({ state: 'detached' });
  });

  it('a bulk move of three bars is all or nothing: one stale bar, nothing moves, and the conflict says which; then all three move', async () => {
    if (!(await a.getByTestId('schedule-expand-all').getAttribute('aria-pressed'))?.includes('true')) await a.getByTestId('schedule-expand-all').click();
    const chosen = [['Elena Rossi', 'Data Warehouse Modernisation'], ['Mei Chen', 'Data Warehouse Modernisation'], ['Priya Patel', 'Data Warehouse Modernisation']] as const;
    const before = await Promise.all(chosen.map(([e, p]) => assignmentOf(e, p)));
    for (const [engineer, project] of chosen) {
      const bar = barOf(a, engineer, project);
      await bar.scrollIntoViewIfNeeded();
      await bar.click({ modifiers: ['Shift'] });
      await expect.poll(() => bar.getAttribute('data-chosen')).toBe('true');
    }
    await a.getByTestId('bulk-count').getByText('3 assignments chosen').waitFor();

    // The other manager changes Priya's meanwhile.
    const priya = before[2]!;
    const changed = await api.request({ method: 'PATCH', url: `/api/assignments/${priya._id}`, token: await api.login('manager2@demo.test'), body: { allocationPercentage: 35, version: priya.version } });
    expect(changed.statusCode).toBe(200);

    await a.getByTestId('bulk-days').fill('7');
    await a.getByTestId('bulk-move').click();
    const conflict = a.getByRole('dialog', { name: 'Nothing was changed' });
    // A move that would overload someone asks first (the shared question); saying yes sends it.
    const confirm = a.getByTestId('confirm-overload');
    await Promise.race([conflict.waitFor(), confirm.waitFor().then(() => confirm.click())]);
    await conflict.waitFor();
    expect(normalize(await conflict.getByTestId('bulk-conflict-message').innerText())).toMatch(/^Nothing was changed: Priya Patel's assignment on Data Warehouse Modernisation was changed by someone else/);
    await a.screenshot({ path: `${SHOTS}/bulk-conflict-desktop.png` });
    const after = await Promise.all(chosen.map(([e, p]) => assignmentOf(e, p)));
    expect(after.map((x) => x.startDate)).toEqual(before.map((x) => x.startDate));
    await conflict.getByTestId('bulk-conflict-ok').click();
    await a.getByTestId('bulk-bar').waitFor({ state: 'detached' });

    // Chosen again, now against the versions shown, all three move a week.
    await eventually(() => barOf(a, 'Priya Patel', 'Data Warehouse Modernisation').getAttribute('aria-label'), (label) => label?.includes('35%') === true, LIVE_TIMEOUT);
    for (const [engineer, project] of chosen) await barOf(a, engineer, project).click({ modifiers: ['Shift'] });
    await a.getByTestId('bulk-days').fill('7');
    await a.getByTestId('bulk-move').click();
    const moved = a.getByTestId('undo-toast').filter({ hasText: 'Moved 3 assignments 7 days later' });
    await Promise.race([moved.waitFor(), confirm.waitFor().then(() => confirm.click())]);
    await moved.waitFor();
    // Each started weeks ago: it keeps its days before today, and its part from today moves a week.
    const now = await assignments();
    for (const [index, [engineer, project]] of chosen.entries()) {
      const parts = now.filter((x) => x.engineerId.name === engineer && x.projectId.name === project).map((x) => [x.startDate, x.endDate]).sort();
      expect(parts, engineer).toEqual([
        [before[index]!.startDate, demoDay(-1).toISOString()],
        [demoDay(7).toISOString(), new Date(Date.parse(before[index]!.endDate) + 7 * DAY).toISOString()],
      ]);
    }
  });
});

describe('planning on the schedule at 390 x 844', () => {
  let p: Page;

  it('shows the whole demo team above the fold', async () => {
    p = await managerPage('manager@demo.test', PHONE);
    const fold = await teamAboveTheFold(p);
    expect(fold.all, JSON.stringify(fold.rows)).toBe(true);
    await p.screenshot({ path: `${SHOTS}/schedule-phone.png` });
  });

  it("a tap on a person's empty cell opens the form with them and that week, and saves", async () => {
    const cell = await center(cellsOf(p, 'Elena Rossi').nth(2));
    await p.touchscreen.tap(cell.x, cell.y);
    const form = p.getByRole('dialog', { name: /New assignment/ });
    await dialogOpened(form);
    await form.getByTestId('assignment-prefilled-engineer').getByText('Elena Rossi').waitFor();
    await p.screenshot({ path: `${SHOTS}/tap-create-phone.png` });
    await pickProjectAndSave(p, 'AI Support Assistant', 'ML Engineer');
    await p.getByTestId('undo-toast').filter({ hasText: 'Elena Rossi is now on AI Support Assistant' }).waitFor();
    const made = await assignmentOf('Elena Rossi', 'AI Support Assistant');
    expect(made).toMatchObject({ startDate: monday(2).toISOString(), endDate: friday(2).toISOString() });
  });

  it("the toast's Undo takes it back", async () => {
    await p.getByTestId('undo-toast').filter({ hasText: 'Elena Rossi is now on AI Support Assistant' }).getByTestId('undo-button').click();
    await p.getByTestId('undo-done').waitFor();
    await expect.poll(async () => (await assignments()).some((x) => x.engineerId.name === 'Elena Rossi' && x.projectId.name === 'AI Support Assistant')).toBe(false);
  });

  it("a bar dragged onto another person's row hands it over on a phone too", async () => {
    await p.getByTestId('schedule-expand-all').click();
    const bar = barOf(p, 'Aisha Khan', 'Customer Portal Redesign');
    await bar.waitFor();
    // Elena's row in view first, then the bar brought in sideways without moving the rows (the bar starts
    // on the first of next month, a phone's width or more to the right late in a month): measuring one
    // by scrolling to it must not scroll the other away.
    await cellsOf(p, 'Elena Rossi').nth(0).scrollIntoViewIfNeeded();
    await bar.evaluate((element) => element.scrollIntoView({ block: 'nearest', inline: 'center' }));
    const barBox = (await bar.boundingBox())!;
    const rowBox = (await cellsOf(p, 'Elena Rossi').nth(0).boundingBox())!;
    const from = { x: barBox.x + barBox.width / 2, y: barBox.y + barBox.height / 2 };
    const to = { y: rowBox.y + rowBox.height / 2 };
    await p.mouse.move(from.x, from.y);
    await p.mouse.down();
    await p.mouse.move(from.x, (from.y + to.y) / 2, { steps: 4 });
    await p.mouse.move(from.x, to.y, { steps: 4 });
    await p.getByTestId('drag-preview-line').getByText(/^To Elena Rossi:/).waitFor();
    await p.mouse.up();
    const confirm = p.getByTestId('confirm-overload');
    await Promise.race([p.getByTestId('undo-toast').filter({ hasText: 'Assignment handed over' }).waitFor(), confirm.waitFor().then(() => confirm.click())]);
    await expect.poll(async () => (await assignments()).some((x) => x.engineerId.name === 'Elena Rossi' && x.projectId.name === 'Customer Portal Redesign')).toBe(true);
    await p.screenshot({ path: `${SHOTS}/reassigned-phone.png` });
  });
});

describe('the pages', () => {
  it('raised no errors', () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
