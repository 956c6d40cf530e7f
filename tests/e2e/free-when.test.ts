/**
 * "Free when" and the capacity facts end to end, in Chromium on the real server with the demo:
 * the new-assignment form ranks by the dates typed and flags people already on the project; the
 * Engineers screen's "free at least 50 % over the next two weeks" equals the API's answer and its
 * counters agree with their lists; a manager books time off for someone (a second manager's screen
 * follows at once), marks a project tentative and adds a placeholder; the engineer books and cancels
 * their own time off on their dashboard; the Report's forecast shows and its CSV downloads.
 *
 * Demo arithmetic (server/seed/demo.ts), from today to day 20: Customer Portal Redesign needs React,
 * TypeScript and CSS. Jordan (React, CSS) is on it at 30 % (70 % free), Sam (React, TypeScript) at
 * 60 % (40 % free), Lucas (TypeScript) is free. From day 30 the AI assistant takes 40 % of Sam and
 * 50 % of Lucas, so over the project's remaining span (to day 60) Sam has nothing free and Lucas 50 %.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { demoDay, dialogOpened, ENGINEER, isoDay, MANAGER, monthDayUs, navigate, newContext, normalize, rangeUs, shortUs, signIn } from '../support/screens.ts';

const LIVE_TIMEOUT = 15_000;
const POLL = { timeout: 10_000 };

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];
const contexts: BrowserContext[] = [];

async function pageFor(email: string): Promise<Page> {
  const context = await newContext(session!.browser);
  contexts.push(context);
  const other = await context.newPage();
  other.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(other, server.baseUrl, email);
  return other;
}

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  await signIn(page, server.baseUrl, MANAGER.email);
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await closePageSession(session);
});

/** Days from today to the Monday of next week. */
const toNextMonday = () => ((8 - demoDay(0).getUTCDay()) % 7) || 7;

/** Types a range into an antd RangePicker (its two inputs carry the test id). */
async function pickRange(scope: Page | ReturnType<Page['getByRole']>, testId: string, from: Date, to: Date) {
  const inputs = scope.getByTestId(testId);
  await inputs.first().click();
  await inputs.first().fill(shortUs(from));
  await inputs.first().press('Enter');
  await inputs.nth(1).fill(shortUs(to));
  await inputs.nth(1).press('Enter');
}

/** A GET of the API as the signed-in user of `on` (the token the app keeps). */
const apiGet = <T,>(on: Page, path: string) =>
  on.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
    const response = await fetch(url, { headers: { Authorization: token } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

const suitableNames = (form: ReturnType<Page['getByRole']>) =>
  form.getByTestId('suitable-engineer').evaluateAll((items) => items.map((item) => item.getAttribute('data-name')));

describe('free when, and the capacity facts in the UI', () => {
  it('the assignment form ranks everyone by fit for the allocation, then the project\'s skills, then free capacity on average over the dates typed, and flags people already on the project', async () => {
    await navigate(page, 'Assignments', '/assignments');
    await page.getByTestId('new-assignment').click();
    const form = page.getByRole('dialog', { name: /New assignment/ });
    await dialogOpened(form);
    await form.getByTestId('assignment-project').click();
    await page.locator('.ant-select-item-option', { hasText: 'Customer Portal Redesign' }).click();
    await form.getByTestId('suitable-engineers').waitFor();
    // From today (the project started already) to its end.
    expect(await form.getByTestId('assignment-start').inputValue()).toBe(shortUs(demoDay(0)));
    // Ranked by fit for the form's 50 %: Lucas (free until the assistant project takes half of him) and
    // Jordan (70 % free every day) fit, and so does Elena; Sam, 40 % free, has no room for 50 %.
    await expect.poll(() => suitableNames(form).then((names) => names.slice(0, 3)), POLL).toEqual(['Lucas Silva', 'Jordan Lee', 'Elena Rossi']);
    expect(normalize(await form.locator('[data-name="Sam Rivera"]').innerText())).toContain('no room');
    const flagged = await form.locator('[data-on-project=true]').evaluateAll((items) => items.map((item) => item.getAttribute('data-name')));
    // Everyone on it, those without its skills too (Tom's mobile web support, Aisha's platform support next month).
    expect([...flagged].sort()).toEqual(['Aisha Khan', 'Jordan Lee', 'Sam Rivera', 'Tom Becker']);
    expect(normalize(await form.locator('[data-name="Jordan Lee"]').innerText())).toContain('On this project');

    // Three weeks only: before the assistant project starts, Lucas is all free and Sam 40 %.
    const end = form.getByTestId('assignment-end');
    await end.click();
    await end.fill(shortUs(demoDay(21)));
    await end.press('Enter');
    // The same order as over the project's dates, so wait for the list ranked for the new ones: through the
    // end date typed, its last day worked.
    await expect.poll(async () => normalize(await form.getByTestId('suitable-ranked-for').innerText()), POLL).toContain(`to ${shortUs(demoDay(21))}`);
    await expect.poll(() => suitableNames(form).then((names) => names[0]), POLL).toBe('Lucas Silva');
    expect(normalize(await form.locator('[data-name="Sam Rivera"]').innerText())).toContain('40% free');
    expect(normalize(await form.locator('[data-name="Sam Rivera"]').innerText())).toContain('no room');

    // The chosen person's weeks before saving: nothing booked, so just this assignment's 50 %.
    await form.locator('[data-name="Lucas Silva"]').click();
    const cells = form.getByTestId('weekly-load-cells').getByTestId('week-cell');
    await cells.first().waitFor();
    const loads = (await cells.allInnerTexts()).map((text) => normalize(text).split(' ').at(-1));
    expect(loads.length).toBeGreaterThanOrEqual(3);
    for (const load of loads) expect(['50%', 'Off']).toContain(load);

    // A search finds anyone; the best 20 show without one.
    await form.getByTestId('suitable-search').fill('jor');
    await expect.poll(() => suitableNames(form), POLL).toEqual(['Jordan Lee', 'Lucas Silva']); // Lucas stays: he is picked
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('Engineers: "free at least 50 % over the next two weeks" equals the API\'s answer, and the counters agree with their lists', async () => {
    await navigate(page, 'Engineers', '/engineers');
    const free = page.getByTestId('free-over-range');
    await free.getByTestId('free-count').waitFor();
    const from = isoDay(demoDay(0));
    const to = isoDay(demoDay(13));
    // Those with the room on every working day are the list; those short on some days are named below it.
    const api = (await apiGet<{ name: string; fit: { kind: string } }[]>(page, `/api/engineers/available?from=${from}&to=${to}&minFree=50`)).filter((e) => e.fit.kind === 'fits');
    expect(api.length).toBeGreaterThan(0);
    if (api.length > 6) await free.getByTestId('show-all').click();
    const shown = await free.getByTestId('person-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')));
    expect(shown).toEqual(api.map((e) => e.name));
    expect(normalize(await free.getByTestId('free-count').innerText())).toMatch(new RegExp(`^${api.length} engineers? (is|are) at least 50% free`));

    // "Available Now N" lists N once every one is shown.
    const counter = Number(await page.getByTestId('counter-available-now').locator('[data-role=value]').innerText());
    const immediate = page.getByTestId('available-immediately');
    if (counter > 3) await immediate.getByTestId('show-all').click();
    expect(await immediate.getByTestId('person-row').count()).toBe(counter);
  });

  it('a manager books time off for someone from their row; a second manager\'s screen follows at once', async () => {
    const second = await pageFor('manager2@demo.test');
    await navigate(second, 'Engineers', '/engineers');
    const secondFree = second.getByTestId('free-list');
    await secondFree.getByText('Lucas Silva').waitFor();
    // The second manager is choosing other dates (next week) when the booking arrives.
    const monday = demoDay(toNextMonday());
    const friday = demoDay(toNextMonday() + 4);
    const secondDays = second.getByTestId('free-dates');
    await secondDays.first().click();
    await secondDays.first().fill(shortUs(monday));
    await secondDays.first().press('Enter');

    // Three days off next week leave Lucas 40 % of a day free that week: below 50 %.
    await page.locator('[data-testid=engineer-time-off][data-engineer="Lucas Silva"]').click();
    const dialog = page.getByRole('dialog', { name: /Book time off for Lucas Silva/ });
    await pickRange(dialog, 'time-off-dates', monday, demoDay(toNextMonday() + 2));
    await dialog.getByLabel('Note').fill('Conference');
    await dialog.getByTestId('time-off-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Time off booked').waitFor();

    await secondFree.getByText('Lucas Silva').waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    await page.getByTestId('free-list').getByText('Lucas Silva').waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    // The day the second manager chose first went through that render (the picker used to drop it),
    // and the range they finish choosing is the one asked for: next Monday to Friday, as the API says.
    expect(await secondDays.first().inputValue()).toBe(shortUs(monday));
    await secondDays.nth(1).fill(shortUs(friday));
    await secondDays.nth(1).press('Enter');
    const freeCount = second.getByTestId('free-count');
    await expect.poll(async () => normalize(await freeCount.innerText()), POLL).toContain(`from ${monthDayUs(monday)} to ${shortUs(friday)}`);
    const nextWeek = (await apiGet<{ name: string; fit: { kind: string } }[]>(second, `/api/engineers/available?from=${isoDay(monday)}&to=${isoDay(friday)}&minFree=50`)).filter((e) => e.fit.kind === 'fits');
    expect(nextWeek.map((e) => e.name)).not.toContain('Lucas Silva');
    if (nextWeek.length > 6) await second.getByTestId('free-over-range').getByTestId('show-all').click();
    await expect.poll(() => secondFree.getByTestId('person-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name'))), POLL).toEqual(nextWeek.map((e) => e.name));
    // It is listed under the form the next time.
    await page.locator('[data-testid=engineer-time-off][data-engineer="Lucas Silva"]').click();
    const again = page.getByRole('dialog', { name: /Book time off for Lucas Silva/ });
    expect(normalize(await again.getByTestId('time-off-list').innerText())).toContain(`${rangeUs(monday, demoDay(toNextMonday() + 2))} · 3 days`);
    await again.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await second.close();
  });

  it('marks a project tentative: the Tentative tag shows on its row', async () => {
    await navigate(page, 'Projects', '/projects');
    const row = page.locator('[data-testid=project-actions][data-project="Data Warehouse Modernisation"]');
    await row.getByTestId('project-more').click();
    await page.getByRole('menuitem', { name: 'Mark tentative (not won yet)' }).filter({ visible: true }).click();
    await page.getByText('Project marked tentative').waitFor();
    const nameCell = page.getByTestId('projects-directory').locator('tr', { hasText: 'Data Warehouse Modernisation' });
    await nameCell.getByTestId('tentative-tag').waitFor();
    // The status column still says what it said: tentative is beside the status, not one of them.
    expect(await nameCell.locator('[data-status]').first().getAttribute('data-status')).toBe('active');
  });

  it('adds a placeholder to a project: its open roles go from 1 to 2', async () => {
    const row = page.getByTestId('projects-directory').locator('tr', { hasText: 'Payments Platform Migration' });
    expect(normalize(await row.getByTestId('open-roles').innerText())).toBe('1 open role');
    await row.getByTestId('project-more').click();
    await page.getByRole('menuitem', { name: 'Open roles (1)' }).filter({ visible: true }).click();
    const list = page.getByRole('dialog', { name: /Open roles on Payments Platform Migration/ });
    await list.getByTestId('add-placeholder').click();
    const form = page.getByRole('dialog', { name: /Add placeholder/ });
    await form.getByTestId('placeholder-submit').click();
    await form.getByText('Role is required').waitFor();
    await form.getByLabel('Role', { exact: true }).fill('Backend Engineer');
    await form.getByLabel('Allocation').fill('40');
    await form.getByTestId('placeholder-submit').click();
    await form.waitFor({ state: 'hidden' });
    await page.getByText('Placeholder added').waitFor();
    await expect.poll(() => list.getByTestId('placeholder-item').count(), POLL).toBe(2);
    await list.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => normalize(await row.getByTestId('open-roles').innerText()), POLL).toBe('2 open roles');
  });

  it('the engineer books their own time off on their dashboard, sees the week turn off, and cancels it', async () => {
    const engineer = await pageFor(ENGINEER.email);
    const cells = engineer.getByTestId('my-load-cells');
    await cells.getByTestId('week-cell').first().waitFor();
    // A whole working week, two weeks after next: that week has no capacity left.
    const monday = demoDay(toNextMonday() + 14);
    const cell = cells.locator('[data-testid=week-cell]', { hasText: monthDayUs(monday) });
    expect(await cell.getAttribute('data-status')).not.toBe('off');

    await engineer.getByTestId('book-time-off').click();
    const dialog = engineer.getByRole('dialog', { name: /Book time off for Sam Rivera/ });
    await pickRange(dialog, 'time-off-dates', monday, demoDay(toNextMonday() + 18));
    await dialog.getByTestId('time-off-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const mine = engineer.getByTestId('my-time-off');
    await mine.getByText(`${rangeUs(monday, demoDay(toNextMonday() + 18))} · 5 days`).waitFor();
    await expect.poll(() => cell.getAttribute('data-status'), POLL).toBe('off');
    expect(normalize(await cell.innerText())).toContain('Off');

    await mine.getByRole('button', { name: 'Cancel time off' }).click();
    await engineer.getByRole('tooltip').getByRole('button', { name: 'Cancel time off' }).click();
    await mine.getByText('No time off booked').waitFor();
    await expect.poll(() => cell.getAttribute('data-status'), POLL).not.toBe('off');
    await engineer.close();
  });

  it('the Report forecasts the next 12 weeks, lists who is overloaded when, and downloads the grid as CSV', async () => {
    await navigate(page, 'Report', '/report');
    const forecast = page.getByTestId('forecast');
    await forecast.getByTestId('forecast-summary').waitFor();
    await forecast.locator('canvas').first().waitFor();
    // Aisha is fine today and at 130 % from the first of next month.
    const overloaded = page.getByTestId('overloaded-soon');
    expect(normalize(await overloaded.innerText())).toContain('Overloaded in the next 12 weeks');
    await overloaded.locator('[data-name="Aisha Khan"]').getByText('130%').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), forecast.getByTestId('forecast-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^forecast-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    const header = lines[0]!.split(',');
    expect(header.slice(0, 4)).toEqual(['Engineer', 'Email', 'Department', 'Max capacity %']);
    expect(header).toHaveLength(4 + 12);
    const engineers = lines.slice(1).filter((line) => line.includes('@demo.test'));
    expect(engineers).toHaveLength(8);
    for (const line of engineers) expect(line.split(',')).toHaveLength(4 + 12);
    expect(lines.slice(-4).map((line) => line.split(',')[0])).toEqual(['Capacity (FTE)', 'Confirmed (FTE)', 'Tentative (FTE)', 'Placeholders (FTE)']);
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
