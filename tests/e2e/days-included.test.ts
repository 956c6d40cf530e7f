/**
 * Spans include their last day, and work that has started keeps its past, seen in Chromium on the demo:
 * - a manager creates Sam's Monday-to-Friday week at 50 % in the New assignment form; the form ranks
 *   "to" the Friday, the API stores the Friday as the last day, and the week gains 50 % (five days, not
 *   four) on the schedule, on Sam's own dashboard, and the project page's bar spans Monday to Friday;
 * - a drag of a bar that started weeks ago moves its part from today: the days before today stay.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi } from '../support/api-client.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, DESKTOP, dialogOpened, navigate, normalize, settle, shortUs, signIn } from '../support/screens.ts';

const DAY = 86_400_000;
let server: E2EServer;
let browser: Browser;
let api: ReturnType<typeof httpApi>;
let token: string;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

type ApiAssignment = { _id: string; engineerId: { _id: string; name: string }; projectId: { _id: string; name: string }; role: string; allocationPercentage: number; startDate: string; endDate: string };
type Week = { key: string; booked: number; capacity: number; workingDays: number };

async function get<T>(url: string): Promise<T> {
  const response = await api.request({ method: 'GET', url, token });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** Monday of the week `weeks` from this one. */
const monday = (weeks: number) => {
  const today = demoDay(0);
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY + weeks * 7 * DAY);
};
const label = (booked: number, capacity: number) => `${Math.round((booked / capacity) * 100)}%`;

async function pageAs(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(collectPageErrors(page));
  await signIn(page, server.baseUrl, email);
  return page;
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

let manager: Page;

describe("a Monday-to-Friday week at 50 % reads 50 % more for that week everywhere", () => {
  let sam: { _id: string };
  let weekIndex: number;
  let before: Week;

  it('the form ranks to the Friday, and the API keeps the Friday as the last day', async () => {
    sam = (await get<{ _id: string; email: string }[]>('/api/engineers')).find((e) => e.email === 'engineer@demo.test')!;
    // The first week from next week on in which Sam works all five days (no holiday, no time off).
    for (weekIndex = 1; weekIndex < 8; weekIndex += 1) {
      const from = isoDay(monday(weekIndex));
      const to = isoDay(new Date(monday(weekIndex).getTime() + 6 * DAY));
      const body = await get<{ rows: { periods: Week[] }[] }>(`/api/capacity?from=${from}&to=${to}&step=week&engineerId=${sam._id}`);
      before = body.rows[0]!.periods[0]!;
      if (before.capacity === 500) break;
    }
    expect(before.capacity).toBe(500);
    const first = monday(weekIndex);
    const friday = new Date(first.getTime() + 4 * DAY);

    manager = await pageAs('manager@demo.test');
    await navigate(manager, 'Assignments', '/assignments');
    await manager.getByTestId('new-assignment').click();
    const form = manager.getByRole('dialog', { name: /New assignment/ });
    await dialogOpened(form);
    await form.getByTestId('assignment-project').click();
    await manager.locator('.ant-select-item-option', { hasText: 'Payments Platform Migration' }).click();
    await form.getByTestId('suitable-engineers').waitFor();
    for (const [testId, day] of [['assignment-start', first], ['assignment-end', friday]] as const) {
      const input = form.getByTestId(testId);
      const text = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(day);
      await input.click();
      await input.fill(text);
      await input.press('Enter');
      // The day taken, before the next field is touched.
      await expect.poll(() => input.inputValue()).toBe(text);
    }
    // The list is ranked over the days worked: Monday through Friday (it said Thursday before).
    await expect.poll(async () => normalize(await form.getByTestId('suitable-ranked-for').innerText()), { timeout: 20_000 }).toContain(`to ${shortUs(friday)}`);
    await form.getByTestId('suitable-search').fill('Sam');
    await form.locator('[data-testid=suitable-engineer][data-name="Sam Rivera"]').click();
    await form.getByRole('combobox', { name: 'Role', exact: true }).fill('Week Reviewer');
    await form.getByTestId('assignment-allocation').fill('50');
    await form.getByTestId('assignment-submit').click();
    const confirm = manager.getByTestId('confirm-overload');
    await Promise.race([form.waitFor({ state: 'hidden' }), confirm.waitFor().then(() => confirm.click())]);
    await form.waitFor({ state: 'hidden' });

    const made = (await get<ApiAssignment[]>('/api/assignments')).find((a) => a.role === 'Week Reviewer')!;
    expect([made.startDate.slice(0, 10), made.endDate.slice(0, 10), made.allocationPercentage]).toEqual([isoDay(first), isoDay(friday), 50]);
    const body = await get<{ rows: { periods: Week[] }[] }>(`/api/capacity?from=${isoDay(first)}&to=${isoDay(new Date(first.getTime() + 6 * DAY))}&step=week&engineerId=${sam._id}`);
    // Five days of 50 % = 250 percent-days more: by hand, not by the model.
    expect(body.rows[0]!.periods[0]!.booked).toBe(before.booked + 250);
  });

  it("the schedule's week cell for Sam reads the week with all five days", async () => {
    await navigate(manager, 'Schedule', '/capacity');
    const cells = manager.locator('[data-testid=schedule-row][data-engineer="Sam Rivera"] .schedule-cells [role=gridcell]');
    await cells.first().waitFor();
    await expect.poll(() => cells.nth(weekIndex).textContent()).toBe(label(before.booked + 250, before.capacity));
  });

  it("the project page's bar for Sam runs Monday to Friday", async () => {
    const made = (await get<ApiAssignment[]>('/api/assignments')).find((a) => a.role === 'Week Reviewer')!;
    await manager.goto(`${server.baseUrl}/projects/${made.projectId._id}`);
    const bar = manager.locator(`[data-testid=timeline-bar][data-assignment="${made._id}"]`);
    await bar.waitFor();
    const first = monday(weekIndex);
    const friday = new Date(first.getTime() + 4 * DAY);
    const name = (await bar.getAttribute('aria-label'))!;
    expect(name).toContain('50%');
    expect(name).toMatch(new RegExp(`${new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(first)} 0?${first.getUTCDate()}`));
    expect(name).toMatch(new RegExp(`${new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(friday)} 0?${friday.getUTCDate()}`));
  });

  it("Sam's own dashboard shows the same figure for that week", async () => {
    const engineer = await pageAs('engineer@demo.test');
    const key = (await get<{ periods: { key: string }[] }>(`/api/capacity?from=${isoDay(monday(weekIndex))}&to=${isoDay(monday(weekIndex))}&step=week&engineerId=${sam._id}`)).periods[0]!.key;
    const cell = engineer.locator(`[data-testid=my-load-cells] [data-week="${key}"]`);
    await cell.waitFor();
    await expect.poll(async () => normalize(await cell.innerText())).toContain(label(before.booked + 250, before.capacity));
  });
});

describe('a drag of a bar that started weeks ago keeps its past', () => {
  it("moves Jordan's Customer Portal work from today one week later; the days before today stay as they were", async () => {
    const page = manager;
    await navigate(page, 'Schedule', '/capacity');
    await page.getByTestId('schedule-row').first().waitFor({ timeout: 60_000 });
    await settle(page, 300);
    const jordanPortal = () => get<ApiAssignment[]>('/api/assignments').then((list) => list.filter((a) => a.engineerId.name === 'Jordan Lee' && a.projectId.name === 'Customer Portal Redesign'));
    const [before] = await jordanPortal();
    expect(Date.parse(before!.startDate)).toBeLessThan(demoDay(0).getTime());

    // Every row's bars, as a planner opens them to drag one.
    if (!(await page.getByTestId('schedule-expand-all').getAttribute('aria-pressed'))?.includes('true')) await page.getByTestId('schedule-expand-all').click();
    const bar = page.locator('[data-testid=schedule-row][data-engineer="Jordan Lee"] [data-testid=schedule-bar][data-project="Customer Portal Redesign"]').first();
    await bar.scrollIntoViewIfNeeded();
    const box = (await bar.boundingBox())!;
    const column = (await page.locator('.schedule-head [role=columnheader]').nth(1).boundingBox())!.width;
    // Grab the bar inside this week's column (its part from today) and move it one column (a week) later.
    const x = Math.max(box.x + 8, (await page.locator('.schedule-head [role=columnheader]').nth(0).boundingBox())!.x + column / 2);
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + column / 2, y, { steps: 4 });
    await page.mouse.move(x + column, y, { steps: 4 });
    await page.mouse.up();
    const confirm = page.getByTestId('confirm-overload');
    await Promise.race([page.getByTestId('undo-toast').first().waitFor(), confirm.waitFor().then(() => confirm.click())]);

    await expect.poll(async () => (await jordanPortal()).length).toBe(2);
    const [past, moved] = (await jordanPortal()).sort((a, b) => a.startDate.localeCompare(b.startDate));
    const yesterday = isoDay(demoDay(-1));
    expect([past!.startDate, past!.endDate.slice(0, 10), past!.allocationPercentage]).toEqual([before!.startDate, yesterday, before!.allocationPercentage]);
    expect([moved!.startDate.slice(0, 10), moved!.endDate, moved!.allocationPercentage]).toEqual([
      isoDay(demoDay(7)), new Date(Date.parse(before!.endDate) + 7 * DAY).toISOString(), before!.allocationPercentage,
    ]);
    expect(pageErrors.flat()).toEqual([]);
  });
});
