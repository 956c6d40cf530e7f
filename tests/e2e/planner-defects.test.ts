/**
 * Defects a planner's review found (issue 29), each seen on screen in Chromium on the demo, each
 * checked where it showed:
 * - an open role's Fill dialog gives the dates it was saved with (it showed the day before its end);
 * - a screen opened from the sidebar opens at the top (it opened as far down as the last screen was);
 * - an engineer's work on a tentative project says so (it looked as certain as the rest);
 * - a CSV file with CR LF and LF line ends and a column the list does not have previews line by line,
 *   warns about the column and imports; an update says what it changes from and to.
 *
 * Screenshots of each go to screenshots/e2e/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { MANAGER, navigate, newContext, normalize, rangeUs, SCREENSHOT_DIR, screenshotBoth, shortUs, signIn } from '../support/screens.ts';

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  await signIn(page, server.baseUrl, MANAGER.email);
});
afterAll(() => closePageSession(session));

/** A GET of the API as the signed-in user of `on` (the token the app keeps). */
const apiGet = <T,>(on: Page, path: string) =>
  on.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
    const response = await fetch(url, { headers: { Authorization: token } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

type ApiPlaceholder = { _id: string; role: string; allocationPercentage: number; startDate: string; endDate: string };

describe('the Fill dialog of an open role', () => {
  it('shows the dates the role was saved with, its end date as saved, not the day before', async () => {
    const [open] = await apiGet<ApiPlaceholder[]>(page, '/api/placeholders');
    expect(open).toBeDefined();
    await navigate(page, 'Schedule', '/capacity');
    const row = page.locator(`[data-testid=placeholder-row][data-role="${open!.role}"]`);
    await row.getByTestId('placeholder-fill').click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Fill ${open!.role}`) });
    await dialog.getByTestId('suitable-engineer').first().waitFor();
    const shown = normalize(await dialog.innerText());
    const dayBefore = shortUs(new Date(Date.parse(open!.endDate) - 86_400_000));
    expect(shown).toContain(`${open!.allocationPercentage}% · ${rangeUs(new Date(open!.startDate), new Date(open!.endDate))}`);
    expect(shown).not.toContain(dayBefore);
    await screenshotBoth(page, 'defects-fill-dates', { overlay: dialog });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('a screen opened from the sidebar', () => {
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  const toBottom = async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(scrollY).toBeGreaterThan(200);
    return scrollY();
  };
  const engineersShown = () => page.getByTestId('engineers-directory').getByText('Tom Becker').first().waitFor();
  const assignmentsShown = () => page.getByTestId('all-assignments').getByText('Tom Becker').first().waitFor();

  it('opens at the top, however far down the last screen was; Back puts that screen where it was', async () => {
    // Both screens' code is loaded once, as a planner going back and forth has it: the next screen then
    // replaces the last one in the same frame, and used to keep its scroll.
    await navigate(page, 'Assignments', '/assignments');
    await assignmentsShown();
    await navigate(page, 'Engineers', '/engineers');
    await engineersShown();
    const engineersAt = await toBottom();

    await navigate(page, 'Assignments', '/assignments');
    await assignmentsShown();
    const assignmentsOpenedAt = await scrollY();
    const assignmentsAt = await toBottom();
    await navigate(page, 'Engineers', '/engineers');
    await engineersShown();
    expect({ assignmentsOpenedAt, engineersOpenedAt: await scrollY() }).toEqual({ assignmentsOpenedAt: 0, engineersOpenedAt: 0 });
    // What the planner sees on arriving: the viewport, not the whole page from its top.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'defects-sidebar-scroll-desktop.png') });

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/assignments');
    await expect.poll(scrollY, { timeout: 5_000 }).toBe(assignmentsAt);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/engineers');
    await expect.poll(scrollY, { timeout: 5_000 }).toBe(engineersAt);
    await page.evaluate(() => window.scrollTo(0, 0));
  });
});

describe("an engineer's tentative work", () => {
  it('carries a Tentative label where the engineer sees it, and their load says what its stripes are', async () => {
    // Tom Becker: Mobile App v2 (tentative, not won) from day 14 at 30 %; Customer Portal Redesign now.
    const context = await newContext(session!.browser);
    try {
      const tom = await context.newPage();
      await signIn(tom, server.baseUrl, 'tom.becker@demo.test');
      const upcoming = tom.getByTestId('upcoming-projects').locator('tbody tr', { hasText: 'Mobile App v2' });
      await upcoming.getByTestId('tentative-tag').waitFor();
      expect(normalize(await upcoming.innerText())).toContain('Mobile App v2 Tentative');
      const current = tom.getByTestId('current-projects').locator('tbody tr', { hasText: 'Customer Portal Redesign' });
      await current.waitFor();
      expect(await current.getByTestId('tentative-tag').count()).toBe(0);
      await tom.getByTestId('my-load-tentative').waitFor();
      await screenshotBoth(tom, 'defects-engineer-tentative');
    } finally {
      await context.close();
    }
  });
});

describe('a CSV import', () => {
  it('reads CR LF and LF lines alike, leaves an unknown column out with a warning, and says what an update changes from and to', async () => {
    // Edited on two systems: CR LF, then LF. 'Notes' is no engineers column. Mei Chen has 50 % now.
    const file = [
      'name,email,department,seniority,maxCapacity,skills,Notes\r\n',
      'Mei Chen,mei.chen@demo.test,Data,senior,60,Python; Spark; PostgreSQL; dbt; Airflow,back from leave\r\n',
      'Rafa Lima,rafa.lima@import.test,Data,mid,80,Python,\n',
      'Noa Levi,noa.levi@import.test,Platform,junior,100,Go,\n',
    ].join('');
    await navigate(page, 'Import / Export', '/import-export');
    await page.getByTestId('import-card').locator('input[type=file]').setInputFiles({ name: 'engineers.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    const summary = page.getByTestId('import-summary');
    await expect.poll(async () => normalize(await summary.innerText().catch(() => '')), { timeout: 15_000 }).toBe('2 to create 1 to update 0 unchanged 0 with errors');
    expect(normalize(await page.getByTestId('import-warnings').innerText())).toContain("Unknown column 'Notes': it is ignored");
    const update = page.getByTestId('import-preview').locator('tbody tr.ant-table-row', { hasText: 'mei.chen@demo.test' });
    expect(normalize(await update.getByTestId('import-diff').innerText())).toBe('maxCapacity: 50 → 60');
    await screenshotBoth(page, 'defects-csv-preview');
    expect(await page.getByTestId('import-run').isDisabled()).toBe(false);
    await page.getByTestId('import-run').click();
    const result = page.getByTestId('import-result');
    await result.waitFor({ timeout: 30_000 });
    expect(normalize(await result.innerText())).toContain('Imported: 2 created, 1 updated, 0 unchanged');
  });
});

describe('the page', () => {
  it('threw nothing', () => {
    expect(pageErrors).toEqual([]);
  });
});
