/**
 * The usual start of a screen test file: the real server on a fresh demo database, Chromium, and one
 * desktop page that records its uncaught errors. Open it in beforeAll, close it in afterAll.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { type E2EServer, type E2EServerOptions, startE2EServer } from './e2e-server.ts';
import { collectPageErrors, newContext } from './screens.ts';

export type PageSession = { server: E2EServer; browser: Browser; context: BrowserContext; page: Page; pageErrors: string[] };

export async function openPageSession(options: E2EServerOptions = {}): Promise<PageSession> {
  const opened: Partial<PageSession> = {};
  try {
    opened.server = await startE2EServer(options);
    opened.browser = await launchBrowser();
    opened.context = await newContext(opened.browser);
    const page = await opened.context.newPage();
    return { ...(opened as Omit<PageSession, 'page' | 'pageErrors'>), page, pageErrors: collectPageErrors(page) };
  } catch (error) {
    await closePageSession(opened);
    throw error;
  }
}

/** Closes whatever of the session was opened. */
export async function closePageSession(session: Partial<PageSession> | undefined): Promise<void> {
  await session?.context?.close();
  await session?.browser?.close();
  await session?.server?.close();
}
