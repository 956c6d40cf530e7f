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
