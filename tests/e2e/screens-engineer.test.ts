/**
 * The login screen and the engineer's screens against the demo data, in Chromium on the real server:
 * a failed and a busy login, the engineer's dashboard (current and upcoming work with its days as 'Jan 05, 2027',
 * both empty states) and profile, with screenshots at desktop and phone width.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import {
  cardText, demoDay, ENGINEER, normalize, PASSWORD, screenshotBoth, shortUs, signIn, tableRows,
} from '../support/screens.ts';

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
});
afterAll(() => closePageSession(session));

describe('login screen', () => {
  it('shows the title, tagline and the form', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByText('Manage Your Resources Efficiently').waitFor();
    await page.getByLabel('Email').waitFor();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    await screenshotBoth(page, 'login');
  });

  it('requires both fields before calling the server', async () => {
    let calls = 0;
    await page.route('**/api/auth/login', (route) => {
      calls += 1;
      return route.continue();
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(calls).toBe(0);
    await page.unroute('**/api/auth/login');
  });

  it('shows an error alert when the password is wrong, and stays on the login screen', async () => {
    await page.getByLabel('Email').fill(ENGINEER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    expect(normalize(await alert.innerText())).toBe('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    await screenshotBoth(page, 'login-error');
  });

  it("reads 'Logging in...' and disables the inputs while signing in, then opens the engineer's dashboard", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Logging in...' }).waitFor();
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    expect(await page.getByLabel('Password').isDisabled()).toBe(true);
    release();
    await page.waitForURL('**/engineer-dashboard');
    await page.unroute('**/api/auth/login');
    // The token is stored as JSON under userToken.
    const stored = await page.evaluate(() => localStorage.getItem('userToken'));
    expect(typeof JSON.parse(stored!)).toBe('string');
  });
});

describe('engineer screens with the demo data', () => {
  it('shows the engineer’s user card and only Dashboard and Profile', async () => {
    const card = page.getByTestId('user-card');
    await card.getByText(ENGINEER.name).waitFor();
    const text = normalize(await card.innerText());
    // The person's initials on the avatar, not the role's ('MR' for every manager).
    expect(await card.locator('[data-role=initials]').innerText()).toBe('SR');
    for (const part of [ENGINEER.name, 'Engineer', ENGINEER.email]) expect(text).toContain(part);
    const links = await page.getByTestId('sidebar').getByRole('link').allInnerTexts();
    expect(links.map((l) => l.trim())).toEqual(['Dashboard', 'Profile']);
  });

  it('Engineer Dashboard: My, Current and Upcoming Projects with their days as Jan 05, 2027', async () => {
    // Sam: Customer Portal Redesign (60%, -60..+60) is current, AI Support Assistant (40%, +30..+180)
    // upcoming, Internal Tools Refresh (-200..-20) finished: 3 in all.
    expect(await cardText(page, 'card-my-projects')).toContain('My Projects 3');
    expect(await cardText(page, 'card-current-projects')).toContain('Current Projects 1');
    expect(await cardText(page, 'card-upcoming-projects')).toContain('Upcoming Projects 1');

    const current = page.getByTestId('current-projects');
    expect(normalize(await current.locator('thead').innerText())).toBe('Project Name Role Allocation Start Date End Date');
    expect(await tableRows(current)).toEqual([
      ['Customer Portal Redesign', 'Tech Lead', '60%', shortUs(demoDay(-60)), shortUs(demoDay(60))],
    ]);
    const upcoming = page.getByTestId('upcoming-projects');
    expect(await tableRows(upcoming)).toEqual([
      ['AI Support Assistant', 'Backend Engineer', '40%', shortUs(demoDay(30)), shortUs(demoDay(180))],
    ]);
    // Long US format: full month name, two-digit day, year.
    expect(shortUs(demoDay(30))).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    await screenshotBoth(page, 'engineer-dashboard');
  });

  it('Profile: personal information and the Engineering Details card', async () => {
    await page.getByTestId('sidebar').getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL('**/profile');
    const info = page.getByTestId('personal-information');
    await info.getByText(ENGINEER.department).waitFor();
    const text = normalize(await info.innerText());
    expect(text).toContain('Personal Information');
    expect(text).toContain(`Name ${ENGINEER.name}`);
    expect(text).toContain(`Email ${ENGINEER.email}`);
    expect(text).toContain('Role Engineer');
    expect(text).toContain(`Department ${ENGINEER.department}`);
    const details = normalize(await page.getByTestId('engineering-details').innerText());
    expect(details).toContain('Engineering Details');
    expect(details).toContain('Seniority Senior');
    expect(details).toContain('Max Capacity 100% (Full-time)');
    expect((await page.getByTestId('profile-skills').locator('.ant-tag').allInnerTexts()).map((s) => s.trim())).toEqual([
      'React', 'TypeScript', 'Node.js', 'GraphQL',
    ]);
    await screenshotBoth(page, 'engineer-profile');
  });

  it('Dashboard link leads back to the engineer dashboard', async () => {
    await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL('**/engineer-dashboard');
    await page.getByTestId('current-projects').waitFor();
  });

  it('shows the Current empty state for an engineer with nothing running (Lucas)', async () => {
    // Lucas: Internal Tools Refresh finished 20 days ago, AI Support Assistant starts in 30 days.
    await signIn(page, server.baseUrl, 'lucas.silva@demo.test');
    await page.getByTestId('user-card').getByText('Lucas Silva').waitFor();
    expect(await cardText(page, 'card-my-projects')).toContain('My Projects 2');
    expect(await cardText(page, 'card-current-projects')).toContain('Current Projects 0');
    const current = normalize(await page.getByTestId('current-projects').innerText());
    expect(current).toContain('No current projects assigned');
    expect(current).toContain('Check back later for new assignments');
    expect(await tableRows(page.getByTestId('upcoming-projects'))).toEqual([
      ['AI Support Assistant', 'Backend Engineer', '50%', shortUs(demoDay(30)), shortUs(demoDay(120))],
    ]);
    await screenshotBoth(page, 'engineer-dashboard-no-current');
  });

  it('shows the Upcoming empty state for an engineer with nothing planned (Jordan)', async () => {
    await signIn(page, server.baseUrl, 'jordan.lee@demo.test');
    await page.getByTestId('user-card').getByText('Jordan Lee').waitFor();
    expect(await cardText(page, 'card-upcoming-projects')).toContain('Upcoming Projects 0');
    const upcoming = normalize(await page.getByTestId('upcoming-projects').innerText());
    expect(upcoming).toContain('No upcoming projects scheduled');
    expect(upcoming).toContain('Your schedule is clear for now');
    expect(await tableRows(page.getByTestId('current-projects'))).toEqual([
      ['Customer Portal Redesign', 'Frontend Engineer', '30%', shortUs(demoDay(-20)), shortUs(demoDay(60))],
    ]);
    expect(pageErrors).toEqual([]);
  });
});
