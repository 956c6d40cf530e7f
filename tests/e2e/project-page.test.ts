/**
 * A page per project (/projects/:id) in Chromium on the real server, at 1440 x 900 and 390 x 844: a
 * project's name on the Projects screen (searched on the server) opens it; it shows the details, the
 * team and the open roles; a bar dragged on its timeline moves the assignment, the message offers Undo,
 * and the history says both; the tentative switch marks it tentative and confirms it again.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { DESKTOP, horizontalOverflow, MANAGER, navigate, normalize, PHONE, settle, signIn } from '../support/screens.ts';

const SHOTS = '/tmp/shots-proj';

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  await signIn(page, server.baseUrl, MANAGER.email);
});
afterAll(() => closePageSession(session));

const PORTAL = 'Customer Portal Redesign';
/** A full-page capture from the top (scrolled, the fixed sidebar would be drawn across the content). */
const shot = async (name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** The history's sentences, newest first, once `expected` is among them. */
async function historyWith(expected: RegExp): Promise<string[]> {
  const events = page.getByTestId('project-history-event');
  await expect
    .poll(async () => {
      const texts = (await events.allInnerTexts()).map(normalize);
      return texts.some((text) => expected.test(text)) ? 'found' : texts.slice(0, 4).join(' | ');
    }, { timeout: 15_000 })
    .toBe('found');
  return (await events.allInnerTexts()).map(normalize);
}

describe('the project page', () => {
  it('opens from a project name found by the server-side search on the Projects screen', async () => {
    await navigate(page, 'Projects', '/projects');
    const search = page.getByTestId('project-search');
    const answered = page.waitForResponse((r) => r.url().includes('/api/projects?') && r.url().includes('q=portal'));
    await search.fill('portal');
    expect((await answered).status()).toBe(200);
    const links = page.getByTestId('project-link');
    await expect.poll(() => links.allInnerTexts()).toEqual([PORTAL]);
    await links.first().click();
    await page.waitForURL(/\/projects\/[^/]+$/);
    expect(await page.getByTestId('project-name').innerText()).toBe(PORTAL);
  });

  it('shows the details, team, open roles, timeline and history', async () => {
    await page.getByTestId('project-team').locator('.ant-table-row').first().waitFor();
    const team = await page.getByTestId('project-team').locator('.ant-table-row').allInnerTexts();
    expect(team.length).toBeGreaterThan(0);
    expect(team.some((row) => row.includes('Sam Rivera'))).toBe(true);
    expect(await page.getByTestId('timeline-bar').count()).toBe(team.length);
    expect(await page.getByTestId('project-details').innerText()).toContain('Confirmed');
    const history = await historyWith(/created project Customer Portal Redesign/);
    expect(history.at(-1)).toMatch(/created project Customer Portal Redesign/);
    await settle(page, 600);
    await shot('project-desktop');
    expect(pageErrors).toEqual([]);
  });

  it('opened by its address, it never says the team is empty before the team has loaded', async () => {
    const address = page.url();
    const cold = await page.context().newPage();
    try {
      // Every text the page ever showed about its team, from the first node on.
      await cold.addInitScript(() => {
        const seen: string[] = ((window as unknown as { __teamTexts: string[] }).__teamTexts = []);
        new MutationObserver(() => {
          const team = document.querySelector('[data-testid=project-team]');
          if (team) seen.push(team.textContent ?? '');
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await cold.goto(address);
      await cold.getByTestId('project-team').locator('.ant-table-row').first().waitFor();
      const texts = await cold.evaluate(() => (window as unknown as { __teamTexts: string[] }).__teamTexts);
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.filter((text) => /Nobody/.test(text))).toEqual([]);
    } finally {
      await cold.close();
    }
  });

  it('a bar dragged on the timeline moves the assignment; Undo puts it back; the history says both', async () => {
    // Aisha's work starts next month: a move of work not started yet moves it whole (a started bar keeps its
    // past, as days-included.test.ts shows on the schedule).
    const bar = page.locator('[data-testid=timeline-bar][data-engineer="Aisha Khan"]').first();
    await bar.scrollIntoViewIfNeeded();
    const assignmentId = (await bar.getAttribute('data-assignment'))!;
    const before = await (await page.request.get(`${server.baseUrl}/api/assignments/${assignmentId}`, { headers: { authorization: await token(page) } })).json() as { startDate: string; endDate: string };
    const box = (await bar.boundingBox())!;
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/assignments/${assignmentId}`) && r.request().method() === 'PATCH');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // 10 px a day on the desktop timeline: 70 px is a week later.
    for (const dx of [10, 30, 50, 70]) await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2);
    await page.getByTestId('drag-preview').waitFor();
    await page.mouse.up();
    const confirm = page.getByTestId('confirm-overload');
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.headers()['x-command-id']).toMatch(/^[0-9a-f-]{36}$/);
    const moved = (await response.json()) as { startDate: string };
    expect(Date.parse(moved.startDate) - Date.parse(before.startDate)).toBe(7 * 86_400_000);
    await historyWith(/Dana Whitfield moved Aisha Khan on Customer Portal Redesign \d+ days? (later|earlier), to \d{4}-\d{2}-\d{2} - \d{4}-\d{2}-\d{2}/);

    const undone = page.waitForResponse((r) => r.url().includes('/api/undo/') && r.request().method() === 'POST');
    await page.getByTestId('undo-button').click();
    expect((await undone).status()).toBe(200);
    await page.locator('.ant-message').getByText(/^Undone:/).waitFor();
    const after = await (await page.request.get(`${server.baseUrl}/api/assignments/${assignmentId}`, { headers: { authorization: await token(page) } })).json() as { startDate: string; endDate: string };
    expect({ startDate: after.startDate, endDate: after.endDate }).toEqual({ startDate: before.startDate, endDate: before.endDate });
    const history = await historyWith(/^Dana Whitfield undid: moved Aisha Khan on Customer Portal Redesign \d+ days? (later|earlier)/);
    expect(history[0]).toMatch(/^Dana Whitfield undid: /);
    await shot('project-undone-desktop');
  });

  it('the switch marks the project tentative and confirms it again; Undo takes a mark back', async () => {
    const state = page.getByTestId('project-tentative-state');
    const toggled = page.waitForResponse((r) => /\/api\/projects\/[^/]+\/tentative$/.test(r.url()));
    await page.getByTestId('project-tentative-switch').click();
    expect((await toggled).status()).toBe(200);
    await expect.poll(() => state.innerText()).toBe('Tentative');
    await historyWith(/marked Customer Portal Redesign as tentative/);
    const confirmed = page.waitForResponse((r) => /\/api\/projects\/[^/]+\/confirm$/.test(r.url()));
    await page.getByTestId('project-tentative-switch').click();
    expect((await confirmed).status()).toBe(200);
    await expect.poll(() => state.innerText()).toBe('Confirmed');

    // Marked tentative once more, and taken back from its message.
    await page.getByTestId('project-tentative-switch').click();
    await expect.poll(() => state.innerText()).toBe('Tentative');
    const undone = page.waitForResponse((r) => r.url().includes('/api/undo/'));
    await page.locator('.ant-message').getByText('Project marked tentative').last().locator('..').getByTestId('undo-button').click();
    expect((await undone).status()).toBe(200);
    await expect.poll(() => state.innerText()).toBe('Confirmed');
    const history = await historyWith(/^Dana Whitfield undid: marked Customer Portal Redesign as tentative/);
    expect(history[0]).toMatch(/^Dana Whitfield undid: marked Customer Portal Redesign as tentative/);
  });

  it('fits a phone: nothing sticks out sideways, the timeline scrolls in its own box', async () => {
    await page.setViewportSize(PHONE);
    await settle(page, 600);
    expect(await horizontalOverflow(page)).toBe(0);
    const scroll = page.getByTestId('timeline-scroll');
    expect(await scroll.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    await shot('project-mobile');
    await page.setViewportSize(DESKTOP);
    expect(pageErrors).toEqual([]);
  });
});

/** The signed-in token, as the app keeps it. */
async function token(p: Page): Promise<string> {
  return p.evaluate(() => JSON.parse(localStorage.getItem('userToken') ?? '""') as string);
}
