/**
 * People's own days, in Chromium on the demo (issue 30):
 * 1. A manager sets Jordan to Monday-Thursday from next week on the Engineers screen: her Fridays from
 *    then on turn grey on the schedule, and her week's tooltip reads 400 % of capacity.
 * 2. A leave date set from Tom's open schedule row: the weeks after it are grey, and his bars that run
 *    past it are flagged.
 * 3. "Germany" created from the public holidays on the Calendars screen, and two engineers moved to it:
 *    on a German holiday only their cells are off.
 * 4. The default calendar followed by more people than a card names: its holidays come first, then a
 *    count and the first names, the rest on request.
 * Screenshots go to screenshots/e2e/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, DESKTOP, dialogOpened, isoDay, navigate, settle, signIn } from '../support/screens.ts';

const SHOTS = 'screenshots/e2e';
const DAY = 86_400_000;
let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

/** Monday of the week `weeks` from this one. */
const monday = (weeks = 0) => {
  const today = demoDay(0);
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY + weeks * 7 * DAY);
};
const usDate = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

const rowOf = (name: string) => page.locator(`[data-testid=schedule-row][data-engineer="${name}"]`);
const cellsOf = (name: string) => rowOf(name).locator('.schedule-cells [role=gridcell]');
const looks = (name: string) => cellsOf(name).evaluateAll((cells) => cells.map((c) => [c.getAttribute('data-status'), c.textContent]));

async function openSchedule(search: string) {
  await page.goto(`${server.baseUrl}/capacity?${search}`);
  await page.getByTestId('schedule-row').first().waitFor();
  await settle(page, 300);
}

/** Types a date into an antd date picker of the open dialog and confirms it. */
async function pickDate(label: string, date: Date) {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.click();
  await input.fill(usDate(date));
  // Enter would submit the form; leaving the field takes the typed date.
  await input.press('Tab');
}

async function tooltipOf(cell: ReturnType<typeof cellsOf>) {
  await cell.hover();
  const tip = page.getByTestId('schedule-tip');
  await tip.waitFor();
  return tip.innerText();
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US' });
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
  await signIn(page, server.baseUrl, 'manager@demo.test');
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('a four-day week', () => {
  it('set on the Engineers screen from next week: her Fridays from then on are grey and her week holds 400 %', async () => {
    await navigate(page, 'Engineers', '/engineers');
    await page.locator('[data-testid=engineer-work-days][data-engineer="Jordan Lee"]').first().click();
    const dialog = page.getByRole('dialog', { name: /Work days: Jordan Lee/ });
    await dialogOpened(dialog);
    await pickDate('From', monday(1));
    const friday = dialog.getByRole('spinbutton', { name: 'Fri percent' });
    await friday.fill('0');
    await friday.press('Tab');
    await expect.poll(() => dialog.innerText()).toContain('Mon–Thu 100% · 400% a week');
    await page.screenshot({ path: `${SHOTS}/engineer-days-dialog.png` });
    await dialog.getByTestId('engineer-days-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    // The day zoom from this Monday: this Friday is a working day, next Friday and the one after are grey.
    await openSchedule(`from=${isoDay(monday(0))}&step=day&q=Jordan`);
    const cells = await looks('Jordan Lee');
    expect(cells[4]![0]).not.toBe('off');
    expect(cells[11]).toEqual(['off', 'Off']);
    expect(cells[18]).toEqual(['off', 'Off']);
    expect(cells[12]![0]).toBe('weekend');
    expect(await tooltipOf(cellsOf('Jordan Lee').nth(11))).toContain('Not in their work week (Mon–Thu 100%)');
    await page.screenshot({ path: `${SHOTS}/engineer-days-four-day-week.png` });

    // The week zoom: next week's tooltip reads 100 % for each of Monday to Thursday that is no holiday of the
    // organisation's (400 % over 4 working days, unless the demo's holiday, ten days from the seed, falls there).
    await openSchedule(`from=${isoDay(monday(0))}&q=Jordan`);
    const holidays = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
      const list = (await (await fetch('/api/holidays', { headers: { Authorization: token } })).json()) as { date: string; calendarId?: string }[];
      return list.filter((h) => (h.calendarId ?? 'default') === 'default').map((h) => h.date);
    });
    const worked = [0, 1, 2, 3].map((i) => isoDay(new Date(monday(1).getTime() + i * DAY))).filter((date) => !holidays.includes(date)).length;
    const tip = await tooltipOf(cellsOf('Jordan Lee').nth(1));
    expect(tip).toContain(`Capacity: ${worked * 100}% over ${worked} working days`);
    expect(tip).toContain('1 weekday outside their work week (Mon–Thu 100%)');
  });
});

describe('a leaver', () => {
  it("set from the open schedule row: the weeks after the leave date are grey and the bars past it are flagged", async () => {
    await openSchedule(`from=${isoDay(monday(0))}&q=Tom`);
    await page.locator('[data-testid=schedule-name][data-engineer="Tom Becker"] [data-testid=schedule-toggle]').click();
    await page.getByTestId('edit-work-days').click();
    const dialog = page.getByRole('dialog', { name: /Work days: Tom Becker/ });
    await dialogOpened(dialog);
    const leave = monday(2);
    await pickDate('Leave date', leave);
    await dialog.getByTestId('engineer-days-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(async () => (await looks('Tom Becker')).slice(2).every(([status, label]) => status === 'off' && label === 'Off')).toBe(true);
    const before = await looks('Tom Becker');
    expect(before[0]![0]).not.toBe('off');
    // Mobile App v2 runs months past the leave date; Portal ends before it.
    const mobile = rowOf('Tom Becker').locator('[data-testid=schedule-bar][data-project="Mobile App v2"]');
    await expect.poll(() => mobile.getAttribute('data-conflict')).toBe('true');
    expect(await tooltipOf(cellsOf('Tom Becker').nth(3))).toContain(`Left on ${leave.toLocaleDateString('en-US', { month: 'short', day: '2-digit', timeZone: 'UTC' })}`);
    await page.screenshot({ path: `${SHOTS}/engineer-days-leaver.png` });
    expect(pageErrors).toEqual([]);
  });
});

describe('a holiday calendar of their own', () => {
  type ApiCalendar = { _id: string; name: string; holidays: { date: string; name: string }[] };
  const apiGet = <T,>(path: string) =>
    page.evaluate(async (url) => {
      const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
      return (await (await fetch(url, { headers: { Authorization: token } })).json()) as unknown;
    }, path) as Promise<T>;

  it('"Germany" from the public holidays, two engineers moved to it: on a German holiday only their cells are off', async () => {
    await navigate(page, 'Calendars', '/calendars');
    await page.getByTestId('calendar-create').click();
    const dialog = page.getByTestId('calendar-create-dialog');
    await dialog.getByTestId('calendar-name-input').fill('Germany');
    await dialog.getByTestId('calendar-country').click();
    await page.keyboard.type('Germany');
    await page.locator('.ant-select-item-option', { hasText: 'Germany (DE)' }).click();
    // Next year's: it has weekday holidays ahead whatever day this runs.
    const year = dialog.getByTestId('calendar-year');
    await year.fill(String(demoDay(0).getUTCFullYear() + 1));
    await year.press('Tab');
    await page.getByTestId('calendar-create-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await apiGet<ApiCalendar[]>('/api/holiday-calendars')).some((c) => c.name === 'Germany')).toBe(true);
    const germany = (await apiGet<ApiCalendar[]>('/api/holiday-calendars')).find((c) => c.name === 'Germany')!;
    expect(germany.holidays.length).toBeGreaterThan(8);
    await page.getByTestId(`calendar-${germany._id}`).waitFor();

    // A German holiday on a weekday ahead, which the default calendar does not have.
    const defaults = new Set((await apiGet<ApiCalendar[]>('/api/holiday-calendars')).find((c) => c._id === 'default')!.holidays.map((h) => h.date));
    const today = isoDay(demoDay(0));
    const holiday = germany.holidays.find((h) => h.date > today && !defaults.has(h.date) && ![0, 6].includes(new Date(`${h.date}T00:00:00Z`).getUTCDay()));
    expect(holiday, 'a German weekday holiday next year').toBeDefined();

    for (const name of ['Aisha Khan', 'Lucas Silva']) {
      await navigate(page, 'Engineers', '/engineers');
      await page.locator(`[data-testid=engineer-work-days][data-engineer="${name}"]`).first().click();
      const days = page.getByRole('dialog', { name: new RegExp(`Work days: ${name}`) });
      await dialogOpened(days);
      await days.getByTestId('engineer-days-calendar').click();
      await page.locator('.ant-select-item-option', { hasText: 'Germany' }).click();
      await days.getByTestId('engineer-days-submit').click();
      await days.waitFor({ state: 'hidden' });
    }
    await navigate(page, 'Calendars', '/calendars');
    await expect.poll(() => page.getByTestId(`calendar-${germany._id}`).getByTestId('calendar-follower').allTextContents()).toEqual(['Aisha Khan', 'Lucas Silva']);

    // The day zoom starts on the holiday's Monday: the holiday is its weekday's cell.
    const date = new Date(`${holiday!.date}T00:00:00Z`);
    const weekday = (date.getUTCDay() + 6) % 7;
    await openSchedule(`from=${isoDay(new Date(date.getTime() - weekday * DAY))}&step=day`);
    const first = async (name: string) => (await looks(name))[weekday];
    expect(await first('Aisha Khan')).toEqual(['off', 'Holiday']);
    expect(await first('Lucas Silva')).toEqual(['off', 'Holiday']);
    for (const other of ['Sam Rivera', 'Priya Patel', 'Elena Rossi']) expect((await first(other))![0]).not.toBe('off');
    expect(await tooltipOf(cellsOf('Lucas Silva').nth(weekday))).toContain(`Holiday: ${holiday!.name}`);
    await page.screenshot({ path: `${SHOTS}/engineer-days-germany.png` });
  });

  it("a calendar followed by many shows its holidays first, then a count and the first names, the rest on request", async () => {
    // Enough new engineers on the default calendar to pass the names a card shows (12).
    const added = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
      const statuses: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        const body = { name: `Zed Follower ${String(i).padStart(2, '0')}`, email: `zed${i}@followers.test`, seniority: 'mid', maxCapacity: 100 };
        const response = await fetch('/api/engineers', { method: 'POST', headers: { Authorization: token, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        statuses.push(response.status);
      }
      return statuses;
    });
    expect(added.every((status) => status === 201)).toBe(true);
    const engineers = await apiGet<{ calendars?: unknown[] }[]>('/api/engineers');
    const following = engineers.filter((e) => !e.calendars?.length).length;
    expect(following).toBeGreaterThan(12);

    await navigate(page, 'Calendars', '/calendars');
    const card = page.getByTestId('calendar-default');
    await card.getByTestId('calendar-holiday').first().waitFor();
    await expect.poll(() => card.getByTestId('calendar-followers-count').textContent()).toBe(`Followed by ${following} engineers`);
    // Holidays first, and in the first screen; the followers after them.
    const order = await card.evaluate((el) => {
      const holidays = el.querySelector('[data-testid=calendar-holidays]')!;
      const followers = el.querySelector('[data-testid=calendar-followers]')!;
      return { holidaysFirst: Boolean(holidays.compareDocumentPosition(followers) & Node.DOCUMENT_POSITION_FOLLOWING), holidaysTop: holidays.getBoundingClientRect().top };
    });
    expect(order.holidaysFirst).toBe(true);
    expect(order.holidaysTop).toBeLessThan(DESKTOP.height);
    const list = card.getByTestId('calendar-followers-list');
    expect(await list.getByTestId('calendar-follower').count()).toBe(12);
    expect(await list.locator('[data-role=caption]').textContent()).toBe(`Showing 12 of ${following}, by name`);
    await page.screenshot({ path: `${SHOTS}/calendars-many-followers.png` });

    await list.locator('[data-role=toggle]').click();
    await expect.poll(() => list.getByTestId('calendar-follower').count()).toBeGreaterThan(12);
    expect(pageErrors).toEqual([]);
  });
});
