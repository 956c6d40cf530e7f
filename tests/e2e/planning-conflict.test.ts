/**
 * Safe concurrent edits end to end: two managers never overwrite each other silently. Manager B opens an edit form,
 * manager A changes the same assignment and saves, then B saves a stale form: B gets the conflict
 * dialog, keeps what they typed, sees what changed, and either re-applies their changes on the latest
 * version or reloads it. A one-click change on a stale row (End, on today) gets the same dialog.
 *
 * Demo: Sam Rivera is Tech Lead on Customer Portal Redesign at 60 % (40 % more from day 30, so the
 * edits here lower it and stay within capacity); Mei Chen (50 %) is Data Engineer on Data Warehouse
 * Modernisation at 40 %. Both run today.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, demoDay, navigate, newContext, normalize, shortUs, signIn, tableRows } from '../support/screens.ts';

// The other manager's change, named as the History names it (the dialog said "someone else").
const CONFLICT = 'This assignment was changed by Dana Whitfield. Reload to see the latest version.';
const SAM = 'Sam Rivera on Customer Portal Redesign';
const MEI = 'Mei Chen on Data Warehouse Modernisation';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let a: Page;
let b: Page;
const pageErrors: string[][] = [];

async function managerPage(email: string, options: { staleRows?: boolean } = {}): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(collectPageErrors(page));
  // Without the live channel a row keeps the version it was loaded with, as on a slow connection.
  if (options.staleRows) await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
  if (options.staleRows) await page.route(/socket\.io/, (route) => route.abort());
  await signIn(page, server.baseUrl, email);
  await navigate(page, 'Assignments', '/assignments');
  await page.getByTestId('all-assignments').locator('tbody tr.ant-table-row').first().waitFor();
  return page;
}

const editForm = (page: Page) => page.getByRole('dialog', { name: /Edit assignment/ });
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'Dana Whitfield changed this assignment' });

/** The row actions of an assignment, 'Engineer on Project'. */
const actionsOf = (page: Page, who: string) => page.locator(`[data-testid=assignment-actions][data-assignment="${who}"]`);

async function openEdit(page: Page, who: string): Promise<Locator> {
  await actionsOf(page, who).getByRole('button', { name: 'Edit assignment' }).click();
  const form = editForm(page);
  await form.waitFor();
  // Sam's and Mei's work started weeks ago: these edits correct it as a whole, so each stays one assignment
  // and the conflict is about its fields (from today on, a change would split it: see keep-past tests).
  await form.getByRole('checkbox', { name: 'Correct the past too' }).check();
  return form;
}

async function saveAndClose(form: Locator) {
  await form.getByTestId('assignment-submit').click();
  await form.waitFor({ state: 'hidden' });
}

const rowOf = async (page: Page, who: string) => {
  const [engineer] = who.split(' on ');
  const project = who.split(' on ')[1]!;
  const rows = await tableRows(page.getByTestId('all-assignments'));
  const row = rows.find((cells) => cells[0]?.includes(engineer!) && cells[1] === project);
  if (!row) throw new Error(`no row for ${who}: ${JSON.stringify(rows)}`);
  return row;
};

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  a = await managerPage('manager@demo.test');
  b = await managerPage('manager2@demo.test', { staleRows: true });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

describe('two managers edit the same assignment', () => {
  it('a stale form gets the conflict dialog; nothing typed is lost, and re-applying saves it on the latest version', async () => {
    const formB = await openEdit(b, SAM);

    const formA = await openEdit(a, SAM);
    await formA.getByTestId('assignment-allocation').fill('55');
    await saveAndClose(formA);
    await a.getByText('Assignment updated').waitFor();

    await formB.getByRole('combobox', { name: 'Role', exact: true }).fill('Engineering Lead');
    await formB.getByTestId('assignment-allocation').fill('45');
    await formB.getByTestId('assignment-submit').click();

    const dialog = conflictDialog(b);
    await dialog.getByTestId('conflict-reapply').waitFor();
    expect(normalize(await dialog.getByTestId('conflict-message').innerText())).toBe(CONFLICT);
    const allocation = normalize(await dialog.getByTestId('conflict-row-allocationPercentage').innerText());
    expect(allocation).toBe('Allocation Both changed Saved now 55% (was 60%) Yours 45%');
    const role = normalize(await dialog.getByTestId('conflict-row-role').innerText());
    expect(role).toBe('Role Your change Saved Tech Lead Yours Engineering Lead');
    // The form behind keeps B's values.
    expect(await formB.getByTestId('assignment-allocation').inputValue()).toBe('45');

    await dialog.getByTestId('conflict-reapply').click();
    await dialog.waitFor({ state: 'hidden' });
    await formB.getByTestId('form-notice').waitFor();
    expect(await formB.getByTestId('assignment-allocation').inputValue()).toBe('45');
    expect(await formB.getByRole('combobox', { name: 'Role', exact: true }).inputValue()).toBe('Engineering Lead');
    await saveAndClose(formB);
    await b.getByText('Assignment updated').waitFor();

    // Both screens end up with B's re-applied change: B's by reloading, A's through the live channel.
    await expect.poll(async () => (await rowOf(b, SAM)).slice(2, 4)).toEqual(['Engineering Lead', '45%']);
    await expect.poll(async () => (await rowOf(a, SAM)).slice(2, 4)).toEqual(['Engineering Lead', '45%']);
  });

  it('Reload latest version drops the stale edit and shows what is saved now', async () => {
    const formB = await openEdit(b, SAM);
    const formA = await openEdit(a, SAM);
    await formA.getByRole('combobox', { name: 'Role', exact: true }).fill('Principal Engineer');
    await saveAndClose(formA);

    await formB.getByRole('combobox', { name: 'Role', exact: true }).fill('Staff Engineer');
    await formB.getByTestId('assignment-submit').click();
    const dialog = conflictDialog(b);
    await dialog.getByTestId('conflict-take-latest').waitFor();
    expect(normalize(await dialog.getByTestId('conflict-row-role').innerText())).toBe(
      'Role Both changed Saved now Principal Engineer (was Engineering Lead) Yours Staff Engineer',
    );
    await dialog.getByTestId('conflict-take-latest').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await formB.getByRole('combobox', { name: 'Role', exact: true }).inputValue()).toBe('Principal Engineer');
    await formB.getByRole('button', { name: 'Cancel' }).click();
    await formB.waitFor({ state: 'hidden' });
  });

  it('End (today) on a stale row gets the conflict dialog, and can be done on the latest version', async () => {
    await actionsOf(b, MEI).getByRole('button', { name: 'End assignment' }).waitFor();
    const formA = await openEdit(a, MEI);
    await formA.getByTestId('assignment-allocation').fill('45');
    await saveAndClose(formA);

    await actionsOf(b, MEI).getByRole('button', { name: 'End assignment' }).click();
    // The end date starts on today; ending on today ends it now.
    await b.getByTestId('end-confirm').click();
    const dialog = conflictDialog(b);
    await dialog.getByTestId('conflict-retry').waitFor();
    expect(normalize(await dialog.getByTestId('conflict-message').innerText())).toBe(CONFLICT);
    expect(normalize(await dialog.innerText())).toContain("You asked to: End Mei Chen's assignment on Data Warehouse Modernisation today");
    expect(normalize(await dialog.getByTestId('conflict-row-allocationPercentage').innerText())).toBe(
      'Allocation Changed by Dana Whitfield Saved now 45% (was 40%)',
    );
    await dialog.getByTestId('conflict-retry').click();
    await dialog.waitFor({ state: 'hidden' });
    await b.getByText('Assignment ends today').waitFor();
    // Today is its last day, worked: it is still active today, and its timeline ends today.
    await expect.poll(async () => (await rowOf(b, MEI)).join(' | ')).toContain(shortUs(demoDay(0)));
    expect((await rowOf(b, MEI)).join(' | ')).toContain('Active');
    expect((await rowOf(b, MEI))[3]).toBe('45%');
  });

  it('raised no page errors', () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
