/**
 * Live updates end to end, in Chromium on two server instances sharing one database:
 * a project created through the dialog by one manager (instance A) appears in another manager's
 * Projects table and Manager Dashboard (instance B) without reload; an assignment made for the demo
 * engineer appears on their dashboard without reload, with the 'New assignment' notification; a tab
 * that loses the network shows it, and gets what it missed when the network is back.
 * Screenshots of the header status go to screenshots/live/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';

const SHOTS = path.resolve('screenshots/live');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'demo1234';
const LIVE_TIMEOUT = 15_000;

let a: Awaited<ReturnType<typeof startE2EServer>>;
let b: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

async function signIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(manager|engineer)-dashboard$/);
}

/** Marks the document: if the page reloads or navigates away, the mark is gone. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 42));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 42);

const liveStatus = (page: Page) => page.getByTestId('live-status');
async function untilStatus(page: Page, status: string, timeout = LIVE_TIMEOUT) {
  await page.locator(`[data-testid=live-status][data-status=${status}]`).waitFor({ timeout });
}

async function cardValue(page: Page, testId: string): Promise<number> {
  const value = page.getByTestId(testId).locator('[data-role=value]');
  await value.locator('.ant-skeleton').waitFor({ state: 'detached' });
  return Number((await value.innerText()).trim());
}

async function untilCard(page: Page, testId: string, expected: number) {
  await page.waitForFunction(
    ({ testId, expected }) => document.querySelector(`[data-testid="${testId}"] [data-role=value]`)?.textContent?.trim() === String(expected),
    { testId, expected },
    { timeout: LIVE_TIMEOUT },
  );
}

async function api<T>(server: E2EServer, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const login = async (server: E2EServer, email: string) =>
  (await api<{ token: string }>(server, 'POST', '/api/auth/login', null, { email, password: PASSWORD })).token;

/** The header, cropped, at the page's current width. */
async function shootHeader(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.locator('header.ant-layout-header').screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const day = (offset: number) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offset);
  return d;
};
const typed = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

beforeAll(async () => {
  a = await startE2EServer();
  b = await a.second();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await b?.close();
  await a?.close();
});

describe('live updates across browsers and server instances', () => {
  const projectName = `Live Beacon ${Date.now().toString(36)}`;
  let projects: Page; // manager2 on instance B, Projects screen
  let dashboard: Page; // manager2 on instance B, Manager Dashboard (a second tab)
  let creator: Page; // manager on instance A

  it('shows the connection as Live in the header once caught up', async () => {
    dashboard = await newPage();
    await signIn(dashboard, b.baseUrl, 'manager2@demo.test');
    await dashboard.getByText('Team Utilization Overview').waitFor();
    await untilStatus(dashboard, 'live');
    expect((await liveStatus(dashboard).innerText()).trim()).toBe('Live');

    // The tooltip says what it means (after the 700 ms delay).
    await liveStatus(dashboard).hover();
    await dashboard.getByRole('tooltip').getByText('changes made by anyone appear here as they happen').waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await dashboard.screenshot({ path: path.join(SHOTS, 'status-live-tooltip-desktop.png'), clip: { x: 900, y: 0, width: 540, height: 140 } });
    await dashboard.mouse.move(10, 400);
    await shootHeader(dashboard, 'status-live-desktop');
    await dashboard.setViewportSize(PHONE);
    await shootHeader(dashboard, 'status-live-mobile');
    const chip = await liveStatus(dashboard).boundingBox();
    expect(chip && chip.x + chip.width).toBeLessThanOrEqual(PHONE.width);
    await dashboard.setViewportSize(DESKTOP);

    projects = await dashboard.context().newPage();
    projects.on('pageerror', (error) => pageErrors.push(error.message));
    await projects.goto(`${b.baseUrl}/projects`);
    await projects.getByTestId('add-project').waitFor();
    await untilStatus(projects, 'live');
  });

  it('a project created through the dialog on instance A appears in the Projects table and Manager Dashboard on instance B without reload', async () => {
    const totalBefore = await cardValue(dashboard, 'card-total-projects');
    await markDocument(dashboard);
    await markDocument(projects);
    expect(await projects.getByText(projectName).count()).toBe(0);

    creator = await newPage();
    await signIn(creator, a.baseUrl, 'manager@demo.test');
    await creator.getByTestId('sidebar').getByRole('link', { name: 'Projects', exact: true }).click();
    await creator.waitForURL('**/projects');
    await untilStatus(creator, 'live');
    await creator.getByTestId('add-project').click();
    const dialog = creator.getByTestId('create-project-dialog');
    await dialog.getByPlaceholder('e.g. Customer Portal Redesign').fill(projectName);
    await dialog.getByPlaceholder('What is this project about').fill('Created in one browser, seen live in another.');
    const end = dialog.getByPlaceholder('Pick a date').nth(1);
    await end.click();
    await end.fill(typed(day(60)));
    await end.press('Enter');
    await dialog.getByTestId('skill-options').getByText('React', { exact: true }).click();
    await dialog.getByTestId('create-project-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await creator.getByRole('cell', { name: projectName }).first().waitFor();

    // Manager 2, on the other instance, without reload.
    await projects.getByRole('cell', { name: projectName }).first().waitFor({ timeout: LIVE_TIMEOUT });
    await untilCard(dashboard, 'card-total-projects', totalBefore + 1);
    expect(await stillSameDocument(projects)).toBe(true);
    expect(await stillSameDocument(dashboard)).toBe(true);
    // Exactly once: the creator's own screen (which also reloaded its list after the write) and the others.
    expect(await projects.getByRole('cell', { name: projectName }).count()).toBe(1);
    expect(await creator.getByRole('cell', { name: projectName }).count()).toBe(1);
  });

  it('an assignment made for the demo engineer appears on their dashboard without reload, with a notification', async () => {
    const engineer = await newPage();
    await signIn(engineer, b.baseUrl, 'engineer@demo.test');
    await engineer.getByTestId('card-my-projects').waitFor();
    await untilStatus(engineer, 'live');
    const before = await cardValue(engineer, 'card-my-projects');
    await engineer.setViewportSize(PHONE);
    await shootHeader(engineer, 'status-live-engineer-mobile');
    await engineer.setViewportSize(DESKTOP);
    await markDocument(engineer);
    // History the engineer already has brings no notification.
    expect(await engineer.getByTestId('assignment-notice').count()).toBe(0);

    const token = await login(a, 'manager@demo.test');
    const engineers = await api<{ _id: string; email: string }[]>(a, 'GET', '/api/engineers', token);
    const allProjects = await api<{ _id: string; name: string; startDate: string; endDate: string }[]>(a, 'GET', '/api/projects', token);
    const target = allProjects.find((p) => p.name === projectName)!;
    const sam = engineers.find((e) => e.email === 'engineer@demo.test')!;
    await api(a, 'POST', '/api/assignments', token, {
      engineerId: sam._id, projectId: target._id, role: 'Frontend Developer', allocationPercentage: 10,
      startDate: day(0).toISOString(), endDate: day(30).toISOString(),
    });

    const notice = engineer.getByTestId('assignment-notice');
    await notice.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await notice.innerText()).toContain(`New assignment: ${projectName}`);
    await untilCard(engineer, 'card-my-projects', before + 1);
    await engineer.getByTestId('current-projects').getByText(projectName).waitFor();
    expect(await stillSameDocument(engineer)).toBe(true);
    expect(await notice.count()).toBe(1);

    mkdirSync(SHOTS, { recursive: true });
    await engineer.waitForTimeout(400);
    await engineer.screenshot({ path: path.join(SHOTS, 'engineer-notification-desktop.png') });
    await engineer.setViewportSize(PHONE);
    await engineer.screenshot({ path: path.join(SHOTS, 'engineer-notification-mobile.png') });
  });

  it('the Assignments table, searched by the server on instance B, shows a matching assignment made on instance A without reload, and drops it once removed', async () => {
    const page = await newPage();
    await signIn(page, b.baseUrl, 'manager2@demo.test');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Assignments', exact: true }).click();
    await page.waitForURL('**/assignments');
    await untilStatus(page, 'live');
    const table = page.getByTestId('all-assignments');
    await page.getByLabel('Search assignments').fill('Jordan Lee');
    await table.getByText('Showing 1 assignment', { exact: true }).waitFor();
    await markDocument(page);

    const token = await login(a, 'manager@demo.test');
    const engineers = await api<{ _id: string; name: string }[]>(a, 'GET', '/api/engineers', token);
    const allProjects = await api<{ _id: string; name: string }[]>(a, 'GET', '/api/projects', token);
    const jordan = engineers.find((e) => e.name === 'Jordan Lee')!;
    const target = allProjects.find((p) => p.name === projectName)!;
    const created = await api<{ _id: string; version: number }>(a, 'POST', '/api/assignments', token, {
      engineerId: jordan._id, projectId: target._id, role: 'Live Reviewer', allocationPercentage: 10,
      startDate: day(0).toISOString(), endDate: day(30).toISOString(),
    });
    await table.getByText('Showing 2 assignments').waitFor({ timeout: LIVE_TIMEOUT });
    await table.getByRole('cell', { name: 'Live Reviewer' }).waitFor();

    await api(a, 'DELETE', `/api/assignments/${created._id}`, token, { version: created.version });
    await table.getByText('Showing 1 assignment', { exact: true }).waitFor({ timeout: LIVE_TIMEOUT });
    expect(await table.getByRole('cell', { name: 'Live Reviewer' }).count()).toBe(0);
    expect(await stillSameDocument(page)).toBe(true);
  });

  it('a tab that loses the network says Offline, then receives what it missed once back online', async () => {
    const context = dashboard.context();
    const totalBefore = await cardValue(dashboard, 'card-total-projects');
    await context.setOffline(true);
    await untilStatus(dashboard, 'offline');
    expect((await liveStatus(dashboard).innerText()).trim()).toBe('Offline');
    await shootHeader(dashboard, 'status-offline-desktop');
    await dashboard.setViewportSize(PHONE);
    await shootHeader(dashboard, 'status-offline-mobile');
    await dashboard.setViewportSize(DESKTOP);

    const token = await login(a, 'manager@demo.test');
    const missed = `Missed while offline ${Date.now().toString(36)}`;
    await api(a, 'POST', '/api/projects', token, {
      name: missed, description: 'Made while the other tab had no network.', startDate: day(1).toISOString(), endDate: day(90).toISOString(),
      teamSize: 2, requiredSkills: ['Go'], status: 'planning',
    });
    await dashboard.waitForTimeout(1_000);
    expect(await cardValue(dashboard, 'card-total-projects')).toBe(totalBefore);

    await context.setOffline(false);
    await untilStatus(dashboard, 'live');
    await untilCard(dashboard, 'card-total-projects', totalBefore + 1);
    await projects.getByRole('cell', { name: missed }).first().waitFor({ timeout: LIVE_TIMEOUT });
    expect(await projects.getByRole('cell', { name: missed }).count()).toBe(1);
    expect(await stillSameDocument(dashboard)).toBe(true);
  });

  it('raised no error in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
