/**
 * Overloads show at every zoom, in Chromium: the schedule's month view marks an engineer overloaded in
 * a month whose average is under 100 % but some of whose days are over capacity, prints the average
 * beside the mark, and says the days over and the highest day in the cell's tooltip, to screen
 * readers and beside the name.
 *
 * The plan is March 2031, seeded through the API. Its assignments end at a Saturday's midnight, so the
 * figures are the same whether a span's last day is the day before its end or the day its end falls on.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi } from '../support/api-client.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, newContext, screenshot, signIn } from '../support/screens.ts';

let server: E2EServer;
let browser: Browser;
let api: ReturnType<typeof httpApi>;
let token: string;
let context: BrowserContext;
let page: Page;
let pageErrors: string[] = [];

const NAME = 'Aisha Overload';
const at = (date: string) => `${date}T00:00:00.000Z`;

async function created(url: string, body: Record<string, unknown>): Promise<{ _id: string; version: number }> {
  const response = await api.request({ method: 'POST', url, token, body });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as { _id: string; version: number };
}

/** The grid's tooltip for a cell: it opens when the pointer rests on it. */
async function tipOf(cell: Locator): Promise<string> {
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
  // Aisha: 80 % all of March 2031, and 50 % more from Monday Mar 10 to Friday Mar 14 (130 %).
  const aisha = await created('/api/engineers', {
    name: NAME, email: 'aisha.overload@demo.test', department: 'Platform', seniority: 'senior', maxCapacity: 100, skills: ['Go'], password: 'initial-pass-1',
  });
  const project = await created('/api/projects', {
    name: 'Overload Launch', description: 'A launch that piles work on one week of March.', startDate: at('2031-01-01'), endDate: at('2031-12-31'),
    requiredSkills: ['Go'], teamSize: 2, status: 'active', managerId: '',
  });
  const work = (allocationPercentage: number, start: string, end: string) =>
    created('/api/assignments', { engineerId: aisha._id, projectId: project._id, role: 'Backend Engineer', allocationPercentage, startDate: at(start), endDate: at(end) });
  await work(80, '2031-03-01', '2031-04-05');
  await work(50, '2031-03-10', '2031-03-15');
  context = await newContext(browser);
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
  await signIn(page, server.baseUrl, 'manager@demo.test');
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

describe('the schedule by month', () => {
  it('marks a month averaging under 100 % overloaded when some days are over, with the average, the days over and the peak', async () => {
    // What the API says of her March: the average under 100 %, five days over at 130 %.
    const grid = (await api.request({ method: 'GET', url: '/api/capacity?from=2031-03-01&to=2031-03-31&step=month&q=Aisha%20Overload', token })).json() as {
      rows: { periods: { key: string; utilization: number; status: string; overloadedDays: number; peak: number; workingDays: number; timeOffDays: number }[] }[];
    };
    const march = grid.rows[0]!.periods[0]!;
    expect(march).toMatchObject({ key: '2031-03', status: 'overloaded', overloadedDays: 5, peak: 130 });
    expect(march.utilization).toBeLessThan(100);
    const days = march.workingDays - march.timeOffDays;

    await page.goto(`${server.baseUrl}/capacity?from=2031-03-01&step=month&q=${encodeURIComponent(NAME)}`);
    const row = page.locator(`[data-testid=schedule-row][data-engineer="${NAME}"]`);
    const cell = row.locator('.schedule-cells [role=gridcell]').nth(0);
    await expect.poll(() => cell.textContent(), { timeout: 15_000 }).toBe(`${Math.round(march.utilization)}%`);
    expect(await page.locator('.schedule-period').nth(0).getAttribute('aria-label')).toMatch(/^March 2031/);
    expect(await cell.getAttribute('data-status')).toBe('overloaded');
    expect(await cell.getAttribute('class')).toContain('over');
    const said = `over capacity on 5 of ${days} days, peak 130%`;
    expect(await cell.getAttribute('aria-label')).toBe(`${Math.round(march.utilization)}%, ${said}`);
    // The mark is drawn: the overload's colour and a red bar along the top.
    const look = await cell.evaluate((c) => ({ shadow: getComputedStyle(c).boxShadow, background: getComputedStyle(c).backgroundColor }));
    expect(look.shadow).toContain('inset');
    expect(look.background).toBe('rgb(252, 165, 165)');
    expect(await tipOf(cell)).toContain(`Over capacity on 5 of ${days} days, peak 130%`);
    // April is fine: 80 % on its first four days, no mark.
    const april = row.locator('.schedule-cells [role=gridcell]').nth(1);
    expect(await april.getAttribute('class')).not.toContain('over');
    // The figure beside her name is her highest day, not her highest month.
    expect(await page.locator(`[data-testid=schedule-name][data-engineer="${NAME}"]`).innerText()).toContain('peak 130%');
    await page.mouse.move(0, 0);
    await screenshot(page, 'schedule-month-overload', false);
  }, 60_000);

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
