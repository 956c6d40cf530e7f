/**
 * Two things a planner must be able to trust, seen in Chromium on the demo with ORG_TIME_ZONE=Europe/Berlin:
 * - two engineers with one name are told apart on the schedule and in the New assignment form's picker
 *   (each carries their e-mail), and the one picked is the one who gets the work;
 * - a browser in Tokyo and one in Los Angeles pick Monday to Friday in the form, and the API stores
 *   Monday through Friday in the organisation's zone: the week gains five days of the allocation.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi } from '../support/api-client.ts';
import { validEngineerPayload } from '../support/api-helpers.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, DESKTOP, dialogOpened, navigate, normalize, signIn } from '../support/screens.ts';

const DAY = 86_400_000;
const ORG_ZONE = 'Europe/Berlin';
let server: E2EServer;
let browser: Browser;
let api: ReturnType<typeof httpApi>;
let token: string;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

type ApiAssignment = { _id: string; engineerId: { _id: string; name: string }; role: string; allocationPercentage: number; startDate: string; endDate: string };
type Week = { key: string; booked: number; capacity: number };

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await api.request({ method, url, token, body });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The day an instant falls on in the organisation's zone, worked out by Intl (not by the app's code). */
const orgDayOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: ORG_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
const typed = (d: Date) => new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(d);
const monday = (weeks: number) => {
  const today = demoDay(0);
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY + weeks * 7 * DAY);
};

async function pageIn(timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId, locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(collectPageErrors(page));
  await signIn(page, server.baseUrl, 'manager@demo.test');
  return page;
}

const namesakes = [
  { name: 'Alex Namesake', email: 'alex.namesake.one@demo.test' },
  { name: 'Alex Namesake', email: 'alex.namesake.two@demo.test' },
];
let namesakeIds: string[];

beforeAll(async () => {
  server = await startE2EServer({ orgTimeZone: ORG_ZONE });
  browser = await launchBrowser();
  api = httpApi(server.baseUrl);
  token = await api.login('manager@demo.test');
  namesakeIds = [];
  for (const person of namesakes) namesakeIds.push((await call<{ _id: string }>('POST', '/api/engineers', validEngineerPayload({ ...person, skills: ['React'] })))._id);
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** Opens New assignment, picks the project and types the days; the dialog is returned. */
async function openForm(page: Page, first: Date, last: Date) {
  await navigate(page, 'Assignments', '/assignments');
  await page.getByTestId('new-assignment').click();
  const form = page.getByRole('dialog', { name: /New assignment/ });
  await dialogOpened(form);
  await form.getByTestId('assignment-project').click();
  await page.locator('.ant-select-item-option', { hasText: 'Payments Platform Migration' }).click();
  await form.getByTestId('suitable-engineers').waitFor();
  for (const [testId, day] of [['assignment-start', first], ['assignment-end', last]] as const) {
    const input = form.getByTestId(testId);
    // A live event re-drawing the form while the day is typed can put the picker's old text back: type again.
    for (let attempt = 1; ; attempt += 1) {
      await input.click();
      await input.fill(typed(day));
      await input.press('Enter');
      const kept = await expect.poll(() => input.inputValue(), { timeout: 3_000 }).toBe(typed(day)).then(() => true, () => false);
      if (kept) break;
      if (attempt === 3) expect(await input.inputValue()).toBe(typed(day));
    }
  }
  return form;
}

async function submit(page: Page, form: ReturnType<Page['getByRole']>, role: string, allocation: number) {
  await form.getByRole('combobox', { name: 'Role', exact: true }).fill(role);
  await form.getByTestId('assignment-allocation').fill(String(allocation));
  await form.getByTestId('assignment-submit').click();
  const confirm = form.getByTestId('confirm-overload');
  await Promise.race([form.waitFor({ state: 'hidden' }), confirm.waitFor().then(() => confirm.click())]);
  await form.waitFor({ state: 'hidden' });
}

describe('two engineers with one name', () => {
  it('are told apart on the schedule: each row carries its e-mail; a name of one person carries none', async () => {
    const page = await pageIn('UTC');
    await navigate(page, 'Schedule', '/capacity');
    const rows = page.locator('[data-testid=schedule-name][data-engineer="Alex Namesake"]');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    const hints = await rows.evaluateAll((cells) => cells.map((c) => [c.getAttribute('data-id'), c.getAttribute('data-namesake'), c.textContent]));
    expect(hints.map(([id, hint]) => [id, hint]).sort()).toEqual(namesakeIds.map((id, i) => [id, namesakes[i]!.email]).sort());
    for (const [, hint, text] of hints) expect(text).toContain(hint);
    const sam = page.locator('[data-testid=schedule-name][data-engineer="Sam Rivera"]');
    expect(await sam.getAttribute('data-namesake')).toBeNull();
  });

  it("are told apart in the form's picker, and the one picked gets the work", async () => {
    const page = await pageIn('UTC');
    const form = await openForm(page, monday(2), new Date(monday(2).getTime() + 4 * DAY));
    await form.getByTestId('suitable-search').fill('Alex Namesake');
    const listed = form.locator('[data-testid=suitable-engineer][data-name="Alex Namesake"]');
    await expect.poll(() => listed.count()).toBe(2);
    expect((await listed.evaluateAll((items) => items.map((i) => i.getAttribute('data-namesake')))).sort()).toEqual(namesakes.map((p) => p.email).sort());
    const second = form.locator(`[data-testid=suitable-engineer][data-namesake="${namesakes[1]!.email}"]`);
    expect(normalize(await second.innerText())).toContain(namesakes[1]!.email);
    await second.click();
    await submit(page, form, 'Namesake Check', 20);
    const made = (await call<ApiAssignment[]>('GET', '/api/assignments')).find((a) => a.role === 'Namesake Check')!;
    expect(made.engineerId._id).toBe(namesakeIds[1]);
  });
});

describe('a browser in another time zone than the organisation', () => {
  let sam: { _id: string };
  let weekIndex: number;
  let before: Week;
  const capacityOf = async () =>
    (await call<{ rows: { periods: Week[] }[] }>('GET', `/api/capacity?from=${isoDay(monday(weekIndex))}&to=${isoDay(new Date(monday(weekIndex).getTime() + 6 * DAY))}&step=week&engineerId=${sam._id}`)).rows[0]!.periods[0]!;

  beforeAll(async () => {
    sam = (await call<{ _id: string; email: string }[]>('GET', '/api/engineers')).find((e) => e.email === 'engineer@demo.test')!;
    // A week from next week on in which Sam works all five days (no holiday, no time off).
    for (weekIndex = 3; weekIndex < 10; weekIndex += 1) {
      before = await capacityOf();
      if (before.capacity === 500) break;
    }
    expect(before.capacity).toBe(500);
  });

  it.each([['Asia/Tokyo', 1], ['America/Los_Angeles', 2]] as const)('%s: Monday to Friday picked is stored as Monday through Friday in Berlin, five days of the allocation', async (zone, nth) => {
    const page = await pageIn(zone);
    const first = monday(weekIndex);
    const friday = new Date(first.getTime() + 4 * DAY);
    const form = await openForm(page, first, friday);
    await form.getByTestId('suitable-search').fill('Sam');
    await form.locator('[data-testid=suitable-engineer][data-name="Sam Rivera"]').click();
    await submit(page, form, `Zone ${zone}`, 10);

    const made = (await call<ApiAssignment[]>('GET', '/api/assignments')).find((a) => a.role === `Zone ${zone}`)!;
    expect([orgDayOf(made.startDate), orgDayOf(made.endDate)]).toEqual([isoDay(first), isoDay(friday)]);
    // Five days of 10 % more for each browser's assignment: 50 percent-days, by hand.
    const after = await capacityOf();
    expect(after.booked).toBe(before.booked + 50 * nth);

    // The browser reads the same days back: the schedule's cell of that week, and the form's dates when opened again.
    await navigate(page, 'Schedule', '/capacity');
    const cells = page.locator('[data-testid=schedule-row][data-engineer="Sam Rivera"] .schedule-cells [role=gridcell]');
    await cells.first().waitFor();
    await expect.poll(() => cells.nth(weekIndex).textContent()).toBe(`${Math.round((after.booked / after.capacity) * 100)}%`);
  });

  it('threw no errors', () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
