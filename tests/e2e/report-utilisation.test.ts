/**
 * The Report's utilisation over a range, in Chromium on the real server with the demo: last quarter
 * picked from a preset that says its dates, by team; the table says the server's figures; drill into a
 * team and on to a person on the schedule over that range; the CSV downloaded is the server's CSV.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UtilisationReport } from '../../domain/reports/utilisation.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { ENGINEER, MANAGER, navigate, normalize, signIn, tableRows } from '../support/screens.ts';

let session: PageSession | undefined;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await openPageSession();
  ({ page, pageErrors } = session);
  await signIn(page, session.server.baseUrl, MANAGER.email);
});
afterAll(() => closePageSession(session));

/** A GET of the API as the signed-in user, as text. */
const apiText = (path: string) =>
  page.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
    return (await fetch(url, { headers: { Authorization: token } })).text();
  }, path);

/** The first day of the quarter before the one `today` is in, and its last day. */
function lastQuarter(today: Date): { from: string; to: string } {
  const firstMonth = Math.floor(today.getMonth() / 3) * 3;
  const start = new Date(today.getFullYear(), firstMonth - 3, 1);
  const end = new Date(today.getFullYear(), firstMonth, 0);
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: day(start), to: day(end) };
}

const days = (value: number) => `${(Math.round(value * 10) / 10).toLocaleString('en-US')} d`;

describe('the Report: utilisation over a range', () => {
  it('last quarter by team, drill into a team and on to a person on the schedule, and the CSV', async () => {
    await navigate(page, 'Report', '/report');
    const section = page.getByTestId('utilisation-report');
    await section.getByTestId('report-groups-table').locator('tbody tr.ant-table-row').first().waitFor();

    // The preset says its dates; picking it puts the range in the URL.
    const { from, to } = lastQuarter(new Date(await page.evaluate(() => Date.now())));
    await section.getByTestId('report-preset').click();
    const option = page.locator('.ant-select-item-option', { hasText: /^Last quarter: / });
    expect(normalize(await option.innerText())).toMatch(/^Last quarter: \w{3} 01 - \w{3} \d{2}$/);
    await option.click();
    await page.waitForURL((url) => url.searchParams.get('from') === from && url.searchParams.get('to') === to && url.searchParams.get('groupBy') === 'team');

    // Every team's row says the server's figures over the quarter.
    const answer = JSON.parse(await apiText(`/api/reports/utilisation?from=${from}&to=${to}&step=week&groupBy=team`)) as UtilisationReport;
    const teams = answer.groups.filter((g) => g.people > 0);
    expect(teams.length).toBeGreaterThan(1);
    const table = section.getByTestId('report-groups-table');
    await expect.poll(async () => (await tableRows(table)).map((r) => r[0])).toEqual(answer.groups.map((g) => g.label));
    const rows = await tableRows(table);
    for (const team of teams) {
      const capacity = team.periods.reduce((sum, p) => sum + p.capacity, 0);
      const booked = team.periods.reduce((sum, p) => sum + p.booked, 0);
      const row = rows.find((r) => r[0] === team.label)!;
      expect(row.slice(1, 3)).toEqual([String(team.people), days(capacity)]);
      expect(row[4]).toBe(days(booked));
    }
    const totals = normalize(await section.getByTestId('report-groups-table-totals').innerText());
    expect(totals).toContain(`Total ${answer.totals.people} ${days(answer.totals.periods.reduce((sum, p) => sum + p.capacity, 0))}`);
    // The past quarter carries planned and actual hours; the trend and the teams' chart are drawn.
    expect(rows[0]![10]).toMatch(/ h$/);
    await section.getByTestId('report-trend-chart').locator('canvas').first().waitFor();
    await section.getByTestId('report-groups-chart').locator('canvas').first().waitFor();

    // Drill into Sam's team, then on to Sam on the schedule over the quarter.
    await table.getByTestId('report-drill').filter({ hasText: ENGINEER.department }).click();
    await page.waitForURL((url) => url.searchParams.get('drill') === ENGINEER.department.toLowerCase());
    const drilled = section.getByTestId('report-drilled');
    expect(await drilled.getByTestId('report-drilled-title').innerText()).toBe(`People in ${ENGINEER.department}`);
    const people = drilled.getByTestId('report-people-table');
    const names = (await tableRows(people)).map((r) => r[0]);
    expect(names).toContain(ENGINEER.name);
    expect(names).toHaveLength(teams.find((t) => t.label === ENGINEER.department)!.people);

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toBe(`utilisation-person-${from}-${to}-week.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toBe(await apiText(`/api/reports/utilisation?from=${from}&to=${to}&step=week&groupBy=person&team=${encodeURIComponent(ENGINEER.department)}&format=csv`));
    expect(csv.split('\r\n')[0]).toBe('group,groupKey,people,period,start,end,workingDays,capacity,booked,tentative,demand,bench,overloadedPersonDays,plannedHours,actualHours');

    await people.getByRole('link', { name: ENGINEER.name }).click();
    await page.waitForURL((url) => url.pathname === '/capacity' && url.searchParams.get('q') === ENGINEER.name);
    await page.locator(`[data-testid=schedule-row][data-engineer="${ENGINEER.name}"]`).waitFor();
    expect(await page.getByTestId('schedule-row').count()).toBe(1);

    // Back: the drilled team as it was, from the URL.
    await page.goBack();
    await page.getByTestId('report-drilled').getByTestId('report-people-table').locator('tbody tr.ant-table-row').first().waitFor();
    expect(pageErrors).toEqual([]);
  });
});
