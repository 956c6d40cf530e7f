/**
 * The project page's timeline asks the shared overload question before a drag that overloads, in
 * Chromium on the demo: Drag Fit is at 60 % on Drag Check in the week after next and at 50 % on another
 * project the week after; dragging the Drag Check bar one week later puts them at 110 % on that week's
 * working days. The question names those days and the peak; Back writes nothing; Save anyway moves the
 * bar, and the API's answer names the same days.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi } from '../support/api-client.ts';
import { validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, isoDay, newContext, normalize, signIn } from '../support/screens.ts';

const DAY = 86_400_000;

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
const friday = (weeks: number) => new Date(monday(weeks).getTime() + 4 * DAY);
const at = (d: Date) => d.toISOString();

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await api.request({ method, url, token, body });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

type Saved = { _id: string; startDate: string; endDate: string; version: number };
let engineerId: string;
let projectId: string;
let dragged: Saved;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  api = httpApi(server.baseUrl);
  token = await api.login('manager@demo.test');
  const project = (name: string) => call<{ _id: string }>('POST', '/api/projects', validProjectPayload({ name, startDate: at(monday(1)), endDate: at(monday(8)), status: 'active' }));
  projectId = (await project('Drag Check'))._id;
  const other = (await project('Drag Other'))._id;
  engineerId = (await call<{ _id: string }>('POST', '/api/engineers', validEngineerPayload({ name: 'Drag Fit' })))._id;
  dragged = await call<Saved>('POST', '/api/assignments', { engineerId, projectId, role: 'Developer', allocationPercentage: 60, startDate: at(monday(2)), endDate: at(friday(2)) });
  await call('POST', '/api/assignments', { engineerId, projectId: other, role: 'Developer', allocationPercentage: 50, startDate: at(monday(3)), endDate: at(friday(3)) });
  context = await newContext(browser);
  page = await context.newPage();
  errors = collectPageErrors(page);
  await signIn(page, server.baseUrl, 'manager@demo.test');
  await page.goto(`${server.baseUrl}/projects/${projectId}`);
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** Drags the bar one week later (10 px a day on the desktop timeline) and lets go. */
async function dragOneWeekLater() {
  const bar = page.locator(`[data-testid=timeline-bar][data-assignment="${dragged._id}"]`);
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  for (const dx of [10, 30, 50, 70]) await page.mouse.move(box.x + box.width / 2 + dx, y);
  await page.getByTestId('drag-preview').waitFor();
  await page.mouse.up();
}

describe("the project timeline's drag asks before overloading", () => {
  it('names the days and the peak; Back writes nothing; Save anyway moves it, as the API answers', async () => {
    // The week after: Drag Fit's working days there, as the capacity model counts them (a holiday is not one).
    const grid = await call<{ rows: { periods: { key: string; capacity: number }[] }[] }>(
      'GET', `/api/capacity?from=${isoDay(monday(3))}&to=${isoDay(friday(3))}&step=day&engineerId=${engineerId}`,
    );
    const days = grid.rows[0]!.periods.filter((p) => p.capacity > 0).map((p) => p.key);
    expect(days.length).toBeGreaterThan(0);

    await dragOneWeekLater();
    const person = page.getByTestId('overload-person');
    await person.waitFor();
    expect(await person.getAttribute('data-engineer')).toBe(engineerId);
    expect(await person.getAttribute('data-days')).toBe(days.join(','));
    // 60 + 50 on each of them.
    expect(await person.getAttribute('data-peak')).toBe('110');
    const said = normalize(await person.innerText());
    expect(said).toContain('Drag Fit: over capacity on');
    expect(said).toContain('peak 110%');
    await page.screenshot({ path: 'screenshots/e2e/timeline-overload-question.png' }).catch(() => undefined);

    // Back: nothing written.
    await page.getByTestId('overload-back').click();
    await person.waitFor({ state: 'hidden' });
    expect(await call<Saved>('GET', `/api/assignments/${dragged._id}`)).toMatchObject({ startDate: dragged.startDate, endDate: dragged.endDate, version: dragged.version });

    // Save anyway: the move is written, and its answer names the same days and peak.
    await dragOneWeekLater();
    await person.waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/assignments/${dragged._id}`) && r.request().method() === 'PATCH');
    await page.getByTestId('confirm-overload').click();
    const response = await saved;
    expect(response.status()).toBe(200);
    const answer = (await response.json()) as Saved & { overloads: { engineerId: string; days: string[]; peak: number }[] };
    expect(answer.overloads).toEqual([{ engineerId, days, peak: 110 }]);
    expect([answer.startDate, answer.endDate]).toEqual([at(monday(3)), at(friday(3))]);
    expect(errors).toEqual([]);
  });
});
