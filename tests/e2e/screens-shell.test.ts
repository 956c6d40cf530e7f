/**
 * The signed-in shell in Chromium on the real server: the guard (no token -> /, history entry
 * replaced), logout (token removed, back at /), and the sidebar (Ctrl+B, the 7-day cookie that keeps
 * its state across a reload, the sidebar's widths, the sheet on phones).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, MANAGER, newContext, PHONE, screenshot, signIn } from '../support/screens.ts';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const pathname = (page: Page) => new URL(page.url()).pathname;

describe('guard', () => {
  it('sends a visitor without a token to / and replaces the history entry', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByText('Manage Your Resources Efficiently').waitFor();
    const before = await page.evaluate(() => history.length);
    await page.goto(`${server.baseUrl}/projects`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Manage Your Resources Efficiently').waitFor();
    // One entry for /projects, replaced by / (a push would make it two).
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('guards every screen behind the login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of ['/manager-dashboard', '/engineer-dashboard', '/profile', '/engineers', '/projects', '/assignments', '/report', '/capacity']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByText('Manage Your Resources Efficiently').waitFor();
      expect(pathname(page), path).toBe('/');
    }
    await context.close();
  });
});

describe('logout', () => {
  it('removes userToken from local storage and goes to /; the screens are guarded again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, server.baseUrl, MANAGER.email);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userToken')))!)).toEqual(expect.any(String));
    await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Manage Your Resources Efficiently').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    await page.goto(`${server.baseUrl}/manager-dashboard`);
    await page.getByText('Manage Your Resources Efficiently').waitFor();
    expect(pathname(page)).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sidebar', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(browser);
    page = await context.newPage();
    await signIn(page, server.baseUrl, MANAGER.email);
    await page.getByTestId('user-card').getByText(MANAGER.name).waitFor();
  });
  afterAll(async () => {
    await context?.close();
  });

  const sidebar = () => page.getByTestId('sidebar');
  const state = () => sidebar().getAttribute('data-state');
  const width = async () => Math.round((await sidebar().boundingBox())!.width);
  const waitForState = (value: string) => page.locator(`[data-testid=sidebar][data-state=${value}]`).waitFor();
  const cookie = async () => (await context.cookies()).find((c) => c.name === 'sidebar_state');

  it('is open at 16rem by default', async () => {
    expect(await state()).toBe('expanded');
    await page.waitForTimeout(300);
    expect(await width()).toBe(256);
  });

  it('collapses to 3rem icons with Ctrl+B and stores the state in a cookie for 7 days', async () => {
    await page.keyboard.press('Control+b');
    await waitForState('collapsed');
    await page.waitForTimeout(400); // the width transition
    expect(await width()).toBe(48);
    const stored = await cookie();
    expect(stored?.value).toBe('false');
    expect(stored?.path).toBe('/');
    const days = (stored!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Collapsed to icons: the labels are gone, the icons stay.
    const label = await sidebar().locator('.ant-menu-item', { hasText: 'Engineers' }).locator('.ant-menu-title-content').evaluate((node) => {
      const style = getComputedStyle(node);
      return { opacity: style.opacity, right: node.getBoundingClientRect().right };
    });
    expect(label.opacity).toBe('0');
    // Seven screens plus Project plan, Calendars, Staffing requests, Teams, Scenarios, History and Import / Export
    // for the manager, and People & access and Webhooks for the demo's admin: 7 + 7 + 2.
    expect(await sidebar().locator('.ant-menu-item .anticon').count()).toBe(16);
    await screenshot(page, 'sidebar-collapsed-desktop');
  });

  it('stays collapsed after a reload', async () => {
    await page.reload();
    await sidebar().waitFor();
    expect(await state()).toBe('collapsed');
    expect(await width()).toBe(48);
  });

  it('opens again with Ctrl+B (and stays open after a reload); the header button toggles it too', async () => {
    await page.keyboard.press('Control+b');
    await waitForState('expanded');
    expect((await cookie())?.value).toBe('true');
    await page.reload();
    await sidebar().waitFor();
    expect(await state()).toBe('expanded');
    await page.getByTestId('sidebar-toggle').click();
    await waitForState('collapsed');
    await page.getByTestId('sidebar-toggle').click();
    await waitForState('expanded');
    expect((await cookie())?.value).toBe('true');
  });

  it('is a sheet of 18rem on a phone, opened by the header button and by Ctrl+B', async () => {
    await page.setViewportSize(PHONE);
    await page.getByTestId('sidebar').waitFor({ state: 'detached' });
    const sheet = page.locator('.ant-drawer-content-wrapper');
    expect(await sheet.isVisible()).toBe(false);
    await page.getByTestId('sidebar-toggle').click();
    await sheet.waitFor();
    await page.waitForTimeout(400);
    expect(Math.round((await sheet.boundingBox())!.width)).toBe(288);
    expect(await page.locator('.ant-drawer').getByText('Dana Whitfield').isVisible()).toBe(true);
    await screenshot(page, 'sidebar-sheet-mobile', false);
    // Navigating closes the sheet.
    await page.locator('.ant-drawer').getByRole('link', { name: 'Engineers', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/engineers');
    await sheet.waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+b');
    await sheet.waitFor();
    await page.keyboard.press('Control+b');
    await sheet.waitFor({ state: 'hidden' });
  });
});
