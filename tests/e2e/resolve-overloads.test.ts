/**
 * Resolving overloads end to end, in Chromium on the real server with the demo: a manager asks for a
 * proposal over the next twelve weeks (shifts, reassignments, confirmed work included), sees each
 * change with its reason, rejects one, and publishes; the schedule then shows no overload except the
 * rejected one's person, and a second manager's schedule follows without a reload.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { dialogOpened, MANAGER, newContext, signIn } from '../support/screens.ts';

const POLL = { timeout: 20_000 };

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let other: Page;
let pageErrors: string[];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  await signIn(page, server.baseUrl, MANAGER.email);
  const context = await newContext(session.browser);
  contexts.push(context);
  other = await context.newPage();
  other.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(other, server.baseUrl, 'manager2@demo.test');
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await closePageSession(session);
});

const apiGet = <T,>(on: Page, path: string) =>
  on.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
    const response = await fetch(url, { headers: { Authorization: token } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const window = { from: day(0), to: day(84) };

/** Each overloaded person's name and days over capacity in the window, as GET /api/capacity counts them (pipeline work included, as the proposal counts it). */
async function overloaded(on: Page): Promise<Map<string, number>> {
  const grid = await apiGet<{ rows: { engineer: { name: string }; periods: { overloadedDays: number }[] }[] }>(
    on, `/api/capacity?from=${window.from}&to=${window.to}&step=week&includeTentative=true`);
  return new Map(grid.rows.map((r) => [r.engineer.name, r.periods.reduce((n, p) => n + p.overloadedDays, 0)] as const).filter(([, n]) => n > 0));
}
/** The names on the schedule with an overloaded cell. */
const markedOnSchedule = (on: Page) =>
  on.locator('[data-testid=schedule-row]').evaluateAll((rows) =>
    rows.filter((row) => row.querySelector('[data-status=overloaded]')).map((row) => row.getAttribute('data-engineer')).sort());

describe('Resolve overloads', () => {
  let before: Map<string, number>;
  let rejectedName = '';
  let leftNames: string[] = [];

  it('the demo has overloads, and the second manager sees them on the schedule', async () => {
    before = await overloaded(page);
    expect(before.size).toBeGreaterThan(0);
    await other.goto(`${server.baseUrl}/capacity?from=${window.from}&step=week&includeTentative=true`);
    await expect.poll(() => markedOnSchedule(other), POLL).toEqual(expect.arrayContaining([...before.keys()].slice(0, 1)));
  });

  it('proposes changes with their reasons as a draft scenario', async () => {
    await page.goto(`${server.baseUrl}/scenarios`);
    await page.getByTestId('scenario-list').waitFor();
    await page.getByTestId('resolve-overloads').click({ timeout: 60_000 });
    const dialog = page.getByTestId('resolve-dialog');
    await dialogOpened(page.getByRole('dialog', { name: 'Resolve overloads' }));
    // Lowering allocations too: most of the demo's overloads are work that started (its dates stay) needing skills no one free has.
    await dialog.getByTestId('resolve-reduce').click();
    await dialog.getByRole('spinbutton', { name: 'Lowest allocation' }).fill('10');
    await dialog.getByTestId('resolve-submit').click();
    await page.getByTestId('resolve-result').waitFor({ timeout: 60_000 });
    const count = Number(await page.getByTestId('resolve-change-count').innerText());
    // Whatever it leaves is named with its blocker.
    leftNames = (await page.getByTestId('resolve-left-item').allInnerTexts()).map((text) => text.split(':')[0]!);
    // With lowering allowed, the demo's overloads all clear: nothing is left.
    expect(leftNames).toEqual([]);
    expect(count).toBeGreaterThan(1);
    await page.getByTestId('resolve-open').click();
    await page.waitForURL(/\/scenarios\/[^/]+$/);
    await expect.poll(() => page.getByTestId('scenario-change').count(), POLL).toBe(count);
    const reasons = await page.getByTestId('scenario-change').locator('[data-role=reason]').allInnerTexts();
    expect(reasons).toHaveLength(count);
    // "Why: Jordan Lee is at 130 % in W50-W51; Lucas Silva is free then and has React": an overloaded person of the demo, named.
    for (const reason of reasons) {
      const name = /^Why: (.+?) is at [\d.]+ % in W\d\d(-W\d\d)?; /.exec(reason)?.[1];
      expect(before.has(name ?? ''), reason).toBe(true);
    }
  });

  it('rejects one change, publishes, and the schedule shows only the rejected overload; the second manager follows live', async () => {
    const first = page.getByTestId('scenario-change').first();
    rejectedName = /^Why: (.+?) is at /.exec(await first.locator('[data-role=reason]').innerText())![1]!;
    const count = await page.getByTestId('scenario-change').count();
    await first.getByTestId('undo-change').click();
    await expect.poll(() => page.getByTestId('scenario-change').count(), POLL).toBeLessThan(count);
    // The rejected person's changes are all gone unless they had another move.
    await page.getByTestId('publish').click();
    await page.getByTestId('publish-confirm-button').click();
    await expect.poll(() => page.getByTestId('scenario-banner').getAttribute('data-status'), POLL).toBe('published');

    const after = await overloaded(page);
    // Nobody new is overloaded, nobody is more overloaded, and only the rejected change's person may be left.
    for (const [name, days] of after) expect(days, name).toBeLessThanOrEqual(before.get(name) ?? 0);
    expect([...after.keys()].filter((name) => name !== rejectedName && !leftNames.includes(name))).toEqual([]);
    expect(after.get(rejectedName)).toBeGreaterThan(0);
    await expect.poll(() => markedOnSchedule(other), POLL).toEqual([...after.keys()].sort());
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
