/**
 * The schedule's Actual mode in Chromium, on the demo: a manager records Jordan Lee's last week through
 * the API (30 hours on Customer Portal Redesign), opens the schedule two weeks back and turns on
 * "Actual": last week reads 30 h, coloured by 30 of 40 hours; the week before, which nobody filled,
 * reads "Not filled"; this week still shows the plan. The mode is in the URL and survives a reload; a
 * week recorded while the page is open shows without reload; the day zoom turns the control off and
 * says why; a month reads its weeks' hours; an auditor travelling to a past moment sees that moment's
 * plan, not actuals (the Report hides them then too). Screenshots go to screenshots/e2e/schedule-actual-*.png.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekBefore, weekDates, weeksBetween } from '../../domain/actuals/weeks.ts';
import { httpApi } from '../support/api-client.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, isoDay, navigate, newContext, screenshot, screenshotBoth, signIn } from '../support/screens.ts';

const LIVE_TIMEOUT = 15_000;
const TODAY = isoDay(demoDay(0));
const LAST_WEEK = weekBefore(TODAY);
const WEEK_BEFORE = weekBefore(weekDates(LAST_WEEK).from);
/** Four weeks from the week before last: the week before last, last week, this week, next week. */
const WINDOW = `from=${weekDates(WEEK_BEFORE).from}&weeks=4`;

let server: E2EServer;
let browser: Browser;
let api: ReturnType<typeof httpApi>;
let token: string;
let jordanId: string;
let portalId: string;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

async function get<T>(url: string): Promise<T> {
  const response = await api.request({ method: 'GET', url, token });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

/** A manager records an engineer's whole week, as the week's form would. */
async function recordWeek(engineerId: string, week: string, hours: number) {
  const { version } = await get<{ version: number }>(`/api/engineers/${engineerId}/actuals/${week}`);
  const response = await api.request({
    method: 'PUT', url: `/api/engineers/${engineerId}/actuals/${week}`, token,
    body: { entries: [{ projectId: portalId, hours }] }, headers: { 'if-match': `"${version}"` },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const rowOf = (page: Page, name: string) => page.locator(`[data-testid=schedule-row][data-engineer="${name}"]`);
const cellsOf = (row: Locator) => row.locator('.schedule-cells [role=gridcell]');
const cellTexts = (row: Locator) => cellsOf(row).evaluateAll((cells) => cells.map((c) => c.textContent));

/** The grid's tooltip for a cell: it opens when the pointer rests on it. */
async function tipOf(page: Page, cell: Locator): Promise<string> {
  await page.mouse.move(0, 0);
  await cell.hover();
  const tip = page.getByTestId('schedule-tip');
  await tip.waitFor({ timeout: 5_000 });
  return (await tip.innerText()).trim();
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  api = httpApi(server.baseUrl);
  token = await api.login('manager@demo.test');
  jordanId = (await get<{ _id: string; name: string }[]>('/api/engineers')).find((e) => e.name === 'Jordan Lee')!._id;
  portalId = (await get<{ _id: string; name: string }[]>('/api/projects')).find((p) => p.name === 'Customer Portal Redesign')!._id;
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

describe('the schedule shows actuals for past weeks when asked', () => {
  let page: Page;

  it('a manager records last week; the schedule in Actual mode reads it, the unfilled week and this week\'s plan, and keeps the mode across a reload', async () => {
    await recordWeek(jordanId, LAST_WEEK, 30);

    const context = await newContext(browser);
    contexts.push(context);
    page = await context.newPage();
    pageErrors.push(collectPageErrors(page));
    await signIn(page, server.baseUrl, 'manager@demo.test');
    await page.goto(`${server.baseUrl}/capacity?${WINDOW}`);
    const jordan = rowOf(page, 'Jordan Lee');
    await jordan.waitFor();
    const planned = await cellTexts(jordan);
    expect(planned).toHaveLength(4);
    expect(planned.every((text) => text?.endsWith('%') || text === 'Off')).toBe(true);

    await page.getByTestId('schedule-show').getByText('Actual', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('show') === 'actual');
    const lastWeek = cellsOf(jordan).nth(1);
    await expect.poll(() => lastWeek.textContent(), { timeout: LIVE_TIMEOUT }).toBe('30 h');
    // 30 of a full-timer's 40 hours (500 percent-days at 8 hours a day): 75 %, optimal.
    expect(await lastWeek.getAttribute('data-status')).toBe('optimal');
    expect(await lastWeek.getAttribute('data-actual')).toBe('recorded');

    const weekBefore = cellsOf(jordan).nth(0);
    expect(await weekBefore.getAttribute('data-actual')).toBe('unfilled');
    expect(await weekBefore.getAttribute('aria-label')).toBe('Not filled');
    expect(await weekBefore.textContent()).not.toBe('0 h');
    expect((await tipOf(page, weekBefore)).split('\n')[0]).toBe('Not filled');
    expect((await tipOf(page, lastWeek)).split('\n')[0]).toBe('Actual: 30 h of 40 h capacity (75%)');

    // This week and the next are still the plan.
    const shown = await cellTexts(jordan);
    expect(shown.slice(2)).toEqual(planned.slice(2));
    expect(await cellsOf(jordan).nth(2).getAttribute('data-actual')).toBeNull();
    await page.getByTestId('schedule-legend-actual').waitFor();

    // The totals of a past week read what everyone in view recorded: the sum of the rows' hours.
    const totals = page.getByTestId('schedule-totals').locator('[role=gridcell]');
    const lastWeekHours = await page.locator('[data-testid=schedule-row] .schedule-cells').evaluateAll((rows) =>
      rows.reduce((sum, row) => sum + (Number.parseFloat(row.querySelectorAll('[role=gridcell]')[1]?.textContent ?? '') || 0), 0));
    expect(lastWeekHours).toBeGreaterThanOrEqual(30);
    expect(Number(await totals.nth(1).getAttribute('data-actual-hours'))).toBe(lastWeekHours);
    expect(await totals.nth(1).getAttribute('class')).toContain('actual');
    expect((await tipOf(page, totals.nth(1))).split('\n')[0]).toMatch(new RegExp(`^Actual: ${lastWeekHours} h of [\\d.]+ h capacity \\(\\d+%\\)$`));
    // The week before last, which nobody filled, reads so in the totals too.
    expect(await totals.nth(0).getAttribute('data-label')).toBe('—');
    expect((await tipOf(page, totals.nth(0))).split('\n')[0]).toMatch(/^Not filled: \d+ people$/);
    // This week's totals are the plan's, as its cells are.
    expect(await totals.nth(2).getAttribute('data-actual-hours')).toBeNull();
    expect(await totals.nth(2).getAttribute('data-label')).toMatch(/%$/);

    await page.reload();
    await rowOf(page, 'Jordan Lee').waitFor();
    expect(new URL(page.url()).searchParams.get('show')).toBe('actual');
    await expect.poll(() => cellsOf(rowOf(page, 'Jordan Lee')).nth(1).textContent(), { timeout: LIVE_TIMEOUT }).toBe('30 h');
    expect(await page.getByTestId('schedule-show').locator('.ant-segmented-item-selected').innerText()).toBe('Actual');
    await screenshotBoth(page, 'schedule-actual', { ready: () => rowOf(page, 'Jordan Lee').waitFor() });
  }, 120_000);

  it('a week recorded while the schedule is open shows without reload', async () => {
    const weekBefore = cellsOf(rowOf(page, 'Jordan Lee')).nth(0);
    expect(await weekBefore.getAttribute('data-actual')).toBe('unfilled');
    await recordWeek(jordanId, WEEK_BEFORE, 12);
    await expect.poll(() => weekBefore.textContent(), { timeout: LIVE_TIMEOUT }).toBe('12 h');
    // 12 of 40 hours is under half.
    expect(await weekBefore.getAttribute('data-status')).toBe('underutilized');
  }, 60_000);

  it('the day zoom shows the plan and says why the control is off; the plan comes back with the switch', async () => {
    await page.getByTestId('schedule-toolbar').locator('.ant-segmented-item-label', { hasText: /^Day$/ }).click();
    await page.waitForURL((url) => url.searchParams.get('step') === 'day');
    expect(new URL(page.url()).searchParams.get('show')).toBeNull();
    const control = page.getByTestId('schedule-show');
    expect(await control.getAttribute('data-disabled')).toBe('true');
    await control.hover();
    await page.locator('.ant-tooltip').getByText('Actuals are kept per week', { exact: false }).waitFor({ timeout: 5_000 });
    expect(await rowOf(page, 'Jordan Lee').locator('[data-actual]').count()).toBe(0);

    await page.goto(`${server.baseUrl}/capacity?${WINDOW}&show=actual`);
    await expect.poll(() => cellsOf(rowOf(page, 'Jordan Lee')).nth(1).textContent(), { timeout: LIVE_TIMEOUT }).toBe('30 h');
    await page.getByTestId('schedule-show').getByText('Planned', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('show') === null);
    await expect.poll(() => cellsOf(rowOf(page, 'Jordan Lee')).nth(1).textContent()).toMatch(/%$/);
  }, 60_000);

  it('a month reads the hours of its weeks (those whose Thursday is in it), dashed while some are not filled', async () => {
    // The month before last has always ended; two of its weeks get 20 hours each.
    const now = demoDay(0);
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
    const month = isoDay(first).slice(0, 7);
    const weeks = weeksBetween(isoDay(first), isoDay(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0))))
      .filter((week) => isoDay(new Date(Date.parse(`${weekDates(week).from}T00:00:00Z`) + 3 * 86_400_000)).startsWith(month));
    for (const week of weeks.slice(0, 2)) await recordWeek(jordanId, week, 20);

    await page.goto(`${server.baseUrl}/capacity?from=${isoDay(first)}&step=month&show=actual`);
    const cell = cellsOf(rowOf(page, 'Jordan Lee')).nth(0);
    await expect.poll(() => cell.textContent(), { timeout: LIVE_TIMEOUT }).toBe('40 h');
    expect(await cell.getAttribute('data-actual')).toBe('partial');
    const tip = (await tipOf(page, cell)).split('\n');
    expect(tip[0]).toMatch(/^Actual: 40 h of \d+ h capacity/);
    expect(tip[1]).toBe(`Not filled: ${weeks.slice(2).join(', ')}`);
    await screenshot(page, 'schedule-actual-month');
  }, 60_000);

  it('an auditor reads actuals live; travelling to a past moment shows that moment\'s plan, as the Report does, until back to live', async () => {
    const context = await newContext(browser);
    contexts.push(context);
    const auditor = await context.newPage();
    pageErrors.push(collectPageErrors(auditor));
    await signIn(auditor, server.baseUrl, 'auditor@demo.test');
    await auditor.goto(`${server.baseUrl}/capacity?${WINDOW}&show=actual`);
    const lastWeek = cellsOf(rowOf(auditor, 'Jordan Lee')).nth(1);
    await expect.poll(() => lastWeek.textContent(), { timeout: LIVE_TIMEOUT }).toBe('30 h');

    await navigate(auditor, 'History', '/history');
    await auditor.getByTestId('history-table').getByTestId('row-travel').first().click();
    await expect.poll(() => auditor.getByTestId('time-travel-banner').getAttribute('data-state')).toBe('viewingPast');
    await auditor.goBack();
    await auditor.waitForURL((url) => url.pathname === '/capacity' && url.searchParams.get('show') === 'actual');
    await expect.poll(() => lastWeek.getAttribute('data-actual'), { timeout: LIVE_TIMEOUT }).toBeNull();
    expect(await lastWeek.textContent()).toMatch(/%$|^Off$/);
    const control = auditor.getByTestId('schedule-show');
    expect(await control.getAttribute('data-disabled')).toBe('true');
    await control.hover();
    await auditor.locator('.ant-tooltip').getByText('Actuals show on the live plan only', { exact: false }).waitFor({ timeout: 5_000 });

    await auditor.getByTestId('back-to-live').click();
    await expect.poll(() => lastWeek.textContent(), { timeout: LIVE_TIMEOUT }).toBe('30 h');
    expect(pageErrors.flat()).toEqual([]);
  }, 90_000);
});
