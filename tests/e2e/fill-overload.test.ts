/**
 * Fill asks before overloading, in Chromium on the demo: an engineer booked at 60 % in the first of an
 * open role's two weeks is offered for the 50 % role as fitting "except" that week's days; filling with
 * them opens the shared overload question, which names the days and the peak (110 %). Back writes
 * nothing; Save anyway fills, and the API's answer names the same days.
 *
 * Spans end on a Saturday, so their last day is not a working day whether or not a span counts it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi } from '../support/api-client.ts';
import { validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, isoDay, navigate, newContext, signIn } from '../support/screens.ts';

const DAY = 86_400_000;
const ROLE = 'Fit Check Engineer';

let server: E2EServer;
let browser: Browser;
let api: ReturnType<typeof httpApi>;
let token: string;
let context: BrowserContext;
let page: Page;
let errors: string[];

/** Monday of the week `weeks` from this one. */
const monday = (weeks: number) => {
  const today = demoDay(0);
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY + weeks * 7 * DAY);
};
const at = (d: Date) => d.toISOString();

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await api.request({ method, url, token, body });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

let engineerId: string;
let projectId: string;
let placeholderId: string;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  api = httpApi(server.baseUrl);
  token = await api.login('manager@demo.test');
  // Next week and the week after: the open role's two weeks, on a project of its own.
  const project = await call<{ _id: string }>('POST', '/api/projects', validProjectPayload({
    name: 'Fit Check', startDate: at(monday(1)), endDate: at(monday(6)), requiredSkills: ['Rust'], status: 'active',
  }));
  projectId = project._id;
  const engineer = await call<{ _id: string }>('POST', '/api/engineers', validEngineerPayload({ name: 'Jordan Fit', skills: ['Rust'] }));
  engineerId = engineer._id;
  // 60 % in the first week only (Monday to Saturday).
  await call('POST', '/api/assignments', {
    engineerId, projectId, role: 'Backend Engineer', allocationPercentage: 60, startDate: at(monday(1)), endDate: at(new Date(monday(1).getTime() + 5 * DAY)),
  });
  const placeholder = await call<{ _id: string }>('POST', `/api/projects/${projectId}/placeholders`, {
    role: ROLE, skills: ['Rust'], allocationPercentage: 50, startDate: at(monday(1)), endDate: at(new Date(monday(2).getTime() + 5 * DAY)),
  });
  placeholderId = placeholder._id;
  context = await newContext(browser);
  page = await context.newPage();
  errors = collectPageErrors(page);
  await signIn(page, server.baseUrl, 'manager@demo.test');
  await navigate(page, 'Schedule', '/capacity');
  await page.getByTestId('schedule-row').first().waitFor();
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** Jordan Fit's working days of next week, as the capacity model counts them (a holiday there is not one). */
async function firstWeekWorkingDays(): Promise<string[]> {
  const from = isoDay(monday(1));
  const to = isoDay(new Date(monday(2).getTime() - DAY));
  const grid = await call<{ rows: { engineer: { _id: string }; periods: { key: string; workingDays: number }[] }[] }>(
    'GET', `/api/capacity?from=${from}&to=${to}&step=day&engineerId=${engineerId}`,
  );
  return grid.rows[0]!.periods.filter((p) => p.workingDays > 0).map((p) => p.key);
}

async function openFillWithJordan() {
  const row = page.locator(`[data-testid=placeholder-row][data-role="${ROLE}"]`);
  if (!(await row.isVisible())) await page.getByTestId('placeholders-toggle').click();
  await row.getByTestId('placeholder-fill').click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Fill ${ROLE}`) });
  const jordan = dialog.locator('[data-testid=suitable-engineer][data-name="Jordan Fit"]');
  await jordan.waitFor();
  await jordan.click();
  await dialog.getByTestId('fill-submit').click();
  return { dialog, jordan };
}

describe('Fill asks before overloading', () => {
  it('names the days and the peak; Back writes nothing; Save anyway fills, as the API answers', async () => {
    const days = await firstWeekWorkingDays();
    expect(days.length).toBeGreaterThan(0);

    const { dialog, jordan } = await openFillWithJordan();
    // The list said so before anyone asked: short of 50 % on the days of the first week.
    expect(await jordan.getByTestId('suitable-weeks').getAttribute('data-fit')).toBe('fitsExcept');
    expect(await jordan.getByTestId('suitable-weeks').innerText()).toContain(`fits except ${days.length} day`);

    const person = page.getByTestId('overload-person');
    await person.waitFor();
    expect(await person.getAttribute('data-days')).toBe(days.join(','));
    expect(await person.getAttribute('data-peak')).toBe('110');
    const said = await person.innerText();
    expect(said).toContain('Jordan Fit');
    expect(said).toContain(`over capacity on ${days.length} day`);
    expect(said).toContain('peak 110%');
    await page.screenshot({ path: 'screenshots/e2e/fill-overload-question.png' }).catch(() => undefined);

    // Back: nothing written, the fill dialog still open on the pick.
    await page.getByTestId('overload-back').click();
    await person.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    const open = await call<{ _id: string }[]>('GET', `/api/projects/${projectId}/placeholders`);
    expect(open.map((p) => p._id)).toContain(placeholderId);
    const mine = async () => (await call<{ engineerId: { _id: string }; projectId: { _id: string }; allocationPercentage: number }[]>('GET', '/api/assignments'))
      .filter((a) => a.engineerId._id === engineerId);
    expect((await mine()).map((a) => a.allocationPercentage)).toEqual([60]);

    // Save anyway: the fill is written, the question gone.
    await dialog.getByTestId('fill-submit').click();
    await person.waitFor();
    await page.getByTestId('confirm-overload').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Jordan Fit is now on Fit Check`).waitFor();
    expect((await mine()).map((a) => a.allocationPercentage).sort()).toEqual([50, 60]);
    expect((await call<{ _id: string }[]>('GET', `/api/projects/${projectId}/placeholders`)).map((p) => p._id)).not.toContain(placeholderId);
    expect(errors).toEqual([]);
  });
});
