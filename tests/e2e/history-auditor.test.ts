/**
 * The auditor's history end to end, in Chromium on the real server: the auditor signs in, filters the history and
 * exports it, travels to a moment before a project existed and sees it absent on every screen (by a
 * date and time, and by an event's 'View the plan at this point'), returns to live and sees it again,
 * verifies the hash chains, compares two moments (a long comparison page by page); and never sees a write control.
 * Screenshots (desktop and 390 px) go to screenshots/history/ (git-ignored).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../server/auth/accounts.ts';
import { generatePlan } from '../../server/seed/generate.ts';
import { httpApi } from '../support/api-client.ts';
import { dayFromToday } from '../support/api-helpers.ts';
import { launchBrowser } from '../support/browser.ts';
import { startE2EServer, type E2EServer } from '../support/e2e-server.ts';
import { givenPlan } from '../support/given-plan.ts';
import { sleep } from '../support/history-helpers.ts';

const SHOTS = path.resolve('screenshots/history');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PROJECT = 'Orion Audit Trail';

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
/** A moment after the demo seed and before the project: the plan then lacks it. */
let beforeProject: Date;
let live: { projects: number; assignments: number };

/** The pickers' text for a moment, in the browser's zone (the contexts run in UTC). */
const pickerText = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');
/** The banner's 'MMM DD, YYYY HH:mm:ss' in UTC. */
const bannerText = (at: Date) => {
  const month = at.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${month} ${pad(at.getUTCDate())}, ${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
};

const newContext = (viewport = DESKTOP) => browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-US', acceptDownloads: true });

async function signIn(p: Page, email: string) {
  await p.goto(`${server.baseUrl}/`);
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill('demo1234');
  await p.getByRole('button', { name: 'Login' }).click();
  await p.waitForURL(/\/manager-dashboard$/);
}

/** Client-side navigation through the sidebar (a reload would start live again), on desktop or in the phone's sheet. */
async function go(p: Page, label: string, pathname: string) {
  if ((p.viewportSize()?.width ?? DESKTOP.width) >= 768) {
    await p.getByTestId('sidebar').getByRole('link', { name: label, exact: true }).click();
  } else {
    await p.getByTestId('sidebar-toggle').click();
    await p.getByTestId('sidebar-mobile').getByRole('link', { name: label, exact: true }).click();
    await p.getByTestId('sidebar-mobile').waitFor({ state: 'hidden' });
  }
  await p.waitForURL((url) => url.pathname === pathname);
}

async function cardValue(p: Page, testId: string): Promise<number> {
  const value = p.getByTestId(testId).locator('[data-role=value]');
  await value.waitFor();
  await value.locator('.ant-skeleton').waitFor({ state: 'detached' });
  return Number((await value.innerText()).trim());
}

async function expectCard(p: Page, testId: string, expected: number) {
  await expect.poll(() => cardValue(p, testId), { timeout: 10_000 }).toBe(expected);
}

const summaries = (p: Page) => p.getByTestId('history-table').getByTestId('event-summary').allInnerTexts();
const logCount = (p: Page) => p.getByTestId('log-count').innerText();

async function choose(p: Page, select: Locator, option: string) {
  await select.click();
  const dropdown = p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.getByTitle(option, { exact: true }).click();
  await dropdown.waitFor({ state: 'hidden' });
}

/** Types a date-time into an antd picker's input (antd puts data-* attributes on the input) and confirms it. */
async function typeMoment(p: Page, input: Locator, at: Date) {
  await input.click();
  await input.fill(pickerText(at));
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(pickerText(at));
}

async function shot(p: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await p.waitForTimeout(250);
  await p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** No control that writes: none of the planning buttons or row actions, on any screen. */
async function expectNoWriteControls(p: Page) {
  for (const testId of ['add-project', 'new-assignment', 'add-engineer', 'project-actions', 'assignment-actions', 'engineer-edit', 'edit-skills']) {
    expect(await p.getByTestId(testId).count(), `${testId} on ${p.url()}`).toBe(0);
  }
  for (const name of [/^Add Project$/, /^New assignment$/i, /^Add engineer$/i, /^Edit$/, /^Delete$/, /^Remove$/]) {
    expect(await p.getByRole('button', { name }).count(), `${name} on ${p.url()}`).toBe(0);
  }
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();

  const plan = await givenPlan(httpApi(server.baseUrl), {
    engineers: { tom: 'Tom Becker', lucas: 'Lucas Silva' },
    projects: { portal: 'Customer Portal Redesign' },
    assignments: { tomPortal: ['tom', 'portal'] },
  });
  // A longer history than one page of the log: Tom's portal allocation nudged back and forth, ending as seeded.
  const seededAllocation = plan.assignments.tomPortal.allocationPercentage;
  for (let i = 0; i < 30; i += 1) {
    const allocationPercentage = i === 29 ? seededAllocation : seededAllocation - 5 * ((i % 2) + 1);
    await plan.updateAssignment('tomPortal', { allocationPercentage });
  }
  await sleep(1200);
  beforeProject = new Date(Math.floor(Date.now() / 1000) * 1000);
  await sleep(1500);
  // The manager plans a project and staffs it, a moment after the demo seed.
  await plan.createProject('orion', {
    name: PROJECT,
    description: 'An append-only trail of every ledger change for the auditors.',
    startDate: dayFromToday(-5),
    endDate: dayFromToday(40),
    requiredSkills: ['TypeScript', 'Node.js'],
    teamSize: 2,
    status: 'active',
  });
  await plan.assign('lucasOrion', 'lucas', 'orion', { role: 'Backend Engineer', allocationPercentage: 40, startDate: dayFromToday(-5), endDate: dayFromToday(40) });
  live = {
    projects: (await plan.get<unknown[]>('/api/projects')).length,
    assignments: (await plan.get<unknown[]>('/api/assignments')).length,
  };

  context = await newContext();
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, 'auditor@demo.test');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the auditor', () => {
  it('finds History in the navigation and reads the log, newest first', async () => {
    await page.getByTestId('sidebar').getByRole('link', { name: 'History', exact: true }).waitFor();
    const nav = await page.getByTestId('sidebar').getByRole('link').allInnerTexts();
    expect(nav.map((l) => l.trim())).toEqual(['Dashboard', 'Engineers', 'Projects', 'Assignments', 'Schedule', 'Project plan', 'Report', 'Scenarios', 'History', 'Profile']);
    await go(page, 'History', '/history');
    await page.getByTestId('history-table').getByTestId('event-summary').first().waitFor();
    const rows = await summaries(page);
    expect(rows[0]).toBe(`Dana Whitfield assigned Lucas Silva to ${PROJECT} as Backend Engineer at 40% from ${dayFromToday(-5).slice(0, 10)} to ${dayFromToday(40).slice(0, 10)}`);
    expect(rows[1]).toBe(`Dana Whitfield created project ${PROJECT} (active)`);
    await shot(page, 'history-desktop', false);
  });

  it('loads older events as the list scrolls', async () => {
    const before = (await summaries(page)).length;
    const text = await logCount(page);
    expect(text).toMatch(/^50 events shown$/);
    const holder = page.getByTestId('history-table').locator('.ant-table-tbody-virtual-holder');
    // The demo's history now spans weeks (more than two pages): scroll until the list says it holds them all.
    for (let i = 0; i < 40 && !/\(all\)$/.test(await logCount(page)); i += 1) {
      await holder.hover();
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(100);
    }
    await expect.poll(() => logCount(page)).toMatch(/^\d+ events shown \(all\)$/);
    const total = Number((await logCount(page)).split(' ')[0]);
    expect(total).toBeGreaterThan(50);
    expect(before).toBeLessThan(total); // virtualised: far fewer rows in the DOM than events
  });

  it('filters by entity, event type and actor, and opens an event’s data and metadata', async () => {
    await choose(page, page.getByTestId('filter-entity'), 'Project');
    await expect.poll(() => logCount(page)).toMatch(/\(all\)$/);
    expect((await summaries(page))[0]).toBe(`Dana Whitfield created project ${PROJECT} (active)`);
    const types = await page.getByTestId('history-table').locator('[data-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(types.length).toBeGreaterThan(0);
    // A project's stream also holds its placeholders' events.
    expect(types.every((t) => /^(Project|Placeholder)/.test(t!))).toBe(true);

    await choose(page, page.getByTestId('filter-type'), 'Project created');
    await expect.poll(() => logCount(page)).toBe('7 events shown (all)');

    await choose(page, page.getByTestId('filter-actor'), 'Chris Okafor (manager)');
    await page.getByText('No events match these filters').waitFor();
    await choose(page, page.getByTestId('filter-actor'), 'Dana Whitfield (manager)');
    await expect.poll(() => logCount(page)).toBe('7 events shown (all)');

    await page.getByTestId('history-table').getByTestId('event-summary').first().click();
    const details = page.getByTestId('event-details');
    await details.waitFor();
    expect(await details.getByTestId('event-data').innerText()).toContain(`"name": "${PROJECT}"`);
    const metadata = await details.getByTestId('event-metadata').innerText();
    expect(metadata).toContain('"actorRole": "manager"');
    await shot(page, 'history-details-desktop', false);
  });

  it('exports the filtered log as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^planning-history-project-project-created-by-dana-whitfield-exported-\d{4}-\d{2}-\d{2}-at-\d{2}h\d{2}\.csv$/);
    const file = await download.path();
    const lines = readFileSync(file, 'utf8').trim().split(/\r\n/);
    expect(lines[0]).toBe('recordedAt,actor,actorRole,type,entity,entityId,summary,cursor,data');
    expect(lines).toHaveLength(8);
    expect(lines.slice(1).every((l) => l.includes('"ProjectCreated"'))).toBe(true);
    expect(lines[1]).toContain(`created project ${PROJECT}`);
  });

  it('filters by a time range', async () => {
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => logCount(page)).toBe('50 events shown');
    const range = page.getByTestId('filter-range');
    const from = range.first();
    await from.click();
    await from.fill(pickerText(beforeProject));
    await from.press('Enter');
    const to = range.nth(1);
    await to.fill(pickerText(new Date(Date.now() + 2 * 60_000)));
    await to.press('Enter');
    await expect.poll(() => logCount(page)).toBe('2 events shown (all)');
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => logCount(page)).toBe('50 events shown');
  });

  it('travels to a moment before the project existed: every screen shows the plan without it, read-only', async () => {
    await typeMoment(page, page.getByTestId('travel-at'), beforeProject);
    await page.getByTestId('travel-go').click();
    const banner = page.getByTestId('time-travel-banner');
    await expect.poll(() => banner.getAttribute('data-state')).toBe('viewingPast');
    expect(await page.getByTestId('time-travel-title').innerText()).toBe(`Viewing the plan as of ${bannerText(beforeProject)}`);
    await shot(page, 'banner-history-desktop', false);

    await go(page, 'Projects', '/projects');
    await expectCard(page, 'card-total-projects', live.projects - 1);
    await page.getByTestId('projects-directory').getByRole('row').nth(1).waitFor();
    expect(await page.getByTestId('projects-directory').innerText()).not.toContain(PROJECT);
    expect(await banner.isVisible()).toBe(true);
    await expectNoWriteControls(page);
    await shot(page, 'banner-projects-desktop', false);

    await go(page, 'Dashboard', '/manager-dashboard');
    await expectCard(page, 'card-total-projects', live.projects - 1);
    await expectCard(page, 'card-assignments', live.assignments - 1);
    expect(await banner.isVisible()).toBe(true);

    await go(page, 'Report', '/report');
    await expectCard(page, 'card-total-projects', live.projects - 1);
    await page.getByTestId('project-timeline').getByText('Customer Portal Redesign').waitFor();
    expect(await page.getByTestId('project-timeline').innerText()).not.toContain(PROJECT);

    await go(page, 'Assignments', '/assignments');
    await page.getByText('Customer Portal Redesign').first().waitFor();
    expect(await page.locator('main').innerText()).not.toContain(PROJECT);
    await expectNoWriteControls(page);

    await go(page, 'Schedule', '/capacity');
    await page.getByText('Lucas Silva').first().waitFor();
    expect(await page.locator('main').innerText()).not.toContain(PROJECT);
    // Lucas's row reads the past plan: this week 0 % (his 40 % on the new project came later), and
    // it opens on the assignments he had then.
    const lucas = page.locator('[data-testid=schedule-row][data-engineer="Lucas Silva"]');
    expect(await lucas.locator('.schedule-cells [role=gridcell]').first().textContent()).toBe('0%');
    await page.locator('[data-testid=schedule-name][data-engineer="Lucas Silva"]').getByTestId('schedule-toggle').click();
    await lucas.getByTestId('schedule-details').waitFor();
    expect(await lucas.locator('[data-testid=schedule-bar]').evaluateAll((bars) => bars.map((b) => b.getAttribute('data-project')))).not.toContain(PROJECT);
    expect(await page.locator('main').innerText()).not.toContain(PROJECT);

    await go(page, 'Engineers', '/engineers');
    await page.getByText('Lucas Silva').first().waitFor();
    expect(await page.locator('main').innerText()).not.toContain(PROJECT);
    await expectNoWriteControls(page);
    expect(await banner.isVisible()).toBe(true);
  });

  it('goes back to live at once and sees the project again', async () => {
    await go(page, 'Projects', '/projects');
    await page.getByTestId('back-to-live').click();
    await page.getByTestId('time-travel-banner').waitFor({ state: 'detached' });
    await expectCard(page, 'card-total-projects', live.projects);
    await page.getByTestId('projects-directory').getByText(PROJECT).waitFor();
    await go(page, 'Dashboard', '/manager-dashboard');
    await expectCard(page, 'card-total-projects', live.projects);
    await expectCard(page, 'card-assignments', live.assignments);
    await go(page, 'Assignments', '/assignments');
    await page.getByText(PROJECT).first().waitFor();
  });

  it('views the plan at an event’s point: right after that event', async () => {
    await go(page, 'History', '/history');
    await page.getByTestId('history-table').getByTestId('event-summary').first().waitFor();
    // Row 2 created the project; row 3 is the last change before it.
    await page.getByTestId('history-table').getByTestId('row-travel').nth(1).click();
    const banner = page.getByTestId('time-travel-banner');
    await expect.poll(() => banner.getAttribute('data-state')).toBe('viewingPast');
    await go(page, 'Dashboard', '/manager-dashboard');
    await expectCard(page, 'card-total-projects', live.projects);
    await expectCard(page, 'card-assignments', live.assignments - 1);

    await go(page, 'History', '/history');
    await page.getByTestId('history-table').getByTestId('row-travel').nth(2).click();
    await expect.poll(() => page.getByTestId('time-travel-title').innerText()).not.toContain('Loading');
    await go(page, 'Projects', '/projects');
    await expectCard(page, 'card-total-projects', live.projects - 1);
    await page.getByTestId('back-to-live').click();
    await expectCard(page, 'card-total-projects', live.projects);
  });

  it('verifies the history: every hash chain intact', async () => {
    await go(page, 'History', '/history');
    await page.getByTestId('verify-history').click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.innerText()).toContain('History verified: no event has been altered');
    await shot(page, 'verify-desktop', false);
  });

  it('compares two moments: what was created and who did it', async () => {
    await page.getByRole('tab', { name: 'Compare two moments' }).click();
    await typeMoment(page, page.getByTestId('compare-from'), beforeProject);
    await page.getByTestId('compare-run').click();
    const projects = page.getByTestId('compare-project-rows');
    await projects.waitFor();
    await expect.poll(() => page.getByTestId('compare-range').innerText()).toContain(bannerText(beforeProject));
    const text = await projects.innerText();
    expect(text).toContain('Created');
    expect(text).toContain(PROJECT);
    expect(text).toContain('by Dana Whitfield');
    const assignments = await page.getByTestId('compare-assignment-rows').innerText();
    expect(assignments).toContain(`Lucas Silva on ${PROJECT}`);
    expect(assignments).toContain('40% as Backend Engineer');
    const engineers = await page.getByTestId('compare-engineers').innerText();
    expect(engineers).toContain('Lucas Silva');
    expect(engineers).toContain('+40 pts');
    const changes = await page.getByTestId('compare-changes').innerText();
    expect(changes).toContain(`Dana Whitfield created project ${PROJECT}`);
    expect(await page.getByTestId('compare-summary').innerText()).toMatch(/Projects\s*1 created\s*0 changed\s*0 removed/);
    await shot(page, 'compare-desktop');
  });

  it('never sees a write control on any screen', async () => {
    for (const [label, pathname] of [
      ['Dashboard', '/manager-dashboard'], ['Engineers', '/engineers'], ['Projects', '/projects'], ['Assignments', '/assignments'],
      ['Schedule', '/capacity'], ['Report', '/report'], ['History', '/history'], ['Profile', '/profile'],
    ] as const) {
      await go(page, label, pathname);
      await page.waitForTimeout(300);
      await expectNoWriteControls(page);
    }
    await go(page, 'Projects', '/projects');
    await page.getByTestId('projects-directory').getByText(PROJECT).waitFor();
    await expectNoWriteControls(page);
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('a manager viewing the past', () => {
  it('sees the plan read-only, and the planning controls again back on live', async () => {
    const manager = await newContext();
    const p = await manager.newPage();
    try {
      await signIn(p, 'manager@demo.test');
      await go(p, 'Projects', '/projects');
      await p.getByTestId('add-project').waitFor();
      await go(p, 'History', '/history');
      await p.getByTestId('history-table').getByTestId('row-travel').nth(2).click();
      await expect.poll(() => p.getByTestId('time-travel-banner').getAttribute('data-state')).toBe('viewingPast');
      await go(p, 'Projects', '/projects');
      await expectCard(p, 'card-total-projects', live.projects - 1);
      await expectNoWriteControls(p);
      await go(p, 'Assignments', '/assignments');
      await p.getByText('Customer Portal Redesign').first().waitFor();
      await expectNoWriteControls(p);
      await p.getByTestId('back-to-live').click();
      await p.getByTestId('new-assignment').waitFor();
    } finally {
      await manager.close();
    }
  });
});

describe('on a phone (390 px)', () => {
  it('shows the log, the compare view, the verify result and the banner', async () => {
    const phone = await newContext(PHONE);
    const p = await phone.newPage();
    const errors: string[] = [];
    p.on('pageerror', (error) => errors.push(error.message));
    try {
      await signIn(p, 'auditor@demo.test');
      await go(p, 'History', '/history');
      await p.getByTestId('history-table').getByTestId('event-summary').first().waitFor();
      await shot(p, 'history-mobile', false);
      await p.getByTestId('history-table').getByTestId('event-summary').nth(1).click();
      await p.getByTestId('event-details').waitFor();
      await shot(p, 'history-details-mobile', false);

      await p.getByTestId('verify-history').click();
      await p.getByTestId('verify-result').waitFor();
      await shot(p, 'verify-mobile', false);

      await p.getByRole('tab', { name: 'Compare two moments' }).click();
      await typeMoment(p, p.getByTestId('compare-from'), beforeProject);
      await p.getByTestId('compare-run').click();
      await p.getByTestId('compare-project-rows').getByText(PROJECT).waitFor();
      await shot(p, 'compare-mobile');

      await p.getByRole('tab', { name: 'Event log' }).click();
      await typeMoment(p, p.getByTestId('travel-at'), beforeProject);
      await p.getByTestId('travel-go').click();
      await expect.poll(() => p.getByTestId('time-travel-banner').getAttribute('data-state')).toBe('viewingPast');
      await go(p, 'Projects', '/projects');
      await expectCard(p, 'card-total-projects', live.projects - 1);
      await shot(p, 'banner-projects-mobile', false);
      await p.getByTestId('back-to-live').click();
      await expectCard(p, 'card-total-projects', live.projects);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('a tampered history', () => {
  it('names the altered event when the auditor verifies', async () => {
    // What an attacker with table access would do: the append-only guard lifted for one transaction.
    const { rows } = await sql<{ event_id: string; stream_id: string }>`
      select event_id, stream_id from events where type = 'ProjectCreated' and data ->> 'name' = ${PROJECT}`.execute(server.app.db);
    const target = rows[0]!;
    await server.app.db.transaction().execute(async (trx) => {
      await sql`alter table events disable trigger events_no_update_or_delete`.execute(trx);
      await sql`update events set data = jsonb_set(data, '{teamSize}', '9') where event_id = ${target.event_id}`.execute(trx);
      await sql`alter table events enable trigger events_no_update_or_delete`.execute(trx);
    });

    for (const viewport of [DESKTOP, PHONE]) {
      const ctx = await newContext(viewport);
      const p = await ctx.newPage();
      try {
        await signIn(p, 'auditor@demo.test');
        await go(p, 'History', '/history');
        await p.getByTestId('verify-history').click();
        const result = p.getByTestId('verify-result');
        await result.waitFor();
        expect(await result.getAttribute('data-ok')).toBe('false');
        const text = await result.innerText();
        expect(text).toContain('History altered: 1 event no longer matches the hash chain');
        expect(text).toContain('Project created');
        expect(text).toContain(target.event_id);
        expect(text).toContain(`${target.stream_id} #1`);
        await shot(p, `verify-altered-${viewport === DESKTOP ? 'desktop' : 'mobile'}`, false);
      } finally {
        await ctx.close();
      }
    }
  });
});

describe('a long comparison', () => {
  it('is paged with what it shows said plainly, names every actor, and draws only the rows in view', async () => {
    const generatorId = uuidv7();
    await insertAccount(server.app.db, { id: generatorId, email: 'generator@generated.test', name: 'Data Generator', role: 'manager', department: 'Operations', password_hash: 'x' });
    await sleep(1100);
    const beforeGenerating = new Date(Math.floor(Date.now() / 1000) * 1000);
    await sleep(1100);
    await generatePlan(server.app.db, {
      engineers: 30, projects: 6, assignments: 220, now: new Date(),
      actor: { actorId: generatorId, actorRole: 'manager', correlationId: 'generate' },
    });

    // What the generator wrote, counted in the log itself: each count is what the screen must say.
    const { rows } = await sql<{ type: string; n: number }>`
      select type, count(*)::int as n from events where recorded_at > ${beforeGenerating} group by type`.execute(server.app.db);
    const written = (type: string) => rows.find((r) => r.type === type)?.n ?? 0;
    const events = rows.reduce((sum, r) => sum + r.n, 0);
    expect(written('ProjectCreated')).toBe(6);
    expect(written('AssignmentCreated')).toBe(220);
    expect(events).toBeGreaterThan(200);

    await go(page, 'History', '/history');
    await page.getByRole('tab', { name: 'Compare two moments' }).click();
    await typeMoment(page, page.getByTestId('compare-from'), beforeGenerating);
    await typeMoment(page, page.getByTestId('compare-to'), new Date(Date.now() + 60_000));
    await page.getByTestId('compare-run').click();
    await expect.poll(() => page.getByTestId('compare-range').innerText()).toContain(bannerText(beforeGenerating));
    const summary = await page.getByTestId('compare-summary').innerText();
    expect(summary).toMatch(/Projects\s*6 created/);
    expect(summary).toMatch(/Assignments\s*220 created/);
    expect(summary).toContain(`${events} events recorded`);

    // Six projects fit on one page: no pager. 220 assignments do not: the first 200, and the way to the rest.
    expect(await page.getByTestId('compare-projects-pager').count()).toBe(0);
    const pager = page.getByTestId('compare-assignments-pager');
    expect(await pager.locator('[data-role=label]').innerText()).toBe('Showing 1-200 of 220');
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    // Only the rows in view are in the page, however long the list.
    const drawn = await page.getByTestId('compare-assignment-rows').locator('[data-kind]').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(40);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager.locator('[data-role=label]').innerText()).toBe('Showing 201-220 of 220');
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('compare-assignment-rows').innerText()).toContain('by Data Generator');
    expect(await page.getByText('by an unknown actor').count()).toBe(0);

    const changes = page.getByTestId('compare-changes-pager');
    expect(await changes.locator('[data-role=label]').innerText()).toBe(`Showing 1-200 of ${events}`);
    await changes.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => changes.locator('[data-role=label]').innerText()).toBe(`Showing 201-${Math.min(400, events)} of ${events}`);
    const secondPage = await page.getByTestId('compare-changes').innerText();
    expect(secondPage).toMatch(/Data Generator (assigned|added|created) /);
    expect(secondPage).not.toContain('System');
    // The other sections stayed where they were.
    expect(await pager.locator('[data-role=label]').innerText()).toBe('Showing 201-220 of 220');
    await shot(page, 'compare-paged-desktop');
    expect(pageErrors).toEqual([]);
  });
});
