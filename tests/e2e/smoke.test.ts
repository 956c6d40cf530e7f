import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';

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

it('serves the app and signs the manager in to the Manager Dashboard', async () => {
  const page = await browser.newPage();
  await page.goto(server.baseUrl);
  await page.getByText('Manage Your Resources Efficiently').waitFor();
  await page.getByLabel('Email').fill('manager@demo.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await page.waitForURL('**/manager-dashboard');
  await page.getByText('Team Utilization Overview').waitFor();
  expect(await page.getByText('Team Utilization Overview').isVisible()).toBe(true);
});
