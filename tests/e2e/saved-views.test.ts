/**
 * Saved views in Chromium: a manager saves the schedule as it stands under a name, shared; another
 * manager, signed in elsewhere, sees it appear in the sidebar without reloading and opens it to the
 * very same address. A private view of the first manager never shows in the second one's sidebar.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { collectPageErrors, dialogOpened, newContext, signIn } from '../support/screens.ts';

let server: E2EServer;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(email: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  errors.push(...collectPageErrors(page));
  await signIn(page, server.baseUrl, email);
  return page;
}

async function saveView(page: Page, name: string, shared: boolean) {
  await page.getByTestId('save-view').click();
  const dialog = page.getByRole('dialog');
  await dialogOpened(dialog);
  await dialog.getByTestId('save-view-name').fill(name);
  if (shared) await dialog.getByTestId('save-view-shared').check();
  await dialog.getByTestId('save-view-submit').click();
  // The dialog's content goes once it has closed (its frame fades out after).
  await page.getByTestId('save-view-name').waitFor({ state: 'hidden', timeout: 15_000 }).catch(async () => {
    throw new Error(`not saved: ${await dialog.getByRole('alert').innerText().catch(() => 'no message')} at ${page.url()}`);
  });
}

const sidebarView = (page: Page, name: string) => page.getByTestId('saved-views').getByRole('link', { name, exact: true });

describe('saved views', () => {
  it('a shared view saved on the schedule appears live in another manager\'s sidebar and opens the same address', async () => {
    const other = await signedIn('manager2@demo.test');
    const saver = await signedIn('manager@demo.test');

    // The schedule as it stands, its state in the address (the screen writes its view into the query).
    await saver.goto(`${server.baseUrl}/capacity?step=month`);
    await saver.getByTestId('schedule-row').first().waitFor();
    await saver.waitForURL((url) => url.searchParams.get('step') === 'month');
    const saved = new URL(saver.url());
    const name = `Monthly load ${Date.now().toString(36)}`;
    await saveView(saver, `${name} (mine)`, false);
    await sidebarView(saver, `${name} (mine)`).waitFor();
    await saveView(saver, name, true);
    await sidebarView(saver, name).waitFor();

    // The other manager's sidebar takes it from the live channel: no reload (the document keeps its mark).
    await other.evaluate(() => ((window as unknown as { viewsMark: number }).viewsMark = 1));
    await sidebarView(other, name).waitFor({ timeout: 20_000 });
    expect(await other.evaluate(() => (window as unknown as { viewsMark?: number }).viewsMark)).toBe(1);
    expect(await sidebarView(other, `${name} (mine)`).count()).toBe(0);

    await sidebarView(other, name).click();
    await other.waitForURL((url) => url.pathname === saved.pathname && url.search === saved.search);
    await other.getByTestId('schedule-row').first().waitFor();
    expect(new URL(other.url()).search).toBe(saved.search);

    // Removed by its owner, it leaves the other sidebar live too.
    await saver.getByRole('button', { name: `Remove saved view ${name}`, exact: true }).click();
    await sidebarView(other, name).waitFor({ state: 'detached', timeout: 20_000 });
    expect(errors).toEqual([]);
  });
});
