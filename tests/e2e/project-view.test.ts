/**
 * The project view, end to end in Chromium on the demo at 1440 x 900: a manager opens the project plan
 * from the sidebar, sees each project's staffed work against its open roles with the people on hover,
 * opens a project on its bars and drags one a week later (the schedule's own bar, drag and command
 * path); the change is saved, and another manager's open schedule follows without a reload.
 *
 * Demo (tests/support/screens.ts): Mei Chen is on Data Warehouse Modernisation at 50 % until day 30.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/api-helpers.ts';
import { httpApi } from '../support/api-client.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, DESKTOP, navigate, settle, signIn } from '../support/screens.ts';

const LIVE_TIMEOUT = 15_000;
const SHOTS = '/tmp/shots-plan';
const PROJECT = 'Data Warehouse Modernisation';

let server: E2EServer;
let browser: Browser;
let api: ReturnType<typeof httpApi>;
let token: string;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

type ApiAssignment = { _id: string; engineerId: { _id: string; name: string }; projectId: { name: string }; startDate: string; endDate: string };
const meiOnProject = async () => {
  const response = await api.request({ method: 'GET', url: '/api/assignments', token });
  return (response.json() as ApiAssignment[]).find((a) => a.engineerId.name === 'Mei Chen' && a.projectId.name === PROJECT)!;
};

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(collectPageErrors(page));
  await signIn(page, server.baseUrl, email);
  return page;
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  api = httpApi(server.baseUrl);
  token = await api.login('manager@demo.test');
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

describe('the project view at 1440 x 900', () => {
  let a: Page;
  let b: Page;
  const planRow = (page: Page) => page.locator(`[data-testid=plan-row][data-project="${PROJECT}"]`);
  const barIn = (page: Page, scope: string) => page.locator(`${scope} [data-testid=schedule-bar][data-project="${PROJECT}"]`);

  it('shows every project by period, staffed against open roles, with the people on hover', async () => {
    a = await signedIn('manager@demo.test');
    const lists = a.waitForResponse((r) => new URL(r.url()).pathname === '/api/assignments' && r.ok(), { timeout: 30_000 });
    await navigate(a, 'Project plan', '/projects/plan');
    await planRow(a).waitFor();
    await lists.catch(() => undefined);
    expect(await a.getByTestId('plan-summary').textContent()).toMatch(/projects · staffed [\d,.]+d · open roles [\d,.]+d/);
    const first = planRow(a).getByTestId('plan-cell').first();
    expect(Number(await first.getAttribute('data-staffed'))).toBeGreaterThan(0);
    await first.hover();
    await expect.poll(() => a.getByTestId('schedule-tip').textContent().catch(() => ''), { timeout: 5_000 }).toMatch(/Mei Chen: [\d.]+d/);
    await a.screenshot({ path: `${SHOTS}/project-plan-desktop.png` });
  });

  it("a bar dragged a week later on the project view is saved; another manager's schedule follows without reload", async () => {
    b = await signedIn('manager2@demo.test');
    await navigate(b, 'Schedule', '/capacity');
    await b.getByTestId('schedule-row').first().waitFor();
    await b.getByTestId('schedule-expand-all').click();
    const onSchedule = barIn(b, '[data-testid=schedule-row][data-engineer="Mei Chen"]');
    await onSchedule.waitFor();
    const labelBefore = await onSchedule.getAttribute('aria-label');
    const before = await meiOnProject();

    await a.locator(`[data-testid=plan-name][data-project="${PROJECT}"] [data-testid=plan-toggle]`).click();
    // On a project's row a bar names its person.
    const bar = barIn(a, `[data-testid=plan-row][data-project="${PROJECT}"]`).filter({ hasText: 'Mei Chen' });
    await bar.waitFor();
    await settle(a, 200);
    const box = (await bar.boundingBox())!;
    const column = (await a.locator('.schedule-head [role=columnheader]').nth(1).boundingBox())!.width;
    const x = box.x + Math.min(box.width / 2, 40);
    const y = box.y + box.height / 2;
    await a.mouse.move(x, y);
    await a.mouse.down();
    await a.mouse.move(x + column / 2, y, { steps: 4 });
    await a.mouse.move(x + column, y, { steps: 4 });
    await a.getByTestId('drag-preview-line').waitFor();
    await a.screenshot({ path: `${SHOTS}/project-plan-drag.png` });
    await a.mouse.up();
    await a.getByTestId('undo-toast').filter({ hasText: 'Assignment moved' }).waitFor();

    // Mei's work started weeks ago: it keeps its days before today, and its part from today moves a week.
    const parts = async () => {
      const response = await api.request({ method: 'GET', url: '/api/assignments', token });
      return (response.json() as ApiAssignment[]).filter((a) => a.engineerId.name === 'Mei Chen' && a.projectId.name === PROJECT).map((a) => [a.startDate, a.endDate]).sort();
    };
    await expect.poll(parts).toEqual([
      [before.startDate, demoDay(-1).toISOString()],
      [demoDay(7).toISOString(), new Date(Date.parse(before.endDate) + 7 * 86_400_000).toISOString()],
    ]);
    // The other manager's schedule, without a reload: Mei's bar names the moved part's dates (the part kept ends
    // yesterday, off the window on a Monday).
    await eventually(() => onSchedule.evaluateAll((bars) => bars.map((b) => b.getAttribute('aria-label'))), (labels) => labels.length >= 1 && !labels.includes(labelBefore), LIVE_TIMEOUT);
    expect(pageErrors.flat()).toEqual([]);
  });

  it('tentative work counts as staffed only with Tentative on: cells, row sums, the Totals row and the title follow one rule', async () => {
    // A figure's days, whatever word follows it ('15.3d tentative').
    const days = (text: string) => Number(/^[\d,.]+/.exec(text)?.[0].replaceAll(',', ''));
    const mobile = 'Mobile App v2';
    const read = async () => {
      const totals = (await a.locator('[data-testid=plan-totals] [data-testid=plan-cell] [data-kind=staffed]').allTextContents()).map(days);
      const title = (await a.getByTestId('plan-summary').textContent()) ?? '';
      const cells = await a.locator(`[data-testid=plan-row][data-project="${mobile}"] [data-testid=plan-cell] [data-kind]:not([data-kind=open])`).evaluateAll((figures) =>
        figures.map((f) => [f.getAttribute('data-kind'), f.textContent ?? '']),
      );
      const sum = a.locator(`[data-testid=plan-name][data-project="${mobile}"] [data-testid=plan-row-sum] [data-kind]:not([data-kind=open])`);
      return { totals, staffed: days(/staffed ([\d,.]+)d/.exec(title)![1]!), cells, sum: { kind: await sum.getAttribute('data-kind'), days: days((await sum.textContent()) ?? '') } };
    };
    const near = (x: number, y: number, cells: number) => expect(Math.abs(x - y)).toBeLessThanOrEqual(0.05 * (cells + 1));

    // Three months from this one: Tom's work on the pipeline project (from day 14) is in them.
    await a.goto(`${server.baseUrl}/projects/plan?step=month`);
    await planRow(a).waitFor();
    await settle(a, 300);
    const off = await read();
    // Left out: said apart, as tentative, in its cells and beside its name; the totals and the title count none of it.
    expect(off.cells.length).toBeGreaterThan(0);
    expect(off.cells.every(([kind]) => kind === 'tentative')).toBe(true);
    expect(off.sum.kind).toBe('tentative');
    expect(off.sum.days).toBeGreaterThan(0);
    near(off.sum.days, off.cells.reduce((sum, [, text]) => sum + days(text!), 0), off.cells.length);
    near(off.staffed, off.totals.reduce((sum, d) => sum + d, 0), off.totals.length);

    const refetched = a.waitForResponse((r) => new URL(r.url()).pathname === '/api/projects/plan' && new URL(r.url()).searchParams.get('includeTentative') === 'true');
    await a.getByRole('switch', { name: 'Include tentative' }).click();
    await refetched;
    await expect.poll(async () => (await read()).sum.kind).toBe('staffed');
    const on = await read();
    // Included: the same work is staffed everywhere, the Totals row and the title grow by it.
    expect(on.cells.every(([kind]) => kind === 'staffed')).toBe(true);
    near(on.sum.days, off.sum.days, 0);
    near(on.totals.reduce((sum, d) => sum + d, 0), off.totals.reduce((sum, d) => sum + d, 0) + off.sum.days, on.totals.length * 2);
    near(on.staffed, on.totals.reduce((sum, d) => sum + d, 0), on.totals.length);
    await a.screenshot({ path: `${SHOTS}/project-plan-tentative.png` });
    expect(pageErrors.flat()).toEqual([]);
  });

  it("open roles read as a figure in the cells and beside the name; the Totals row's figures are in the cells' own colour, not a warning's", async () => {
    await a.goto(`${server.baseUrl}/projects/plan?step=month&sort=demand`);
    await planRow(a).waitFor();
    await settle(a, 300);
    // Sorted by open roles, the first project is short of people: its cells and its sum say by how much.
    const first = a.getByTestId('plan-row').first();
    const name = (await first.getAttribute('data-project'))!;
    const open = await first.locator('[data-testid=plan-cell] [data-kind=open]').allTextContents();
    expect(open.length).toBeGreaterThan(0);
    for (const text of open) expect(text).toMatch(/^[\d,.]+d open$/);
    const sum = a.locator(`[data-testid=plan-name][data-project="${name}"] [data-testid=plan-row-sum] [data-kind=open]`);
    expect(await sum.textContent()).toMatch(/^[\d,.]+d open$/);

    const totals = a.locator('[data-testid=plan-totals] [data-testid=plan-cell]');
    const colourOf = (figure: ReturnType<Page['locator']>) => figure.evaluate((el) => getComputedStyle(el).color);
    // The normal colour of a figure: a staffed one in a cell with nothing to warn about.
    const staffedColour = await colourOf(a.locator('[data-testid=plan-row] .plan-cell:not(.t-short) [data-kind=staffed]').first());
    expect(await colourOf(totals.locator('[data-kind=staffed]').first())).toBe(staffedColour);
    expect(await totals.evaluateAll((cells) => cells.filter((c) => c.classList.contains('t-short')).length)).toBe(0);
    // Open roles are the one figure in a warning colour, in the Totals row too.
    expect(await colourOf(totals.locator('[data-kind=open]').first())).not.toBe(staffedColour);

    // Every figure fits its column, in the month zoom and in the narrow day zoom.
    const clipped = () => a.locator('[data-testid=plan-grid] .fig').evaluateAll((figures) => figures.filter((f) => f.scrollWidth > f.clientWidth).map((f) => f.textContent));
    expect(await clipped()).toEqual([]);
    await a.screenshot({ path: `${SHOTS}/project-plan-open-roles.png` });
    await a.goto(`${server.baseUrl}/projects/plan?step=day&weeks=8&sort=demand`);
    await planRow(a).waitFor();
    await settle(a, 300);
    expect(await clipped()).toEqual([]);
    expect(pageErrors.flat()).toEqual([]);
  });

  it('opened by its address in a new tab: the view comes from the URL, and the plan read ahead is taken, not asked for twice', async () => {
    const asked: string[] = [];
    a.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/projects/plan') asked.push(request.url());
    });
    await a.goto(`${server.baseUrl}/projects/plan?weeks=26&sort=demand`);
    await planRow(a).waitFor();
    // Counted when the rows are in: a live event of the earlier tests' writes may ask again afterwards, rightly.
    const beforeRows = asked.length;
    await settle(a, 500);
    expect(beforeRows).toBe(1);
    expect(new URL(asked[0]!).searchParams.get('sort')).toBe('demand');
    expect(await a.getByTestId('plan-sort').textContent()).toContain('Most open');
    expect(pageErrors.flat()).toEqual([]);
  });
});
