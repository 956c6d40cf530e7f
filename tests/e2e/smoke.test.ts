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

it("keeps the login page's JavaScript under 200 kB gzip: every script the page loads, as the build wrote it", async () => {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').waitFor();
  const { gzipSync } = await import('node:zlib');
  const { readFile } = await import('node:fs/promises');
  const { clientRoot } = await import('../support/e2e-server.ts');
  let total = 0;
  for (const script of scripts) total += gzipSync(await readFile(`${clientRoot}${script}`), { level: 9 }).length;
  console.log(`login page: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzip`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThan(200 * 1024);
  await page.close();
});
