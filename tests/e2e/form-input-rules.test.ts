/**
 * What the planning forms do with input they cannot take, in Chromium on the real server started on an
 * EMPTY database (no demo): a new organisation, whose first admin has no engineer and no skill yet.
 * 1. Add Project: no skill is on offer, so the manager types one (Enter or Add); it is trimmed, not
 *    listed twice in another case, refused over 50 characters, and the project is created with it.
 * 2. Add engineer: a 300-character name is said to be too long; a max capacity of 300, 0, -5 or 101
 *    stays as typed with the range message, and nothing is saved until it is fixed; the same when editing.
 * 3. New assignment: an allocation of 0 or 300 stays as typed with the range message, nothing saved.
 * 4. Profile, change password: the server's 'Your current password is not correct' goes once the
 *    current password is edited.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupLinkIfEmpty } from '../../server/runtime/first-run.ts';
import { httpApi } from '../support/api-client.ts';
import { validProjectPayload } from '../support/api-helpers.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { cardValue, collectPageErrors, dialogOpened, newContext, normalize, rowWith, tableRows } from '../support/screens.ts';

const ADMIN = { name: 'Avery Admin', email: 'avery@org.test', password: 'first admin secret' };
const PROJECT = 'Cluster Migration';
const ENGINEER = 'Noor Haddad';
// Made through the API for the tests that edit and assign, so each test shows its own defect alone.
const PLANNED = { project: 'Platform Upkeep', engineer: 'Lee Park' };

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  server = await startE2EServer({ demo: false });
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
  // The first admin, by the setup link a first start logs.
  const setupLink = await setupLinkIfEmpty(server.app.db, server.baseUrl);
  await page.goto(setupLink!);
  await page.getByTestId('setup-page').waitFor();
  await page.getByLabel('Your name').fill(ADMIN.name);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(ADMIN.password);
  await page.getByTestId('setup-submit').click();
  await page.waitForURL(/\/manager-dashboard$/);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/** The form item of `dialog` whose label reads `label`. */
const field = (dialog: Locator, label: string) =>
  dialog.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) });

/** The message under a field ('' when none). */
async function messageUnder(dialog: Locator, label: string): Promise<string> {
  const error = field(dialog, label).locator('.ant-form-item-explain-error');
  return (await error.count()) === 0 ? '' : normalize((await error.allInnerTexts()).join(' '));
}

/** Opens a screen by its address: a dialog an earlier test left open goes with the reload. */
async function openScreen(pathname: string) {
  await page.goto(`${server.baseUrl}${pathname}`);
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Types a day into a date field, as a keyboard user would. */
async function typeDay(dialog: Locator, label: string, day: Date) {
  const input = field(dialog, label).locator('.ant-picker input');
  await input.click();
  await input.fill(day.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }));
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** Types a number and leaves the field, which is when antd used to clamp it. */
async function typeNumber(input: Locator, value: string) {
  await input.fill(value);
  await input.press('Tab');
}

/** The skill chips ticked, in the order shown (alphabetical). */
const selectedChips = async (dialog: Locator) => (await dialog.locator('.ant-tag-checkable-checked').allInnerTexts()).map((s) => s.trim());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

describe('a new organisation, with no skill anywhere yet', () => {
  it('creates a project with a skill typed in the dialog', async () => {
    await openScreen('/projects');
    await page.getByTestId('add-project').click();
    const dialog = page.getByRole('dialog', { name: /Create New Project/ });
    await dialogOpened(dialog);
    expect(await dialog.getByTestId('skill-options').locator('.ant-tag').count()).toBe(0);

    await field(dialog, 'Project Name').locator('input').fill(PROJECT);
    await field(dialog, 'Description').locator('textarea').fill('Move every service onto the new cluster.');
    await typeDay(dialog, 'End Date', inDays(60));
    await dialog.getByTestId('create-project-submit').click();
    await expect.poll(() => messageUnder(dialog, 'Required Skills')).toBe('At least one skill is required');

    // Enter adds it, trimmed and selected, and does not submit the dialog.
    const box = dialog.getByTestId('new-skill');
    await box.fill('  Kubernetes  ');
    await box.press('Enter');
    await expect.poll(() => selectedChips(dialog)).toEqual(['Kubernetes']);
    expect(normalize(await dialog.getByTestId('selected-skills').innerText())).toBe('Selected: Kubernetes');
    expect(await box.inputValue()).toBe('');
    await expect.poll(() => messageUnder(dialog, 'Required Skills')).toBe('');
    expect(await dialog.isVisible()).toBe(true);

    // The same skill in another case is the one already there.
    await box.fill('kubernetes');
    await dialog.getByTestId('add-skill').click();
    await expect.poll(() => box.inputValue()).toBe('');
    expect((await dialog.getByTestId('skill-options').locator('.ant-tag').allInnerTexts()).map((s) => s.trim())).toEqual(['Kubernetes']);

    // Too long: the limit is said, the text stays to be fixed, nothing is added.
    await box.fill('K'.repeat(51));
    await box.press('Enter');
    expect(normalize(await dialog.getByTestId('new-skill-error').innerText())).toBe('A skill must be at most 50 characters');
    expect(await box.inputValue()).toBe('K'.repeat(51));
    await box.fill('Terraform');
    await expect.poll(() => dialog.getByTestId('new-skill-error').count()).toBe(0);
    await dialog.getByTestId('add-skill').click();
    await expect.poll(() => selectedChips(dialog)).toEqual(['Kubernetes', 'Terraform']);

    await dialog.getByTestId('create-project-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Project created successfully!').waitFor();
    await expect.poll(async () => rowWith(await tableRows(page.getByTestId('projects-directory')), PROJECT).join(' | ')).toContain('Kubernetes');
  });

  it('edits the project with another typed skill', async () => {
    await openScreen('/projects');
    await page.locator(`[data-testid=project-actions][data-project="${PROJECT}"]`).getByRole('button', { name: 'Edit project' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit project/ });
    await dialogOpened(dialog);
    await dialog.getByTestId('new-skill').fill('Helm');
    await dialog.getByTestId('new-skill').press('Enter');
    await expect.poll(() => selectedChips(dialog)).toEqual(['Helm', 'Kubernetes', 'Terraform']);
    await dialog.getByTestId('project-edit-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => rowWith(await tableRows(page.getByTestId('projects-directory')), PROJECT).join(' | ')).toContain('Helm');
  });
});

describe('numbers and names out of range are said, never changed', () => {
  beforeAll(async () => {
    const api = httpApi(server.baseUrl);
    const login = await api.request({ method: 'POST', url: '/api/auth/login', body: { email: ADMIN.email, password: ADMIN.password } });
    const token = (login.json() as { token: string }).token;
    const made = await Promise.all([
      api.request({ method: 'POST', url: '/api/engineers', token, body: { name: PLANNED.engineer, email: 'lee.park@org.test', seniority: 'mid', maxCapacity: 80, skills: ['Go'] } }),
      api.request({ method: 'POST', url: '/api/projects', token, body: validProjectPayload({ name: PLANNED.project, requiredSkills: ['Go'], status: 'active' }) }),
    ]);
    expect(made.map((answer) => answer.statusCode)).toEqual([201, 201]);
  });

  it('Add engineer: a name too long and a max capacity of 300, 0, -5 or 101 each get their message, and nothing is saved', async () => {
    await openScreen('/engineers');
    await page.getByTestId('add-engineer').click();
    const dialog = page.getByRole('dialog', { name: /Add engineer/ });
    await dialogOpened(dialog);
    await dialog.getByLabel('Name', { exact: true }).fill('N'.repeat(300));
    await dialog.getByLabel('Email', { exact: true }).fill('noor.haddad@org.test');
    const capacity = dialog.getByLabel('Max capacity');
    await typeNumber(capacity, '300');
    expect(await capacity.inputValue()).toBe('300');
    await dialog.getByTestId('engineer-submit').click();
    await expect.poll(() => messageUnder(dialog, 'Name')).toBe('Name must be at most 100 characters');
    expect(await messageUnder(dialog, 'Max capacity')).toBe('Max capacity must be between 1 and 100');

    await dialog.getByLabel('Name', { exact: true }).fill(ENGINEER);
    await expect.poll(() => messageUnder(dialog, 'Name')).toBe('');
    for (const value of ['0', '-5', '101']) {
      await typeNumber(capacity, value);
      expect(await capacity.inputValue()).toBe(value);
      await dialog.getByTestId('engineer-submit').click();
      await expect.poll(() => messageUnder(dialog, 'Max capacity')).toBe('Max capacity must be between 1 and 100');
    }
    expect(await dialog.isVisible()).toBe(true);
    expect(await cardValue(page, 'card-showing-engineers')).toBe('1');

    await typeNumber(capacity, '80');
    await expect.poll(() => messageUnder(dialog, 'Max capacity')).toBe('');
    await dialog.getByTestId('engineer-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${ENGINEER} is on the team`).waitFor();
    await expect.poll(async () => rowWith(await tableRows(page.getByTestId('engineers-directory')), ENGINEER).join(' | ')).toContain('(80%)');
  });

  it('Edit engineer: a max capacity of 300 gets the range message and the engineer keeps 80 %', async () => {
    await openScreen('/engineers');
    await page.locator(`[data-testid=engineer-edit][data-engineer="${PLANNED.engineer}"]`).click();
    const dialog = page.getByRole('dialog', { name: /Edit engineer/ });
    await dialogOpened(dialog);
    const capacity = dialog.getByLabel('Max capacity');
    await typeNumber(capacity, '300');
    expect(await capacity.inputValue()).toBe('300');
    await dialog.getByTestId('engineer-submit').click();
    await expect.poll(() => messageUnder(dialog, 'Max capacity')).toBe('Max capacity must be between 1 and 100');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(rowWith(await tableRows(page.getByTestId('engineers-directory')), PLANNED.engineer).join(' | ')).toContain('(80%)');
  });

  it('New assignment: an allocation of 0 or 300 gets the range message, and nothing is saved until it is fixed', async () => {
    await openScreen('/assignments');
    await page.getByTestId('new-assignment').click();
    const dialog = page.getByRole('dialog', { name: /New assignment/ });
    await dialogOpened(dialog);
    await dialog.getByTestId('assignment-project').click();
    await page.locator('.ant-select-item-option', { hasText: PLANNED.project }).click();
    await dialog.locator(`[data-name="${PLANNED.engineer}"]`).click();
    await expect.poll(() => dialog.locator(`[data-name="${PLANNED.engineer}"]`).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).fill('Platform Engineer');

    const allocation = dialog.getByTestId('assignment-allocation');
    for (const value of ['0', '300']) {
      await typeNumber(allocation, value);
      expect(await allocation.inputValue()).toBe(value);
      await dialog.getByTestId('assignment-submit').click();
      await expect.poll(() => messageUnder(dialog, 'Allocation')).toBe('Allocation must be between 1 and 100');
    }
    expect(await dialog.isVisible()).toBe(true);
    expect(await cardValue(page, 'card-total-assignments')).toBe('0');

    await typeNumber(allocation, '50');
    await dialog.getByTestId('assignment-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${PLANNED.engineer} is now on ${PLANNED.project}`).waitFor();
    await expect.poll(() => cardValue(page, 'card-total-assignments')).toBe('1');
  });
});

describe('Profile, change password', () => {
  it("drops 'Your current password is not correct' once the current password is edited, and after another mistake shows only that", async () => {
    await openScreen('/profile');
    const card = page.getByTestId('change-password');
    await card.getByLabel('Current password').fill('not my password');
    await card.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await card.getByLabel('Confirm new password').fill('a brand new passphrase');
    await card.getByTestId('change-password-submit').click();
    await card.getByText('Your current password is not correct').waitFor();

    await card.getByLabel('Current password').fill(ADMIN.password);
    await card.getByText('Your current password is not correct').waitFor({ state: 'detached' });
    await card.getByLabel('Confirm new password').fill('another passphrase');
    await card.getByTestId('change-password-submit').click();
    await card.getByText('The two passwords do not match').waitFor();
    expect(await card.getByText('Your current password is not correct').count()).toBe(0);
  });
});

describe('the page', () => {
  it('raised no errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
