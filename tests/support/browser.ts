/**
 * Headless Chromium for the e2e tier, driven by playwright-core: the system Chromium
 * (`apt-get install -y chromium`), since `npx playwright install` cannot download browsers here.
 * CHROMIUM_PATH overrides the executable.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Headless Chromium opens every new page in a window of its own, and each new window loads its
  // omnibox popup (a WebUI page in a renderer of its own). On a 2-core machine that renderer kept a
  // core busy for about a second of every page opened, during the very load being measured: the
  // schedule's cold load went from p50 909 to 626 ms, and the Profile screen's from 650 to 450 ms,
  // with it switched off. A tab opened in a real browser window shares the window's popup.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
];

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_EXECUTABLE)) {
    throw new Error(`Chromium not found at ${CHROMIUM_EXECUTABLE}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    headless: true,
    timeout: 60_000,
    ...options,
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
