/**
 * Resolving overloads from the schedule, in Chromium on the real server with the demo: a manager asks
 * for a proposal for the window on screen (the dialog opens with it), and the schedule then shows the
 * scenario (its lens) with the proposal's changes and reasons beside it; its overloads there are fewer.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { dialogOpened, MANAGER, signIn } from '../support/screens.ts';

const POLL = { timeout: 20_000 };

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  await signIn(page, server.baseUrl, MANAGER.email);
});
afterAll(async () => {
  await closePageSession(session);
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The names on the schedule with an overloaded cell. */
const markedOnSchedule = (on: Page) =>
  on.locator('[data-testid=schedule-row]').evaluateAll((rows) =>
    rows.filter((row) => row.querySelector('[data-status=overloaded]')).map((row) => row.getAttribute('data-engineer')).sort());

describe('Resolve overloads on the schedule', () => {
  it('asks for the window on screen and shows the proposal on the schedule, its changes beside it', async () => {
    await page.goto(`${server.baseUrl}/capacity?from=${day(0)}&step=week&includeTentative=true`);
    await expect.poll(() => markedOnSchedule(page).then((names) => names.length), POLL).toBeGreaterThan(0);
    const before = await markedOnSchedule(page);

    await page.getByTestId('schedule-resolve-overloads').click();
    const dialog = page.getByTestId('resolve-dialog');
    await dialogOpened(page.getByRole('dialog', { name: 'Resolve overloads' }));
    await dialog.getByTestId('resolve-reduce').click();
    await dialog.getByRole('spinbutton', { name: 'Lowest allocation' }).fill('10');
    await dialog.getByTestId('resolve-submit').click();
    await page.getByTestId('resolve-result').waitFor({ timeout: 60_000 });
    const count = Number(await page.getByTestId('resolve-change-count').innerText());
    expect(count).toBeGreaterThan(0);
    await page.getByTestId('resolve-open').click();

    // Still the schedule, now showing the proposal's scenario: its name says the window it was asked for, from today.
    expect(new URL(page.url()).pathname).toBe('/capacity');
    await expect.poll(() => page.getByTestId('scenario-lens-title').innerText(), POLL).toMatch(new RegExp(`^Scenario: Resolve overloads ${day(0)} to \\d{4}-\\d\\d-\\d\\d$`));
    const panel = page.getByTestId('proposal-panel');
    await expect.poll(() => panel.getByTestId('proposal-change').count(), POLL).toBeGreaterThan(0);
    // One item per move (a move of work that started is two changes), each with its reason.
    const items = await panel.getByTestId('proposal-change').allInnerTexts();
    expect(items.length).toBeLessThanOrEqual(count);
    for (const item of items) expect(item, item).toMatch(/ is at [\d.]+ % in W\d\d(-W\d\d)?; /);
    // The schedule in the lens: fewer people overloaded than on the live plan.
    await expect.poll(() => markedOnSchedule(page).then((names) => names.length), POLL).toBeLessThan(before.length);
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
