/**
 * An engineer who types a manager screen's address lands on their own dashboard, in Chromium on the
 * real server: the address is replaced in the history (Back leads to the page before it), and the
 * manager screen never renders (its code is not even fetched), so nothing flashes colleagues at 0 %.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { ENGINEER, signIn } from '../support/screens.ts';

/** Every screen outside an engineer's navigation, with the name of the lazily loaded chunk that draws it. */
const MANAGER_ROUTES = [
  { path: '/manager-dashboard', screen: 'ManagerDashboardPage' },
  { path: '/engineers', screen: 'EngineersPage' },
  { path: '/projects', screen: 'ProjectsPage' },
  { path: '/assignments', screen: 'AssignmentsPage' },
  { path: '/capacity', screen: 'CapacityPage' },
  { path: '/report', screen: 'ReportPage' },
  { path: '/history', screen: 'HistoryPage' },
];

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];
const scripts: string[] = [];

const pathname = () => new URL(page.url()).pathname;

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, server.baseUrl, ENGINEER.email);
});
afterAll(() => closePageSession(session));

describe('an engineer on a manager route', () => {
  for (const { path, screen } of MANAGER_ROUTES) {
    it(`${path} lands on the engineer dashboard; Back does not return to ${path}`, async () => {
      // A known page before, so Back has a definite place to go.
      await page.goto(`${server.baseUrl}/profile`);
      await page.getByTestId('personal-information').getByText(ENGINEER.department).waitFor();
      scripts.length = 0;

      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForURL('**/engineer-dashboard');
      await page.getByTestId('current-projects').waitFor();
      expect(pathname()).toBe('/engineer-dashboard');
      expect(scripts.filter((file) => file.includes(`/${screen}-`))).toEqual([]);

      // Replaced, not pushed: one step back is the profile, not the manager route (which would
      // redirect again and leave the engineer on the dashboard).
      await page.goBack();
      await page.waitForURL('**/profile');
      await page.getByTestId('personal-information').waitFor();
      expect(pathname()).toBe('/profile');
      expect(scripts.filter((file) => file.includes(`/${screen}-`))).toEqual([]);
    });
  }

  it('also when the address is typed in another case or with a trailing slash', async () => {
    await page.goto(`${server.baseUrl}/Capacity/`);
    await page.waitForURL('**/engineer-dashboard');
    await page.getByTestId('current-projects').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
