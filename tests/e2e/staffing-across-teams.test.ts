/**
 * Teams and staffing across them, in Chromium on two server instances sharing one database:
 * - set up through the API: two teams (Web with Sam Rivera, Data with Mei Chen), and Chris Okafor's
 *   scope narrowed to Web, while Dana Whitfield stays org-wide;
 * - Chris staffs his own team in the New assignment form (Sam on Payments Platform Migration); the
 *   same write for Mei is refused;
 * - Chris's schedule shows other teams' rows locked with the server's reason; Enter on a cell of such
 *   a row (from the keyboard), or a click on one, says that reason and opens no form, and a bar of his
 *   team's dropped on such a row is refused the same way; its Team filter
 *   keeps Web's people, in the URL;
 * - Chris asks for Mei from the Staffing screen; the request appears in Dana's inbox (on the other
 *   instance) and as pending demand on Mei's schedule row, without reload; Dana approves; Chris's
 *   screen shows it approved and the pending demand gone, without reload; Mei's assignment exists once;
 * - the project plan's Team filter keeps the projects Web works on in the window, in the URL;
 * - a request for a role with nobody named shows above the people as pending demand until withdrawn;
 * - the History names both managers.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi, type Api } from '../support/api-client.ts';
import { decodeJwt } from '../support/api-helpers.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, DESKTOP, dialogOpened, isoDay, navigate, signIn } from '../support/screens.ts';

const LIVE_TIMEOUT = 15_000;
let a: Awaited<ReturnType<typeof startE2EServer>>;
let b: E2EServer;
let browser: Browser;
let api: Api;
let dana: string;
let webId: string;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

type Person = { _id: string; name: string; version: number };
type Assignment = { _id: string; engineerId: { _id: string; name: string }; projectId: { _id: string; name: string }; role: string; allocationPercentage: number };

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown, token = dana): Promise<T> {
  const response = await api.request({ method, url, token, body });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

async function pageAs(server: E2EServer, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(collectPageErrors(page));
  await signIn(page, server.baseUrl, email);
  return page;
}

/** Marks the document: if the page reloads or navigates away, the mark is gone. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 42));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 42);
const untilLive = (page: Page) => page.locator('[data-testid=live-status][data-status=live]').waitFor({ timeout: LIVE_TIMEOUT });

async function pickOption(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.click();
  await field.fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

async function typeDay(field: ReturnType<Page['getByLabel']>, day: Date) {
  await field.click();
  await field.fill(isoDay(day));
  await field.press('Enter');
  await expect.poll(() => field.inputValue()).toBe(isoDay(day));
}

beforeAll(async () => {
  a = await startE2EServer();
  b = await a.second();
  browser = await launchBrowser();
  api = httpApi(a.baseUrl);
  dana = await api.login('manager@demo.test');
  const chris = await api.login('manager2@demo.test');

  const web = await call<{ _id: string }>('POST', '/api/teams', { name: 'Web' });
  webId = web._id;
  const data = await call<{ _id: string }>('POST', '/api/teams', { name: 'Data Crew' });
  const engineers = await call<Person[]>('GET', '/api/engineers');
  const from = isoDay(demoDay(0));
  for (const [name, teamId] of [['Sam Rivera', web._id], ['Jordan Lee', web._id], ['Mei Chen', data._id]] as const) {
    const person = engineers.find((e) => e.name === name)!;
    await call('PUT', `/api/engineers/${person._id}/team`, { teamId, from, version: person.version });
  }
  const chrisId = decodeJwt(chris).sub as string;
  const account = (await call<{ _id: string; version: number }[]>('GET', '/api/accounts')).find((x) => x._id === chrisId)!;
  await call('PATCH', `/api/accounts/${chrisId}`, { scope: [web._id], version: account.version });
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await b?.close();
  await a?.close();
});

describe('a manager scoped to one team staffs it, and asks another team for someone', () => {
  let chrisPage: Page; // Chris, scoped to Web, on instance A
  let danaPage: Page; // Dana, org-wide, on instance B
  let chrisSchedule: Page; // Chris's schedule, in a second tab
  const rowOf = (page: Page, name: string) => page.locator(`[data-testid=schedule-row][data-engineer="${name}"]`);
  const pendingOn = (page: Page, name: string) => rowOf(page, name).getByTestId('schedule-pending');

  it('Chris puts Sam (his team) on Payments Platform Migration in the New assignment form', async () => {
    chrisPage = await pageAs(a, 'manager2@demo.test');
    await navigate(chrisPage, 'Assignments', '/assignments');
    await chrisPage.getByTestId('new-assignment').click();
    const form = chrisPage.getByRole('dialog', { name: /New assignment/ });
    await dialogOpened(form);
    await form.getByTestId('assignment-project').click();
    await chrisPage.locator('.ant-select-item-option', { hasText: 'Payments Platform Migration' }).click();
    await form.getByTestId('suitable-engineers').waitFor();
    // The form fills in the project's dates once it has the project: typed dates must come after that.
    await expect.poll(() => form.getByTestId('assignment-end').inputValue(), { timeout: 15_000 }).not.toBe('');
    for (const [testId, day] of [['assignment-start', demoDay(60)], ['assignment-end', demoDay(69)]] as const) {
      const input = form.getByTestId(testId);
      const text = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(day);
      await input.click();
      await input.fill(text);
      await input.press('Enter');
      await expect.poll(() => input.inputValue()).toBe(text);
    }
    await form.getByTestId('suitable-search').fill('Sam');
    await form.locator('[data-testid=suitable-engineer][data-name="Sam Rivera"]').click();
    await form.getByRole('combobox', { name: 'Role', exact: true }).fill('Web Lead');
    await form.getByTestId('assignment-allocation').fill('20');
    await form.getByTestId('assignment-submit').click();
    const confirm = chrisPage.getByTestId('confirm-overload');
    await Promise.race([form.waitFor({ state: 'hidden' }), confirm.waitFor().then(() => confirm.click())]);
    await form.waitFor({ state: 'hidden' });

    const made = (await call<Assignment[]>('GET', '/api/assignments')).filter((x) => x.role === 'Web Lead');
    expect(made.map((x) => [x.engineerId.name, x.projectId.name, x.allocationPercentage])).toEqual([['Sam Rivera', 'Payments Platform Migration', 20]]);

    // Mei is out of his reach: the same write for her is refused, which is why he asks.
    const mei = (await call<Person[]>('GET', '/api/engineers')).find((e) => e.name === 'Mei Chen')!;
    const project = made[0]!.projectId._id;
    const refused = await api.request({ method: 'POST', url: '/api/assignments', token: await api.login('manager2@demo.test'), body: {
      engineerId: mei._id, projectId: project, role: 'Ledger Data', allocationPercentage: 30, startDate: demoDay(60).toISOString(), endDate: demoDay(69).toISOString(),
    } });
    expect(refused.statusCode, refused.body).toBe(403);
  });

  it("Chris's schedule: other teams' rows have their actions off and say why; the Team filter keeps Web, in the URL", async () => {
    chrisSchedule = await chrisPage.context().newPage();
    pageErrors.push(collectPageErrors(chrisSchedule));
    await chrisSchedule.goto(`${a.baseUrl}/capacity`);
    await rowOf(chrisSchedule, 'Mei Chen').waitFor();
    const lock = chrisSchedule.locator('[data-testid=schedule-out-of-reach][data-engineer="Mei Chen"]');
    await lock.waitFor();
    expect(await chrisSchedule.locator('[data-testid=schedule-out-of-reach][data-engineer="Sam Rivera"]').count()).toBe(0);
    expect(await rowOf(chrisSchedule, 'Mei Chen').getAttribute('data-out-of-reach')).toBe('true');
    expect(await rowOf(chrisSchedule, 'Sam Rivera').getAttribute('data-out-of-reach')).toBeNull();
    await lock.hover();
    await chrisSchedule.getByRole('tooltip').getByText('Out of your teams (Web): Mei Chen (in Data Crew). Ask their team\'s manager with a staffing request.').waitFor();
    await chrisSchedule.mouse.move(5, 500);

    // From the keyboard, Enter on a cell of Mei's row opens no form: it says the row's own reason.
    const reason = 'Out of your teams (Web): Mei Chen (in Data Crew). Ask their team\'s manager with a staffing request.';
    const meiIndex = Number(await rowOf(chrisSchedule, 'Mei Chen').getAttribute('data-index'));
    const grid = chrisSchedule.getByTestId('schedule-grid');
    await grid.focus();
    await chrisSchedule.keyboard.press('ArrowDown'); // the first press places the cell on the first row
    for (let i = 0; i < meiIndex; i += 1) await chrisSchedule.keyboard.press('ArrowDown');
    await chrisSchedule.keyboard.press('ArrowRight');
    const cursor = chrisSchedule.getByTestId('schedule-cursor');
    expect(await cursor.getAttribute('data-row')).toBe(String(meiIndex));
    expect(await cursor.getAttribute('aria-label')).toContain('Mei Chen');
    await chrisSchedule.keyboard.press('Enter');
    const refusal = chrisSchedule.getByTestId('out-of-reach-refusal');
    await refusal.getByText(reason).waitFor();
    expect(await chrisSchedule.getByRole('dialog', { name: /New assignment/ }).count()).toBe(0);
    // A click on one of her empty cells refuses the same way.
    await refusal.first().waitFor({ state: 'detached', timeout: 10_000 });
    await rowOf(chrisSchedule, 'Mei Chen').locator('.schedule-cells > *').nth(2).click();
    await refusal.getByText(reason).waitFor();
    expect(await chrisSchedule.getByRole('dialog', { name: /New assignment/ }).count()).toBe(0);

    // A bar of Sam's (his team) dropped on Mei's row is refused the same way, and stays Sam's.
    await refusal.first().waitFor({ state: 'detached', timeout: 10_000 });
    // Only Sam's row opens, so Mei's stays in view.
    const samsToggle = chrisSchedule.locator('[data-testid=schedule-name][data-engineer="Sam Rivera"]').getByTestId('schedule-toggle');
    await samsToggle.click();
    const samsBars = rowOf(chrisSchedule, 'Sam Rivera').getByTestId('schedule-bar');
    await samsBars.first().waitFor();
    // The one that starts furthest left: in view whatever the window.
    await samsBars.first().scrollIntoViewIfNeeded();
    const boxes = await Promise.all((await samsBars.all()).map(async (bar) => ({ id: (await bar.getAttribute('data-assignment'))!, box: (await bar.boundingBox())! })));
    const { id: assignmentId, box } = boxes.sort((p, q) => p.box.x - q.box.x)[0]!;
    const [x, y] = [box.x + Math.min(box.width / 2, 20), box.y + box.height / 2];
    await chrisSchedule.mouse.move(x, y);
    await chrisSchedule.mouse.down();
    // The drag starts (its preview takes the legend's place above the grid, which may move the rows);
    // then Mei's row is found under the pointer's column as the drag finds it, by hit testing.
    await chrisSchedule.mouse.move(x, y - 10, { steps: 2 });
    await chrisSchedule.getByTestId('drag-preview-line').waitFor();
    const meiY = await chrisSchedule.evaluate(([px, height]) => {
      for (let py = 0; py < height!; py += 4) {
        const row = document.elementFromPoint(px!, py)?.closest<HTMLElement>('[data-testid=schedule-row]');
        if (row?.dataset.engineer === 'Mei Chen') return py + 12;
      }
      return null;
    }, [x, DESKTOP.height]);
    expect(meiY).not.toBeNull();
    await chrisSchedule.mouse.move(x, (y + meiY!) / 2, { steps: 4 });
    await chrisSchedule.mouse.move(x, meiY!, { steps: 4 });
    await chrisSchedule.getByTestId('drag-preview-line').getByText(/^To Mei Chen/).waitFor();
    await chrisSchedule.mouse.up();
    await refusal.getByText(reason).waitFor();
    const after = (await call<(Assignment & { _id: string })[]>('GET', '/api/assignments')).find((x) => x._id === assignmentId)!;
    expect(after.engineerId.name).toBe('Sam Rivera');
    await samsToggle.click();

    await chrisSchedule.getByTestId('schedule-filters-toggle').click();
    await pickOption(chrisSchedule, chrisSchedule.getByTestId('schedule-filters').getByLabel('Team'), 'Web');
    await chrisSchedule.waitForURL((url) => url.searchParams.get('team') === webId);
    await expect.poll(async () => (await chrisSchedule.locator('[data-testid=schedule-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-engineer')))).sort())
      .toEqual(['Jordan Lee', 'Sam Rivera']);
    // Everyone again, for what follows.
    await chrisSchedule.goto(`${a.baseUrl}/capacity`);
    await rowOf(chrisSchedule, 'Mei Chen').waitFor();
    await markDocument(chrisSchedule);
  });

  it("Chris asks for Mei (Data) from the Staffing screen; Dana's inbox on the other instance shows it without reload", async () => {
    danaPage = await pageAs(b, 'manager@demo.test');
    await navigate(danaPage, 'Staffing requests', '/staffing');
    await untilLive(danaPage);
    await danaPage.getByTestId('staffing-to-answer').getByText('Nothing waits for your answer').waitFor();
    await markDocument(danaPage);

    await navigate(chrisPage, 'Staffing requests', '/staffing');
    await untilLive(chrisPage);
    const ask = chrisPage.getByTestId('staffing-ask');
    await pickOption(chrisPage, ask.getByLabel('Project'), 'Payments Platform Migration');
    await pickOption(chrisPage, ask.getByLabel('Person'), 'Mei Chen');
    await ask.getByLabel('Role').fill('Ledger Data');
    await ask.getByLabel('Allocation').fill('30');
    await typeDay(ask.getByPlaceholder('From'), demoDay(60));
    await typeDay(ask.getByPlaceholder('To'), demoDay(69));
    await ask.getByLabel('Note').fill('Needs Spark for the ledger export');
    await ask.getByRole('button', { name: 'Send request' }).click();
    const mine = chrisPage.getByTestId('staffing-mine-request');
    await mine.filter({ hasText: 'Mei Chen on Payments Platform Migration at 30%' }).waitFor();
    expect(await mine.getByTestId('staffing-state').innerText()).toBe('open');
    await markDocument(chrisPage);

    const inbox = danaPage.getByTestId('staffing-to-answer').getByTestId('staffing-request');
    await inbox.filter({ hasText: 'Mei Chen on Payments Platform Migration at 30%' }).waitFor({ timeout: LIVE_TIMEOUT });
    expect(await inbox.innerText()).toContain('Asked by Chris Okafor: Needs Spark for the ledger export');
    expect(await stillSameDocument(danaPage)).toBe(true);

    // The schedule shows it on Mei's row as pending demand, hatched, without reload.
    await pendingOn(chrisSchedule, 'Mei Chen').waitFor({ timeout: LIVE_TIMEOUT });
    expect(await pendingOn(chrisSchedule, 'Mei Chen').getAttribute('title')).toContain('Pending staffing request: Payments Platform Migration at 30%');
    expect(await pendingOn(chrisSchedule, 'Sam Rivera').count()).toBe(0);
    expect(await stillSameDocument(chrisSchedule)).toBe(true);
  });

  it('Dana approves; Chris sees it approved without reload, and Mei has the assignment once', async () => {
    await danaPage.getByTestId('staffing-to-answer').getByRole('button', { name: /^Approve Mei Chen/ }).click();
    await danaPage.getByTestId('staffing-to-answer').getByText('Nothing waits for your answer').waitFor({ timeout: LIVE_TIMEOUT });

    const state = chrisPage.getByTestId('staffing-mine-request').getByTestId('staffing-state');
    await expect.poll(() => state.innerText(), { timeout: LIVE_TIMEOUT }).toBe('approved');
    expect(await stillSameDocument(chrisPage)).toBe(true);
    // Answered: no longer pending demand on the schedule.
    await pendingOn(chrisSchedule, 'Mei Chen').waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });

    const made = (await call<Assignment[]>('GET', '/api/assignments')).filter((x) => x.role === 'Ledger Data' && x.engineerId.name === 'Mei Chen');
    expect(made.map((x) => [x.projectId.name, x.allocationPercentage])).toEqual([['Payments Platform Migration', 30]]);
  });

  it('the History names both managers', async () => {
    await navigate(danaPage, 'History', '/history');
    const summaries = danaPage.getByTestId('history-table').getByTestId('event-summary');
    await summaries.first().waitFor();
    await expect.poll(async () => (await summaries.allInnerTexts()).join('\n'), { timeout: LIVE_TIMEOUT })
      .toMatch(/Chris Okafor asked for Mei Chen as Ledger Data on Payments Platform Migration at 30%/);
    const text = (await summaries.allInnerTexts()).join('\n');
    expect(text).toContain('Dana Whitfield approved the request for Mei Chen on Payments Platform Migration');
  });

  it("the project plan's Team filter keeps the projects Web works on in the window, in the URL", async () => {
    await navigate(danaPage, 'Project plan', '/projects/plan');
    await danaPage.getByTestId('plan-row').first().waitFor();
    await pickOption(danaPage, danaPage.getByRole('combobox', { name: 'Team', exact: true }), 'Web');
    await danaPage.waitForURL((url) => url.searchParams.get('team') === webId);
    // The default window: twelve weeks from this week's Monday.
    const today = demoDay(0);
    const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
    const [from, to] = [isoDay(monday), isoDay(new Date(monday.getTime() + 83 * 86_400_000))];
    const listed = await call<(Assignment & { startDate: string; endDate: string })[]>('GET', '/api/assignments');
    const expected = [...new Set(listed
      .filter((x) => ['Sam Rivera', 'Jordan Lee'].includes(x.engineerId.name) && x.startDate.slice(0, 10) <= to && x.endDate.slice(0, 10) >= from)
      .map((x) => x.projectId.name))].sort();
    expect(expected).toContain('Payments Platform Migration');
    await expect.poll(async () => (await danaPage.getByTestId('plan-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project')))).sort())
      .toEqual(expected);
  });

  it('a request for a role with nobody named shows above the people as pending demand, until withdrawn', async () => {
    const chris = await api.login('manager2@demo.test');
    const project = (await call<{ _id: string; name: string }[]>('GET', '/api/projects')).find((p) => p.name === 'Payments Platform Migration')!;
    const asked = await call<{ _id: string }>('POST', '/api/staffing-requests', {
      projectId: project._id, role: 'QA Analyst', allocationPercentage: 40, startDate: demoDay(50).toISOString(), endDate: demoDay(59).toISOString(),
    }, chris);
    const line = chrisSchedule.locator('[data-testid=schedule-pending-role][data-role="QA Analyst"]');
    await line.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await line.getAttribute('title')).toContain('Pending staffing request: someone as QA Analyst on Payments Platform Migration at 40%');
    await call('POST', `/api/staffing-requests/${asked._id}/withdraw`, {}, chris);
    await line.waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    expect(await stillSameDocument(chrisSchedule)).toBe(true);
  });

  it('raised no error in any page', () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
