/**
 * Actuals end to end in Chromium on the demo (Sam Rivera is on Customer Portal Redesign at 60 %, so
 * last week's plan is 24 hours there): Sam confirms last week as planned in one click, changes it and
 * adds unplanned work; a manager locks the week and Sam can no longer change it; the Report's variance
 * lists the projects; a Harvest-style export of 500 rows previews with its bad row named by line, then imports.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekBefore, weekDates } from '../../domain/actuals/weeks.ts';
import { httpApi } from '../support/api-client.ts';
import { decodeJwt } from '../support/api-helpers.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { demoEngineers, DESKTOP, navigate, normalize, settle, signIn } from '../support/screens.ts';

let server: E2EServer;
let browser: Browser;
let api: ReturnType<typeof httpApi>;
let managerToken: string;
let samToken: string;
let samId: string;
const contexts: BrowserContext[] = [];
const today = new Date().toISOString().slice(0, 10);
const LAST_WEEK = weekBefore(today);
const WEEK_BEFORE = weekBefore(weekDates(LAST_WEEK).from);

type Week = { entries: { projectId: string; hours: number }[]; locked: boolean; version: number };

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  api = httpApi(server.baseUrl);
  managerToken = await api.login('manager@demo.test');
  samToken = await api.login('engineer@demo.test');
  samId = decodeJwt(samToken).sub as string;
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.close();
});

async function pageAs(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, server.baseUrl, email);
  return page;
}
/** An hours field of the week's form (antd puts the test id on the input itself or on its wrapper). */
const hoursField = (page: Page, project: string) => page.locator(`input[data-testid="actual-hours-${project}"], [data-testid="actual-hours-${project}"] input`);
const samWeek = async () => (await api.request({ method: 'GET', url: `/api/engineers/${samId}/actuals/${LAST_WEEK}`, token: samToken })).json() as Week;
const projectsByName = async () =>
  new Map(((await api.request({ method: 'GET', url: '/api/projects', token: managerToken })).json() as { _id: string; name: string }[]).map((p) => [p.name, p._id]));

describe('actuals in Chromium', () => {
  let sam: Page;

  it('1. the engineer confirms last week "as planned" in one click', async () => {
    sam = await pageAs('engineer@demo.test');
    const card = sam.getByTestId(`actuals-week-${LAST_WEEK}`);
    await card.waitFor();
    await sam.getByTestId('actuals-reminder').waitFor();
    await sam.getByTestId('actuals-as-planned').click();
    await sam.locator(`[data-testid="actuals-week-${LAST_WEEK}"][data-recorded="true"]`).waitFor();
    expect(await sam.getByTestId('actuals-reminder').count()).toBe(0);
    const projects = await projectsByName();
    expect((await samWeek()).entries).toEqual([{ projectId: projects.get('Customer Portal Redesign'), hours: 24 }]);
  }, 60_000);

  it('2. they change one project\'s hours and add an unplanned one; Enter saves', async () => {
    const hours = hoursField(sam, 'Customer Portal Redesign');
    await hours.fill('20');
    await sam.getByTestId('actuals-add-project').click();
    await sam.locator('.ant-select-item-option', { hasText: 'Payments Platform Migration' }).click();
    const added = hoursField(sam, 'Payments Platform Migration');
    await added.fill('6');
    await sam.getByTestId('actuals-note').fill('Helped with the payments cut-over');
    await sam.getByTestId('actuals-note').press('Enter');
    const projects = await projectsByName();
    await expect.poll(async () => (await samWeek()).entries, { timeout: 10_000 }).toEqual([
      { projectId: projects.get('Customer Portal Redesign'), hours: 20 },
      { projectId: projects.get('Payments Platform Migration'), hours: 6 },
    ]);
  }, 60_000);

  it('3. a manager locks the week from the Report, and the engineer can no longer edit it', async () => {
    const manager = await pageAs('manager@demo.test');
    await navigate(manager, 'Report', '/report');
    const lockWeek = manager.getByTestId('actuals-lock-week');
    await lockWeek.waitFor();
    expect(await lockWeek.inputValue()).toBe(LAST_WEEK);
    await manager.getByTestId('actuals-lock-button').click();
    await manager.getByTestId('actuals-lock-done').waitFor();
    expect((await samWeek()).locked).toBe(true);

    await sam.reload();
    await sam.locator(`[data-testid="actuals-week-${LAST_WEEK}"][data-locked="true"]`).waitFor();
    expect(await hoursField(sam, 'Customer Portal Redesign').isDisabled()).toBe(true);
    expect(await sam.getByTestId('actuals-save').isDisabled()).toBe(true);
    const refused = await api.request({ method: 'PUT', url: `/api/engineers/${samId}/actuals/${LAST_WEEK}`, token: samToken, body: { entries: [] }, headers: { 'if-match': `"${(await samWeek()).version}"` } });
    expect(refused.statusCode).toBe(409);

    // 4. The Report's variance lists the projects of that week.
    const table = manager.getByTestId('actuals-variance-table');
    await table.getByText('Payments Platform Migration').waitFor();
    const text = normalize(await table.innerText());
    expect(text).toContain('Customer Portal Redesign');
  }, 90_000);

  it('5. a Harvest-style CSV of 500 rows previews with one bad row named by its line, then imports', async () => {
    const manager = contexts.at(-1)!.pages()[0]!;
    const monday = new Date(`${weekDates(WEEK_BEFORE).from}T00:00:00Z`);
    const dates = [0, 1, 2, 3, 4].map((d) => new Date(monday.getTime() + d * 86_400_000));
    const us = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
    const projectNames = ['Customer Portal Redesign', 'Payments Platform Migration', 'Data Warehouse Modernisation'];
    const header = 'Date,Client,Project,Task,Notes,Hours,First name,Last name';
    const rows = Array.from({ length: 500 }, (_, i) => {
      const [first, last] = demoEngineers[i % demoEngineers.length]!.name.split(' ');
      const project = i === 250 ? 'Nonexistent Project' : projectNames[i % projectNames.length];
      return `${us(dates[i % 5]!)},Acme,${project},Development,,0.25,${first},${last}`;
    });
    const choose = (text: string) => manager.getByTestId('import-card').locator('input[type=file]').setInputFiles({ name: 'harvest.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await navigate(manager, 'Import / Export', '/import-export');
    await manager.getByTestId('import-kind').getByText('Actuals (time tracker export)', { exact: true }).click();
    await choose([header, ...rows].join('\r\n'));
    await manager.getByTestId('import-summary').waitFor();
    await manager.waitForFunction(() => /1 with errors/.test(document.querySelector('[data-testid=import-summary]')?.textContent ?? ''));
    const firstRow = normalize(await manager.getByTestId('import-preview').locator('tbody tr.ant-table-row').first().innerText());
    expect(firstRow).toContain('252');
    expect(firstRow).toContain('Project not found: Nonexistent Project');
    expect(await manager.getByTestId('import-run').isDisabled()).toBe(true);

    await choose([header, ...rows.filter((_, i) => i !== 250)].join('\r\n'));
    await manager.waitForFunction(() => /0 with errors/.test(document.querySelector('[data-testid=import-summary]')?.textContent ?? ''));
    await manager.getByTestId('import-run').click();
    const result = manager.getByTestId('import-result');
    await result.waitFor({ timeout: 60_000 });
    expect(normalize(await result.innerText())).toContain(`Imported: ${demoEngineers.length} created`);
    const week = (await api.request({ method: 'GET', url: `/api/engineers/${samId}/actuals/${WEEK_BEFORE}`, token: managerToken })).json() as Week;
    expect(week.entries.reduce((s, e) => s + e.hours, 0)).toBeGreaterThan(0);
    await settle(manager, 100);
  }, 120_000);
});
