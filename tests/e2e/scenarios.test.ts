/**
 * Scenarios end to end, in Chromium on the real server with the demo: a manager drafts "win the
 * tentative project, move one assignment, swap one person" in a scenario through the UI, and the
 * comparison shows the weekly utilisation the API computes; a second manager changes one of the same
 * assignments meanwhile, which the open scenario notices live; publishing then shows the conflict with
 * both sentences, "Rebase and review" and a second publish succeed, and the second manager's
 * Assignments screen follows without a reload. An auditor reads the shared scenario, read-only.
 *
 * Demo (server/seed/demo.ts): Mobile App v2 is tentative (Tom 30 % on it from day 14); Jordan Lee is
 * on Customer Portal Redesign at 30 % to day 60; Tom Becker is Mobile Web Support on it at 60 % to
 * day 20; Lucas Silva has nothing before day 30.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi } from '../support/api-client.ts';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { demoDay, dialogOpened, isoDay, MANAGER, navigate, newContext, normalize, screenshotBoth, shortUs, signIn, tableRows } from '../support/screens.ts';

const POLL = { timeout: 15_000 };
const PORTAL = 'Customer Portal Redesign';

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];
let other: Page;
const contexts: BrowserContext[] = [];
let scenarioUrl = '';

async function pageFor(email: string): Promise<Page> {
  const context = await newContext(session!.browser);
  contexts.push(context);
  const opened = await context.newPage();
  opened.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(opened, server.baseUrl, email);
  return opened;
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

/** A GET of the API as the signed-in user of `on` (the token the app keeps). */
const apiGet = <T,>(on: Page, path: string) =>
  on.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
    const response = await fetch(url, { headers: { Authorization: token } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
/**
 * Picks an option of a searchable select by typing it (the list only draws the options in view) and
 * taking the first match with Enter, as a keyboard user does. A mouse click on the option was lost
 * in three full CI runs, the last one after the dialog had finished opening (dialogOpened): the
 * select held only the typed search, its list still open. Enter does not depend on where the list is.
 */
const choose = async (scope: Locator, testId: string, text: string) => {
  await scope.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: text }).waitFor();
  await page.keyboard.press('Enter');
  // Fails here, naming the field, if the choice did not take (not later, at a dialog that will not close).
  await expect.poll(() => scope.getByTestId(testId).innerText(), POLL).toContain(text);
};
const typeDay = async (scope: Locator, testId: string, day: Date) => {
  const input = scope.getByTestId(testId);
  await input.click();
  await input.fill(shortUs(day));
  await input.press('Enter');
};
const sentences = (scope: Locator | Page) => scope.getByTestId('scenario-change').locator('[data-role=sentence]').allInnerTexts();

async function draft(kind: string, fill: (form: Locator) => Promise<void>) {
  const before = await page.getByTestId('scenario-change').count();
  await page.getByTestId(`draft-open-${kind}`).click();
  const form = page.getByTestId('draft-dialog').locator('..').getByRole('dialog');
  await dialogOpened(form);
  await fill(form);
  await form.getByTestId('draft-submit').click();
  // A dialog that stays open says why (a field's message, the server's): the failure quotes it.
  await form.waitFor({ state: 'hidden' }).catch(async (error: unknown) => {
    throw new Error(`the ${kind} draft's dialog stayed open; it reads: ${await form.innerText().catch(() => '(unreadable)')}`, { cause: error });
  });
  await expect.poll(() => page.getByTestId('scenario-change').count(), POLL).toBe(before + 1);
}

/** Monday of this week to the Sunday twelve weeks on: the comparison's default window. */
function defaultWindow() {
  const monday = -((demoDay(0).getUTCDay() + 6) % 7);
  return { from: isoDay(demoDay(monday)), to: isoDay(demoDay(monday + 83)) };
}
type ApiGrid = { rows: { engineer: { name: string }; periods: { utilization: number | null }[] }[] };
type Compare = { periods: { live: { utilization: number | null }; scenario: { utilization: number | null } }[]; statusChanges: { sentence: string }[] };
const shown = (value: number | null) => (value === null ? '—' : `${Math.round(value * 10) / 10}%`);

describe('a manager drafts a scenario', () => {
  it('starts from an empty list, refuses a blank name with the server\'s message, and creates one', async () => {
    await navigate(page, 'Scenarios', '/scenarios');
    await page.getByText('No scenarios yet').waitFor();
    await page.getByTestId('new-scenario').first().click();
    const form = dialog('New scenario');
    await form.getByTestId('new-scenario-name').fill('   ');
    await form.getByTestId('new-scenario-submit').click();
    await form.getByText('Scenario name is required').waitFor();
    await form.getByTestId('new-scenario-name').fill('Win the mobile deal');
    await form.getByTestId('new-scenario-submit').click();
    await page.waitForURL(/\/scenarios\/[^/]+$/);
    scenarioUrl = new URL(page.url()).pathname;
    expect(normalize(await page.getByTestId('scenario-banner-title').innerText())).toBe('Scenario: Win the mobile deal — drafted changes are not live');
    await page.getByText('No drafted changes yet').waitFor();
    expect(await page.getByTestId('sidebar').locator('.ant-menu-item-selected').innerText()).toContain('Scenarios');
  });

  it('drafts: confirm the tentative project, move one assignment, swap one person', async () => {
    await draft('project', async (form) => {
      await choose(form, 'draft-project', 'Mobile App v2 (tentative)');
    });
    await draft('changeAssignment', async (form) => {
      await choose(form, 'draft-assignment', `Jordan Lee on ${PORTAL}`);
      await typeDay(form, 'draft-end', demoDay(80));
      await form.getByTestId('draft-allocation').fill('50');
    });
    await draft('removeAssignment', async (form) => {
      await choose(form, 'draft-assignment', `Tom Becker on ${PORTAL}`);
    });
    await draft('addAssignment', async (form) => {
      await choose(form, 'draft-engineer', 'Lucas Silva');
      await choose(form, 'draft-project', PORTAL);
      await form.getByTestId('draft-role').fill('Mobile Web Support');
      await form.getByTestId('draft-allocation').fill('60');
      await typeDay(form, 'draft-start', demoDay(0));
      await typeDay(form, 'draft-end', demoDay(20));
    });
    const said = await sentences(page);
    expect(said).toHaveLength(4);
    expect(said[0]).toMatch(/^Dana Whitfield confirmed Mobile App v2/);
    expect(said[1]).toMatch(new RegExp(`^Dana Whitfield changed Jordan Lee on ${PORTAL}`));
    expect(said[2]).toMatch(new RegExp(`^Dana Whitfield removed Tom Becker from ${PORTAL}`));
    expect(said[3]).toMatch(new RegExp(`^Dana Whitfield assigned Lucas Silva to ${PORTAL} as Mobile Web Support at 60%`));
    // Nothing of it is live.
    const live = await apiGet<{ engineerId: { name: string }; projectId: { name: string } }[]>(page, '/api/assignments');
    expect(live.some((a) => a.engineerId.name === 'Lucas Silva' && a.projectId.name === PORTAL)).toBe(false);
  });

  it('compares with the live plan week by week: the figures the API computes, and whose status changes', async () => {
    const id = scenarioUrl.split('/').pop()!;
    const { from, to } = defaultWindow();
    const answer = await apiGet<Compare>(page, `/api/scenarios/${id}/compare?from=${from}&to=${to}&step=week`);
    expect(answer.periods).toHaveLength(12);
    expect(answer.periods.some((p) => p.live.utilization !== p.scenario.utilization)).toBe(true);
    const expected = answer.periods.map((p, i) => [`Week ${i + 1}`, shown(p.live.utilization), shown(p.scenario.utilization)]);
    const table = page.getByTestId('compare-table');
    await expect.poll(async () => (await tableRows(table)).map((cells) => [cells[0]!.split(' ').slice(0, 2).join(' '), cells[1], cells[2]]), POLL).toEqual(expected);
    expect(answer.statusChanges.length).toBeGreaterThan(0);
    expect(await page.getByTestId('status-changes').locator('[data-role=status-change]').allInnerTexts()).toEqual(answer.statusChanges.map((c) => c.sentence));
    await screenshotBoth(page, 'scenario-drafted');
  });

  it('shows on every screen: the schedule draws the scenario, its owner\'s planning there is drafted, until Back to live', async () => {
    const id = scenarioUrl.split('/').pop()!;
    const { from, to } = defaultWindow();
    const labels = (grid: ApiGrid) => grid.rows.find((r) => r.engineer.name === 'Lucas Silva')!.periods.map((p) => (p.utilization === null ? 'Off' : `${Math.round(p.utilization)}%`));
    const query = `from=${from}&to=${to}&step=week&q=Lucas`;
    const [drafted, live] = await Promise.all([apiGet<ApiGrid>(page, `/api/scenarios/${id}/capacity?${query}`), apiGet<ApiGrid>(page, `/api/capacity?${query}`)]);
    expect(labels(drafted)).not.toEqual(labels(live));

    await page.getByTestId('show-everywhere').click();
    await page.waitForURL(/\/capacity/);
    expect(normalize(await page.getByTestId('scenario-lens-title').innerText())).toBe('Scenario: Win the mobile deal');
    const lucas = page.locator('[data-testid=schedule-row][data-engineer="Lucas Silva"] .schedule-cells [role=gridcell]');
    const shownLabels = () => lucas.evaluateAll((cells) => cells.map((c) => c.textContent));
    await expect.poll(shownLabels, POLL).toEqual(labels(drafted));
    await screenshotBoth(page, 'scenario-lens-schedule');
    // Its owner plans here as usual, and the write is drafted: a week off for Lucas greys his cell in
    // the scenario, while the live plan has no such booking.
    const id2 = id;
    await page.locator('[data-testid=schedule-name][data-engineer="Lucas Silva"]').getByTestId('schedule-toggle').click();
    await page.locator('[data-testid=schedule-row][data-engineer="Lucas Silva"]').getByTestId('schedule-details').waitFor();
    await page.locator('[data-testid=schedule-name][data-engineer="Lucas Silva"]').getByTestId('book-time-off').click();
    const form = page.getByRole('dialog', { name: /Book time off/ });
    await form.waitFor();
    const weekStart = new Date(`${from}T00:00:00Z`);
    const long = (d: Date) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(d);
    const days = form.locator('.ant-picker-range input');
    await days.nth(0).click();
    await days.nth(0).fill(long(new Date(weekStart.getTime() + 14 * 86_400_000)));
    await days.nth(0).press('Enter');
    await days.nth(1).fill(long(new Date(weekStart.getTime() + 18 * 86_400_000)));
    await days.nth(1).press('Enter');
    await form.getByTestId('time-off-submit').click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await shownLabels())[2], POLL).toBe('Off');
    const withTimeOff = await apiGet<{ changes: { changeId: string; sentences: string[] }[] }>(page, `/api/scenarios/${id2}`);
    expect(withTimeOff.changes).toHaveLength(5);
    expect(withTimeOff.changes[4]!.sentences[0]).toMatch(/^Dana Whitfield booked vacation for Lucas Silva from /);
    const liveTimeOff = await apiGet<{ engineerId: string; from: string }[]>(page, `/api/time-off?from=${from}&to=${to}`);
    expect(liveTimeOff.some((t) => t.from === isoDay(new Date(weekStart.getTime() + 14 * 86_400_000)))).toBe(false);
    // Taken back, so the rest of the story has its four changes.
    await page.evaluate(async (url) => {
      const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
      await fetch(url, { method: 'DELETE', headers: { Authorization: token } });
    }, `/api/scenarios/${id2}/changes/${withTimeOff.changes[4]!.changeId}`);

    await page.getByTestId('scenario-lens-back').click();
    await page.getByTestId('scenario-lens-banner').waitFor({ state: 'detached' });
    await expect.poll(shownLabels, POLL).toEqual(labels(live));
    await page.goto(`${server.baseUrl}${scenarioUrl}`);
    await page.getByTestId('scenario-change').first().waitFor();
  });

  it('shares it; an auditor reads it without any control to change it', async () => {
    await page.getByTestId('share-switch').click();
    await expect.poll(() => page.getByTestId('share-switch').getAttribute('aria-checked'), POLL).toBe('true');
    const auditor = await pageFor('auditor@demo.test');
    await navigate(auditor, 'Scenarios', '/scenarios');
    await auditor.getByTestId('scenario-link').filter({ hasText: 'Win the mobile deal' }).click();
    await auditor.getByTestId('scenario-change').first().waitFor();
    expect(await auditor.getByTestId('scenario-screen').getAttribute('data-editable')).toBe('false');
    expect(await sentences(auditor)).toEqual(await sentences(page));
    expect(normalize(await auditor.getByTestId('scenario-banner').innerText())).toContain('Read-only: Dana Whitfield drafts this scenario');
    for (const control of ['undo-change', 'draft-buttons', 'publish', 'rebase', 'share-switch']) expect(await auditor.getByTestId(control).count(), control).toBe(0);
    expect(await auditor.getByTestId('new-scenario').count()).toBe(0);
  });
});

describe('the live plan moves under the scenario', () => {
  it('a second manager changes the same assignment; the open scenario marks the drafted change at once', async () => {
    other = await pageFor('manager2@demo.test');
    await navigate(other, 'Assignments', '/assignments');
    await other.getByTestId('all-assignments').locator('tbody tr.ant-table-row').first().waitFor();

    const api = httpApi(server.baseUrl);
    const token = await api.login('manager2@demo.test');
    const all = (await api.request({ method: 'GET', url: '/api/assignments', token })).json() as { _id: string; version: number; engineerId: { name: string }; projectId: { name: string } }[];
    const jordan = all.find((a) => a.engineerId.name === 'Jordan Lee' && a.projectId.name === PORTAL)!;
    const moved = await api.request({ method: 'PATCH', url: `/api/assignments/${jordan._id}`, token, body: { allocationPercentage: 40 }, headers: { 'if-match': `"${jordan.version}"` } });
    expect(moved.statusCode, moved.body).toBe(200);

    await page.getByTestId('live-refolded').waitFor({ timeout: POLL.timeout });
    await expect.poll(() => page.locator('[data-testid=scenario-change][data-moved=true]').count(), POLL).toBe(1);
    expect(await page.locator('[data-testid=scenario-change]').nth(1).getAttribute('data-moved')).toBe('true');
    await page.getByTestId('moved-note').waitFor();
  });

  it('publishing shows the conflict with both sentences; Rebase and review, then publish', async () => {
    await page.getByTestId('publish').click();
    await page.getByTestId('publish-confirm-button').click();
    const conflict = page.getByTestId('publish-conflict').locator('..').getByRole('dialog');
    await conflict.getByTestId('conflict').first().waitFor();
    expect(normalize(await conflict.getByTestId('conflict-summary').innerText())).toBe('1 drafted change conflicts with the live plan: rebase the scenario, then publish again');
    const first = conflict.getByTestId('conflict').first();
    expect(await first.locator('[data-role=theirs] [data-role=sentence]').allInnerTexts()).toEqual([`Chris Okafor changed Jordan Lee's allocation on ${PORTAL} from 30% to 40%`]);
    expect((await first.locator('[data-role=ours] [data-role=sentence]').allInnerTexts())[0]).toMatch(new RegExp(`^Dana Whitfield changed Jordan Lee on ${PORTAL}`));
    await screenshotBoth(page, 'scenario-conflict', { overlay: conflict });

    await conflict.getByTestId('conflict-rebase').click();
    await conflict.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('[data-testid=scenario-change][data-moved=true]').count(), POLL).toBe(0);
    expect(await page.getByTestId('scenario-change').count()).toBe(4);
    const drafted = await sentences(page);
    expect(drafted).toHaveLength(4);

    // Published while shown on every screen: the lens lets go, since its changes are the live plan now.
    await page.getByTestId('show-everywhere').click();
    await page.waitForURL(/\/capacity/);
    await page.getByTestId('scenario-lens-banner').waitFor();
    await page.getByTestId('scenario-lens-open').click();
    await page.waitForURL((url) => url.pathname === scenarioUrl);
    await page.getByTestId('scenario-change').first().waitFor();
    await page.getByTestId('publish').click();
    await page.getByTestId('publish-confirm-button').click();
    await expect.poll(() => page.getByTestId('scenario-banner').getAttribute('data-status'), POLL).toBe('published');
    expect(normalize(await page.getByTestId('scenario-banner-title').innerText())).toBe('Scenario: Win the mobile deal — published, its changes are live');
    for (const control of ['undo-change', 'draft-buttons', 'publish', 'rebase']) expect(await page.getByTestId(control).count(), control).toBe(0);
    await page.getByTestId('scenario-lens-banner').waitFor({ state: 'detached', timeout: POLL.timeout });
    // Its record: each change in the sentences it was published with, none "no longer applies".
    expect(await page.getByTestId('change-not-applied').count()).toBe(0);
    expect(await sentences(page)).toEqual(drafted);
    await page.reload();
    await page.getByTestId('scenario-change').first().waitFor();
    expect(await sentences(page)).toEqual(drafted);
    await screenshotBoth(page, 'scenario-published');
    await navigate(page, 'Schedule', '/capacity');
    expect(await page.getByTestId('scenario-lens-banner').count()).toBe(0);
  });

  it("the second manager's Assignments screen follows without a reload", async () => {
    const rows = () => tableRows(other.getByTestId('all-assignments'));
    await expect.poll(async () => (await rows()).some((cells) => cells[0]?.includes('Lucas Silva') && cells[1] === PORTAL && cells[2] === 'Mobile Web Support'), POLL).toBe(true);
    await expect.poll(async () => (await rows()).some((cells) => cells[0]?.includes('Tom Becker') && cells[1] === PORTAL), POLL).toBe(false);
    const jordan = (await rows()).find((cells) => cells[0]?.includes('Jordan Lee') && cells[1] === PORTAL)!;
    expect(jordan[3]).toBe('50%');
    expect(pageErrors).toEqual([]);
  });
});
