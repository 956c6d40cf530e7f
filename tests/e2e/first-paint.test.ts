/**
 * The schedule's first paint, in Chromium against the real server on the demo: a manager who opens
 * the schedule's address sees its top rows, the API's own, drawn from the page before the app has
 * loaded, and the app then draws its grid in the same place and takes the first paint away in the
 * same frame, with no moment without rows; while the app's code is late the first paint holds the
 * page (screenshots at 1440 and 390 px). An engineer, and anyone signed out, never gets one.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewFromSearch } from '../../domain/schedule/view.ts';
import { capacityQuery } from '../../domain/schedule/window.ts';
import { httpApi } from '../support/api-client.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, DESKTOP, ENGINEER, MANAGER, newContext, PHONE, screenshot, signIn } from '../support/screens.ts';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

type Timeline = {
  frameAt?: number;
  frameTop?: number;
  frameNames?: string[];
  appAt?: number;
  appTop?: number;
  frameGoneAt?: number;
  /** Whether the app's rows were in the page when the first paint went. */
  appRowsWhenGone?: boolean;
};

/** Records, in the page's clock, when the first paint's rows and the app's rows come, and when the first paint goes. */
const RECORDER = `(() => {
  const t = (window.__timeline = {});
  const top = (el) => Math.round(el.getBoundingClientRect().top);
  const check = () => {
    const frame = document.querySelector('#first-paint .schedule-row');
    const app = document.querySelector('[data-testid=schedule-row]');
    if (frame && t.frameAt === undefined) {
      t.frameAt = performance.now();
      t.frameTop = top(frame);
      t.frameNames = [...document.querySelectorAll('#first-paint .schedule-name-cell .name')].map((e) => e.textContent);
    }
    if (app && t.appAt === undefined) { t.appAt = performance.now(); t.appTop = top(app); }
    if (t.frameAt !== undefined && t.frameGoneAt === undefined && !document.getElementById('first-paint')) {
      t.frameGoneAt = performance.now();
      t.appRowsWhenGone = !!app;
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

const timeline = (page: Page) => page.evaluate(() => (window as { __timeline?: Timeline }).__timeline ?? {});

async function signedIn(email: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  await context.addInitScript(RECORDER);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, server.baseUrl, email);
  return { context, page, errors };
}

const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'cp_session');

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

describe('the schedule opened at its address', () => {
  it('shows the API\'s first rows before the app has loaded, then the app\'s in the same place, never without rows between, at 1440 and 390 px', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page, errors } = await signedIn(MANAGER.email, viewport);
      const cookie = await sessionCookie(context);
      expect(cookie?.sameSite).toBe('Strict');
      const token = JSON.parse((await page.evaluate(() => localStorage.getItem('userToken')))!) as string;
      expect(cookie?.value).toBe(token);

      await page.goto(`${server.baseUrl}/capacity?weeks=26`);
      await page.getByTestId('schedule-row').first().waitFor();
      await page.locator('#first-paint').waitFor({ state: 'detached' });
      const t = await timeline(page);
      expect(t.frameAt, `${viewport.width} px`).toBeDefined();
      expect(t.frameAt!).toBeLessThan(t.appAt!);
      expect(t.appRowsWhenGone).toBe(true);
      expect(t.frameTop, `${viewport.width} px`).toBe(t.appTop);

      // The rows drawn first are the API's first rows for that view: 26 weeks from this Monday, by name.
      const query = capacityQuery(viewFromSearch(new URLSearchParams('weeks=26')), new Date().toISOString().slice(0, 10));
      const grid = (await httpApi(server.baseUrl).request({ method: 'GET', url: `/api/capacity?${query.toString()}`, token })).json() as { rows: { engineer: { name: string } }[] };
      expect(t.frameNames!.length).toBeGreaterThan(0);
      expect(t.frameNames).toEqual(grid.rows.slice(0, t.frameNames!.length).map((r) => r.engineer.name));
      expect(await page.getByTestId('schedule-name').locator('.name').first().textContent()).toBe(t.frameNames![0]);
      expect(errors).toEqual([]);
    }
  });

  it('holds the page with the grid\'s top while the app\'s code is late, at 1440 and 390 px', async () => {
    for (const [name, viewport] of [['desktop', DESKTOP], ['mobile', PHONE]] as const) {
      const { page } = await signedIn(MANAGER.email, viewport);
      await page.route('**/assets/index-*.js', (route) => route.abort());
      await page.goto(`${server.baseUrl}/capacity`);
      const frame = page.locator('#first-paint');
      await frame.locator('.schedule-row').first().waitFor();
      expect(await frame.locator('h3').textContent()).toBe('Schedule');
      expect(await frame.locator('.fp-head strong').textContent()).toMatch(/^\d+ engineers · [A-Z][a-z]{2} \d+ - [A-Z][a-z]{2} \d+, \d{4}$/);
      expect(await frame.locator('.schedule-period').count()).toBe(12);
      const rows = await frame.locator('.schedule-row').count();
      // As many as the screen shows below where they start, and no more.
      const top = await frame.locator('.schedule-row').first().evaluate((row) => row.getBoundingClientRect().top);
      expect(rows).toBe(Math.min(Math.ceil((viewport.height - top) / 45), 40));
      await screenshot(page, `schedule-first-paint-${name}`, false);
    }
  });
});

describe('the schedule address for others', () => {
  it('draws nothing first for an engineer, who lands on their dashboard', async () => {
    const { context, page } = await signedIn(ENGINEER.email);
    expect(await sessionCookie(context)).toBeDefined();
    await page.goto(`${server.baseUrl}/capacity`);
    await page.waitForURL(/\/engineer-dashboard$/);
    expect((await timeline(page)).frameAt).toBeUndefined();
  });

  it('draws nothing first once signed out: signing out clears the cookie', async () => {
    const { context, page } = await signedIn(MANAGER.email);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/');
    expect(await sessionCookie(context)).toBeUndefined();
    await page.goto(`${server.baseUrl}/capacity`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect((await timeline(page)).frameAt).toBeUndefined();
  });
});
