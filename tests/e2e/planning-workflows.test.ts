/**
 * The rest of the planning workflows in Chromium on the real server with the demo:
 * a manager edits a project and moves its status, registers an engineer (who can then sign in) and
 * edits one, removes an assignment; an engineer keeps their own skills up to date; engineers and
 * auditors never see the planning controls.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { cardValue, collectPageErrors, ENGINEER, MANAGER, navigate, newContext, normalize, rowOf, rowWith, signIn, tableHeaders, tableRows } from '../support/screens.ts';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[][] = [];

async function pageFor(email: string, password?: string): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(collectPageErrors(page));
  await signIn(page, server.baseUrl, email, password);
  return page;
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

describe('a manager plans projects, engineers and assignments', () => {
  let page: Page;
  beforeAll(async () => {
    page = await pageFor(MANAGER.email);
  });

  it('edits a project on its row; the directory shows the change', async () => {
    await navigate(page, 'Projects', '/projects');
    await page.locator('[data-testid=project-actions][data-project="Mobile App v2"]').getByRole('button', { name: 'Edit project' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit project/ });
    await dialog.getByLabel('Team Size').fill('5');
    await dialog.getByLabel('Description').fill('short');
    await dialog.getByTestId('project-edit-submit').click();
    await dialog.getByText('Description must be at least 10 characters').waitFor();
    await dialog.getByLabel('Description').fill('Second major version of the mobile app, now with tablets too.');
    await dialog.getByTestId('project-edit-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Project updated').waitFor();
    await expect.poll(async () => rowWith(await tableRows(page.getByTestId('projects-directory')), 'Mobile App v2').join(' | ')).toContain('5 engineers');
  });

  it('moves a project from planning to active after confirming', async () => {
    expect(await cardValue(page, 'card-active-projects')).toBe('3');
    await page.locator('[data-testid=project-actions][data-project="Mobile App v2"]').getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('tooltip').getByText('Move this project to active?').waitFor();
    await page.getByRole('tooltip').getByRole('button', { name: 'Activate' }).click();
    await page.getByText('Project is now active').waitFor();
    await expect.poll(() => cardValue(page, 'card-active-projects')).toBe('4');
    const row = page.getByTestId('projects-directory').locator('tr', { hasText: 'Mobile App v2' });
    // The directory's rows follow the card a few frames later (they render in React's time slices).
    await expect.poll(() => row.locator('[data-status]').first().getAttribute('data-status')).toBe('active');
    // The next move from active is Complete.
    await row.getByRole('button', { name: 'Complete' }).waitFor();
  });

  it('registers an engineer, who shows in the directory; the admin invites them to sign in from there, and they do', async () => {
    await navigate(page, 'Engineers', '/engineers');
    await page.getByTestId('add-engineer').click();
    const dialog = page.getByRole('dialog', { name: /Add engineer/ });
    await dialog.getByTestId('engineer-submit').click();
    await dialog.getByText('Name is required').waitFor();
    // No password: registering plans someone, an invitation lets them sign in.
    expect(await dialog.getByLabel('First password').count()).toBe(0);
    await dialog.getByLabel('Name', { exact: true }).fill('Noor Haddad');
    await dialog.getByLabel('Email', { exact: true }).fill('noor.haddad@demo.test');
    await dialog.getByLabel('Department').fill('Platform');
    await dialog.getByLabel('Max capacity').fill('80');
    const skills = dialog.getByRole('combobox', { name: 'Skills' });
    await skills.click();
    await skills.fill('Rust');
    await skills.press('Enter');
    await skills.fill('Go');
    await skills.press('Enter');
    // Out of the skills field, so its list of options closes.
    await dialog.getByLabel('Department').click();
    await dialog.getByTestId('engineer-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Noor Haddad is on the team').waitFor();
    await expect.poll(() => cardValue(page, 'card-showing-engineers')).toBe('9');
    const row = (await rowOf(page.getByTestId('engineers-directory'), 'Noor Haddad')).join(' | ');
    for (const part of ['noor.haddad@demo.test', 'Platform', 'Rust', 'Go', 'Mid', 'Part-time', '(80%)']) expect(row).toContain(part);

    // The demo manager is an admin: the toast offers the invitation, prefilled on People & access.
    await page.getByTestId('invite-registered').click();
    await page.waitForURL('**/people');
    const invite = page.getByTestId('invite-dialog');
    expect(await invite.getByLabel(/E-?mail/).inputValue()).toBe('noor.haddad@demo.test');
    await invite.getByTestId('invite-submit').click();
    const link = await invite.getByTestId('invite-link').inputValue();
    await invite.getByTestId('invite-done').click();

    const context = await newContext(browser);
    contexts.push(context);
    const noor = await context.newPage();
    pageErrors.push(collectPageErrors(noor));
    await noor.goto(`${server.baseUrl}/invite${new URL(link).hash}`);
    await noor.getByTestId('invitation').waitFor();
    await noor.getByLabel('Password', { exact: true }).fill('noor first passphrase');
    await noor.getByLabel('Confirm password').fill('noor first passphrase');
    await noor.getByTestId('accept-submit').click();
    await noor.waitForURL('**/engineer-dashboard');
    await navigate(page, 'Engineers', '/engineers');
  });

  it('edits an engineer; the email stays as it is', async () => {
    await page.locator('[data-testid=engineer-edit][data-engineer="Lucas Silva"]').click();
    const dialog = page.getByRole('dialog', { name: /Edit engineer/ });
    expect(await dialog.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel('Max capacity').fill('60');
    await dialog.getByTestId('engineer-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Lucas Silva updated').waitFor();
    await expect.poll(async () => rowWith(await tableRows(page.getByTestId('engineers-directory')), 'Lucas Silva').join(' | ')).toContain('Part-time (60%)');
  });

  it('removes an assignment after confirming', async () => {
    await navigate(page, 'Assignments', '/assignments');
    expect(await cardValue(page, 'card-total-assignments')).toBe('14');
    await page.locator('[data-testid=assignment-actions][data-assignment="Tom Becker on Mobile App v2"]').getByRole('button', { name: 'Remove assignment' }).click();
    await page.getByRole('tooltip').getByText('Remove this assignment?').waitFor();
    await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Assignment removed').waitFor();
    await expect.poll(() => cardValue(page, 'card-total-assignments')).toBe('13');
    const rows = await tableRows(page.getByTestId('all-assignments'));
    expect(rows.some((cells) => cells[0]?.includes('Tom Becker') && cells[1] === 'Mobile App v2')).toBe(false);
  });
});

describe('an engineer keeps their own skills up to date', () => {
  it('edits their skills on the profile', async () => {
    const page = await pageFor(ENGINEER.email);
    await navigate(page, 'Profile', '/profile');
    const skills = page.getByTestId('profile-skills');
    await skills.getByText('GraphQL').waitFor();
    await page.getByTestId('edit-skills').click();
    const editor = page.getByRole('combobox', { name: 'Your skills' });
    await editor.click();
    await editor.fill('Rust');
    await editor.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('skills-save').click();
    await page.getByText('Skills updated').waitFor();
    await expect.poll(async () => normalize(await page.getByTestId('profile-skills').innerText())).toBe('React TypeScript Node.js GraphQL Rust');
  });

  it('sees none of the managers\' controls, even at a manager\'s address: it leads to their own dashboard', async () => {
    const page = await pageFor(ENGINEER.email);
    await page.goto(`${server.baseUrl}/assignments`);
    await page.waitForURL(`${server.baseUrl}/engineer-dashboard`);
    await page.getByTestId('card-my-projects').waitFor();
    expect(await page.getByTestId('new-assignment').count()).toBe(0);
    expect(await page.getByTestId('all-assignments').count()).toBe(0);
  });
});

describe('an auditor reads everything and changes nothing', () => {
  it('sees no planning controls on Assignments, Projects or Engineers', async () => {
    const page = await pageFor('auditor@demo.test');
    await navigate(page, 'Assignments', '/assignments');
    await page.getByTestId('all-assignments').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.getByTestId('new-assignment').count()).toBe(0);
    expect(await tableHeaders(page.getByTestId('all-assignments'))).not.toContain('Actions');

    await navigate(page, 'Projects', '/projects');
    await page.getByTestId('projects-directory').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await tableHeaders(page.getByTestId('projects-directory'))).not.toContain('Actions');
    expect(await page.getByTestId('project-actions').count()).toBe(0);

    await navigate(page, 'Engineers', '/engineers');
    await page.getByTestId('engineers-directory').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.getByTestId('add-engineer').count()).toBe(0);
    expect(await tableHeaders(page.getByTestId('engineers-directory'))).not.toContain('Actions');
  });
});

describe('the pages', () => {
  it('raised no errors', () => {
    expect(pageErrors.flat()).toEqual([]);
  });
});
