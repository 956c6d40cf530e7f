/**
 * Changes to many people at once, end to end in Chromium on the real server (demo data) with a real
 * SMTP server catching its mail:
 * 1. on Engineers, a manager chooses several engineers, sets their team in one step (a confirm naming
 *    how many), sees the team on each row, and undoes the whole change from its message;
 * 2. on People & access, the admin chooses engineers without access, invites them in one job, and
 *    follows its progress to the end; every invitation arrives by e-mail;
 * 3. on People & access, the admin deactivates two accounts in one step (a confirm naming how many),
 *    sees their status change, and reactivates them the same way; their own account cannot be chosen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer, type Mailer } from '../../server/mail/mailer.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { dialogOpened, ENGINEER, MANAGER, navigate, signIn } from '../support/screens.ts';

const TEAM = 'Bulk Guild';
let session: PageSession | undefined;
let page: Page;
let pageErrors: string[];
let mail: MailCatcher;
let mailer: Mailer;

beforeAll(async () => {
  mail = await startMailCatcher();
  mailer = smtpMailer(mail.url, 'Capacity Planner <planner@org.test>');
  session = await openPageSession({ mailer });
  ({ page, pageErrors } = session);
  await signIn(page, session.server.baseUrl, MANAGER.email);
});
afterAll(async () => {
  await closePageSession(session);
  mailer?.close();
  await mail?.close();
});

/** A write through the API as the signed-in page (for what other tests cover on screen); answers its status. */
const apiPost = (page: Page, url: string, body: unknown) =>
  page.evaluate(async ({ url, body }) => {
    const token = JSON.parse(localStorage.getItem('userToken') ?? '""') as string;
    const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    return answer.status;
  }, { url, body });

/** The directory rows' text, first column first, as drawn now. */
const rowTexts = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row').allInnerTexts();

describe('bulk changes', () => {
  it('Engineers: sets the team of several engineers in one step, shows it on their rows, and one Undo takes it back', async () => {
    // A team to put them in (the Teams screen is tested on its own).
    expect(await apiPost(page, '/api/teams', { name: TEAM })).toBe(201);

    await navigate(page, 'Engineers', '/engineers');
    const directory = page.getByTestId('engineers-directory');
    await directory.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const rows = directory.locator('tbody tr.ant-table-row');
    const before = (await rowTexts(page, 'engineers-directory')).slice(0, 3);
    expect(before.some((text) => text.includes(TEAM))).toBe(false);
    for (let i = 0; i < 3; i++) await rows.nth(i).locator('.ant-checkbox-input').check();
    expect(await page.getByTestId('bulk-selected').innerText()).toBe('3 engineers chosen');

    await page.getByTestId('bulk-set-team').click();
    const dialog = page.getByTestId('bulk-dialog');
    await dialog.getByText('Set the team of 3 engineers').waitFor();
    // A click on an option while the dialog or the list is still moving into place can be lost.
    await dialogOpened(dialog.getByRole('dialog'));
    await dialog.getByTestId('bulk-team').click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const option = dropdown.getByTitle(TEAM, { exact: true });
    await option.waitFor();
    await option.evaluate((element) => Promise.all(element.closest('.ant-select-dropdown')!.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
    await option.click();
    await dropdown.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('bulk-confirm').innerText()).toBe('Set team for 3 engineers');
    await page.getByTestId('bulk-confirm').click();

    const done = page.getByTestId('bulk-done');
    await done.waitFor();
    expect(await done.innerText()).toContain(`3 engineers moved to ${TEAM} from`);
    // Each row reads the team as its department, through the live feed.
    await expect.poll(async () => (await rowTexts(page, 'engineers-directory')).filter((text) => text.includes(TEAM)).length, { timeout: 15_000 }).toBe(3);
    expect(await page.getByTestId('bulk-selected').innerText()).toBe('Choose engineers to change them together');

    await done.getByTestId('bulk-undo').click();
    await page.getByTestId('bulk-undone').waitFor();
    await expect.poll(async () => (await rowTexts(page, 'engineers-directory')).filter((text) => text.includes(TEAM)).length, { timeout: 15_000 }).toBe(0);
    // The rows read as before (the first three are the same people, in the same order).
    expect((await rowTexts(page, 'engineers-directory')).slice(0, 3)).toEqual(before);
  });

  it('People & access: invites engineers without access in one job and follows the progress to the end, every mail caught', async () => {
    // Every demo engineer can sign in already: four join as a CSV import would bring them, without an account.
    const emails = ['ada', 'bo', 'cleo', 'dev'].map((n) => `${n}.newcomer@org.test`);
    for (const email of emails) {
      const name = `${email.split('.')[0]!.replace(/^./, (c) => c.toUpperCase())} Newcomer`;
      expect(await apiPost(page, '/api/engineers', { name, email, department: 'Moving In', skills: ['Go'], seniority: 'mid', maxCapacity: 100 })).toBe(201);
    }
    await navigate(page, 'People & access', '/people');
    const section = page.getByTestId('without-access');
    await section.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await section.getByLabel('Search people without access').fill('newcomer');
    await expect.poll(async () => (await rowTexts(page, 'without-access')).length).toBe(4);
    await section.getByTestId('invite-bulk-select-all').click();
    expect(await section.getByTestId('invite-bulk-selected').innerText()).toBe('4 people chosen');

    await section.getByTestId('invite-bulk').click();
    const dialog = page.getByTestId('invite-bulk-dialog');
    await dialog.getByText('Invite 4 people as engineers').waitFor();
    await page.getByTestId('invite-bulk-confirm').click();
    await page.getByTestId('invite-bulk-complete').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('invite-bulk-figures').innerText()).toBe('4 of 4 invitations made · 4 of 4 e-mails sent');
    expect(await page.getByTestId('invite-bulk-failures').count()).toBe(0);
    for (const email of emails) expect((await mail.waitFor(email, 'invited')).to).toBe(email.toLowerCase());

    await page.getByTestId('invite-bulk-done').click();
    // They are accounts now (Invited), and no longer without access.
    for (const email of emails) await page.getByTestId('accounts').locator('tr', { hasText: email }).getByText('Invited').waitFor();
    await expect.poll(async () => (await rowTexts(page, 'without-access')).filter((text) => emails.some((e) => text.includes(e))).length).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('People & access: deactivates two accounts in one step, sees their status change, and reactivates them', async () => {
    const chosen = [ENGINEER.email, 'auditor@demo.test'];
    await navigate(page, 'People & access', '/people');
    const table = page.getByTestId('accounts');
    const rowOf = (email: string) => table.locator('tbody tr.ant-table-row', { hasText: email });
    const statusOf = (email: string) => rowOf(email).locator('[data-status]').getAttribute('data-status');
    await rowOf(MANAGER.email).waitFor({ timeout: 30_000 });
    // One's own account cannot be chosen.
    expect(await rowOf(MANAGER.email).locator('.ant-checkbox-input').isDisabled()).toBe(true);
    for (const email of chosen) expect(await statusOf(email)).toBe('active');

    for (const email of chosen) await rowOf(email).locator('.ant-checkbox-input').check();
    expect(await page.getByTestId('accounts-bulk-selected').innerText()).toBe('2 accounts chosen');
    await page.getByTestId('accounts-bulk-deactivate').click();
    const dialog = page.getByTestId('accounts-bulk-dialog');
    await dialog.getByText('Deactivate 2 accounts?').waitFor();
    expect(await dialog.getByTestId('accounts-bulk-summary').innerText()).toContain('They are signed out at once');
    await dialog.getByTestId('accounts-bulk-confirm').click();
    expect(await dialog.getByTestId('accounts-bulk-result').innerText()).toBe('2 accounts deactivated and signed out');
    await dialog.getByTestId('accounts-bulk-done').click();
    await dialog.waitFor({ state: 'hidden' });
    for (const email of chosen) await expect.poll(() => statusOf(email), { timeout: 15_000 }).toBe('deactivated');
    expect(await statusOf(MANAGER.email)).toBe('active');
    expect(await page.getByTestId('accounts-bulk-selected').innerText()).toBe('Choose accounts to deactivate or reactivate them together');

    for (const email of chosen) await rowOf(email).locator('.ant-checkbox-input').check();
    await page.getByTestId('accounts-bulk-reactivate').click();
    await dialog.getByText('Reactivate 2 accounts?').waitFor();
    await dialog.getByTestId('accounts-bulk-confirm').click();
    expect(await dialog.getByTestId('accounts-bulk-result').innerText()).toBe('2 accounts can sign in again');
    await dialog.getByTestId('accounts-bulk-done').click();
    for (const email of chosen) await expect.poll(() => statusOf(email), { timeout: 15_000 }).toBe('active');
    expect(pageErrors).toEqual([]);
  });
});
