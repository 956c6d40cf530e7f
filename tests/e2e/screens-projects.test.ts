/**
 * Creating a project through the Create New Project dialog, in Chromium on the real server: the
 * defaults, every create-project validation message under its own field, then a good project that shows
 * the success toast and appears in the Projects Directory.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import {
  cardValue, demoDay, demoEngineers, demoProjects, isoDay, MANAGER, navigate, normalize, rowWith,
  screenshot, screenshotBoth, shortUs, signIn, tableRows,
} from '../support/screens.ts';

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];
let dialog: Locator;

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  await signIn(page, server.baseUrl, MANAGER.email);
  await navigate(page, 'Projects', '/projects');
  await page.getByText('Projects Directory').waitFor();
  dialog = page.getByRole('dialog');
});
afterAll(() => closePageSession(session));

/** The form item whose label reads `label`. */
const field = (label: string) =>
  dialog.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) });

/** The validation message shown under a field ('' when none). */
async function messageUnder(label: string): Promise<string> {
  const item = field(label);
  expect(await item.count(), `one form item labelled ${label}`).toBe(1);
  const error = item.locator('.ant-form-item-explain-error');
  if ((await error.count()) === 0) return '';
  return normalize((await error.allInnerTexts()).join(' '));
}

async function messagesUnderEveryField() {
  const labels = ['Project Name', 'Description', 'Start Date', 'End Date', 'Team Size', 'Project Status', 'Required Skills'];
  const out: Record<string, string> = {};
  for (const label of labels) out[label] = await messageUnder(label);
  return out;
}

async function clearPicker(label: string) {
  const picker = field(label).locator('.ant-picker');
  await picker.hover();
  await picker.locator('.ant-picker-clear').click();
}

/** Opens the picker and clicks the day, paging forward through the months as needed. */
async function pickDate(label: string, day: Date) {
  const title = isoDay(day);
  await field(label).locator('.ant-picker input').click();
  const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await panel.waitFor();
  for (let i = 0; i < 24; i += 1) {
    const cell = panel.locator(`td[title="${title}"]:not(.ant-picker-cell-disabled)`);
    if ((await cell.count()) > 0) {
      await cell.first().click();
      // The panel closes on the pick. Under load a click that lands while the panel still animates in is
      // lost: then the date is typed, as a keyboard user would (the posted body checks the dates).
      const closed = await panel.waitFor({ state: 'hidden', timeout: 5_000 }).then(() => true, () => false);
      if (!closed) {
        const input = field(label).locator('.ant-picker input');
        await input.fill(day.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }));
        await input.press('Tab');
        await panel.waitFor({ state: 'hidden' });
      }
      return;
    }
    await panel.locator('.ant-picker-header-next-btn').click();
  }
  throw new Error(`${title} not found in the picker`);
}

async function clickSkill(skill: string) {
  await page.getByTestId('skill-options').getByText(skill, { exact: true }).click();
}

const submit = () => page.getByTestId('create-project-submit').click();

describe('Create New Project dialog', () => {
  it('opens with the title, the hint, every field and the defaults (both dates today, team size 1, planning)', async () => {
    expect(await cardValue(page, 'card-total-projects')).toBe('6');
    await page.getByTestId('add-project').click();
    await dialog.waitFor();
    const text = normalize(await dialog.innerText());
    expect(text).toContain('Create New Project');
    expect(text).toContain('Add a new project to your portfolio. Fill in all the required information below.');
    for (const label of ['Project Name', 'Description', 'Start Date', 'End Date', 'Team Size', 'Project Status', 'Required Skills']) {
      expect(await field(label).count(), label).toBe(1);
    }
    // Defaults: empty name and description, both dates today, team size 1, no skills, Planning.
    expect(await field('Project Name').locator('input').inputValue()).toBe('');
    expect(await field('Description').locator('textarea').inputValue()).toBe('');
    const today = shortUs(demoDay(0));
    expect(await field('Start Date').locator('input').inputValue()).toBe(today);
    expect(await field('End Date').locator('input').inputValue()).toBe(today);
    expect(await field('Start Date').locator('input').getAttribute('placeholder')).toBe('Pick a date');
    expect(await field('Team Size').locator('input').inputValue()).toBe('1');
    expect(normalize(await field('Project Status').locator('.ant-select').innerText())).toBe('Planning');
    expect(normalize(await page.getByTestId('selected-skills').innerText())).toMatch(/^Selected:/);

    // The skill choices: sorted union of all engineers' skills and all projects' required skills.
    const choices = (await page.getByTestId('skill-options').locator('.ant-tag').allInnerTexts()).map((s) => s.trim());
    const expected = [...new Set([...demoEngineers.flatMap((e) => e.skills), ...demoProjects.flatMap((p) => p.requiredSkills)])].sort((a, b) =>
      a.localeCompare(b),
    );
    expect(choices).toEqual(expected);

    // The status options.
    await field('Project Status').locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    expect((await options.allInnerTexts()).map((o) => o.trim())).toEqual(['Planning', 'Active', 'Completed']);
    await page.keyboard.press('Escape');

    // Days before today are disabled in the pickers; today is not.
    await field('Start Date').locator('.ant-picker input').click();
    const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await panel.waitFor();
    const yesterday = isoDay(demoDay(-1));
    const todayTitle = isoDay(demoDay(0));
    expect(await panel.locator(`td[title="${yesterday}"]`).first().getAttribute('class')).toContain('ant-picker-cell-disabled');
    expect(await panel.locator(`td[title="${todayTitle}"]`).first().getAttribute('class')).not.toContain('ant-picker-cell-disabled');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await screenshotBoth(page, 'projects-create-dialog', { overlay: page.locator('.ant-modal') });
  });

  it('shows the required-field messages under their fields and stays open', async () => {
    await clearPicker('Start Date');
    await clearPicker('End Date');
    await field('Team Size').locator('input').fill('0');
    const status = field('Project Status').locator('.ant-select');
    await status.hover();
    await status.locator('.ant-select-clear').click();
    await submit();
    await field('Project Name').locator('.ant-form-item-explain-error').waitFor();
    expect(await messagesUnderEveryField()).toEqual({
      'Project Name': 'Project name is required',
      Description: 'Description must be at least 10 characters',
      'Start Date': 'Start date is required',
      'End Date': 'End date is required',
      'Team Size': 'Team size must be at least 1',
      'Project Status': 'Project status is required',
      'Required Skills': 'At least one skill is required',
    });
    expect(await dialog.isVisible()).toBe(true);
    await screenshotBoth(page, 'projects-create-errors', { overlay: page.locator('.ant-modal') });
  });

  it('shows the length, range and date-order messages, each under its field', async () => {
    await field('Project Name').locator('input').fill('N'.repeat(101));
    await field('Description').locator('textarea').fill('D'.repeat(501));
    await pickDate('Start Date', demoDay(10));
    await pickDate('End Date', demoDay(5));
    await field('Team Size').locator('input').fill('21');
    await field('Team Size').locator('input').blur();
    await submit();
    await expectMessages({
      'Project Name': 'Project name must be less than 100 characters',
      Description: 'Description must be less than 500 characters',
      'Start Date': '',
      'End Date': 'End date must be after start date',
      'Team Size': 'Team size cannot exceed 20',
      'Project Status': 'Project status is required',
      'Required Skills': 'At least one skill is required',
    });
    // Messages follow the input once the form was submitted: a 9-character description is still too short.
    await field('Description').locator('textarea').fill('Too short');
    await expectMessages({ Description: 'Description must be at least 10 characters' });
    await screenshotBoth(page, 'projects-create-errors-2', { overlay: page.locator('.ant-modal') });
  });

  it('creates a good project: the toast, the dialog closes and the row appears in the Projects Directory', async () => {
    const start = demoDay(7);
    const end = demoDay(40);
    await field('Project Name').locator('input').fill('Launch Readiness Review');
    await field('Description').locator('textarea').fill('Check that every service is ready for the spring launch.');
    await pickDate('Start Date', start);
    await pickDate('End Date', end);
    await field('Team Size').locator('input').fill('3');
    await field('Project Status').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Active' }).click();
    await clickSkill('React');
    await clickSkill('Go');
    expect(normalize(await page.getByTestId('selected-skills').innerText())).toBe('Selected: React, Go');
    await expectMessages({
      'Project Name': '', Description: '', 'Start Date': '', 'End Date': '', 'Team Size': '', 'Project Status': '', 'Required Skills': '',
    });
    await screenshotBoth(page, 'projects-create-filled', { overlay: page.locator('.ant-modal') });

    const posted = page.waitForRequest((r) => r.url().endsWith('/api/projects') && r.method() === 'POST');
    await submit();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Launch Readiness Review', teamSize: 3, status: 'active', requiredSkills: ['React', 'Go'],
      startDate: start.toISOString(), endDate: end.toISOString(),
    });
    expect(typeof body.managerId).toBe('string');

    const toast = page.locator('.ant-message').getByText('Project created successfully!');
    await toast.waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'projects-created-desktop');

    const directory = page.getByTestId('projects-directory');
    await directory.getByText('Launch Readiness Review').waitFor();
    const row = rowWith(await tableRows(directory), 'Launch Readiness Review');
    expect(row[0]).toBe('Launch Readiness Review');
    expect(row[1]).toBe('Check that every service is ready for the spring launch.');
    expect(row[2]).toBe(`${shortUs(start)} - ${shortUs(end)}`);
    expect(row[3]).toBe('3 engineers');
    expect(row[4]).toBe('React Go');
    expect(row[5]).toBe('Active');
    // Newest first: the new project heads the directory.
    expect((await tableRows(directory))[0]![0]).toBe('Launch Readiness Review');
    expect(await cardValue(page, 'card-total-projects')).toBe('7');
    expect(await cardValue(page, 'card-active-projects')).toBe('4');
  });

  it('opens again with the defaults (the form was reset) and Cancel closes it', async () => {
    await page.getByTestId('add-project').click();
    await dialog.waitFor();
    expect(await field('Project Name').locator('input').inputValue()).toBe('');
    expect(await field('Team Size').locator('input').inputValue()).toBe('1');
    expect(normalize(await field('Project Status').locator('.ant-select').innerText())).toBe('Planning');
    expect(await messageUnder('Project Name')).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('keeps the project after a reload (it was saved on the server)', async () => {
    await page.reload();
    await page.getByTestId('projects-directory').getByText('Launch Readiness Review').waitFor();
    expect(await cardValue(page, 'card-total-projects')).toBe('7');
    expect(pageErrors).toEqual([]);
  });
});

async function expectMessages(expected: Record<string, string>) {
  // Messages re-validate on change; give React a moment to render them.
  for (let i = 0; i < 20; i += 1) {
    const actual: Record<string, string> = {};
    for (const label of Object.keys(expected)) actual[label] = await messageUnder(label);
    if (JSON.stringify(actual) === JSON.stringify(expected) || i === 19) {
      expect(actual).toEqual(expected);
      return;
    }
    await page.waitForTimeout(100);
  }
}
