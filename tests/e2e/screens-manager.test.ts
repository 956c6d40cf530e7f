/**
 * Every manager screen against the demo data, in Chromium on the real server: the figures, strings
 * and badges each screen must show, and a screenshot of each at desktop and phone width
 * (screenshots/e2e/, git-ignored).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import {
  cardText, cardValue, demoAssignments, demoDay, demoEngineers, demoExpectations, demoProjects, demoThisWeek, drawnPixels,
  horizontalOverflow, isoDay, MANAGER, monthDayUs, navigate, normalize, progressOf, rangeUs, rowOf, rowWith, screenshotBoth, shortUs,
  signIn, tableHeaders, tableOverflow, tableRows, waitForStableCanvas,
} from '../support/screens.ts';

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];
const expected = demoExpectations();

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  await signIn(page, server.baseUrl, MANAGER.email);
});
afterAll(() => closePageSession(session));

describe('manager screens with the demo data', () => {
  it('signs the manager in to the Manager Dashboard with the user card and the full navigation', async () => {
    expect(new URL(page.url()).pathname).toBe('/manager-dashboard');
    const card = page.getByTestId('user-card');
    await card.getByText(MANAGER.name).waitFor();
    const text = normalize(await card.innerText());
    // The person's initials on the avatar, not the role's ('MR' for every manager).
    expect(await card.locator('[data-role=initials]').innerText()).toBe('DW');
    for (const part of [MANAGER.name, 'Manager', MANAGER.email]) expect(text).toContain(part);
    const links = await page.getByTestId('sidebar').getByRole('link').allInnerTexts();
    // History is for managers and auditors; Import / Export, Staffing requests and Teams for managers; People & access for admins (the demo manager is one).
    expect(links.map((l) => l.trim())).toEqual([
      'Dashboard', 'Engineers', 'Projects', 'Assignments', 'Schedule', 'Project plan', 'Calendars', 'Staffing requests', 'Teams', 'Report', 'Scenarios', 'History', 'Import / Export',
      'People & access', 'Webhooks', 'Profile',
    ]);
    await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).waitFor();
  });

  it('Manager Dashboard: the four cards and the Team Utilization Overview', async () => {
    await page.getByText('Team Utilization Overview').waitFor();
    expect(await cardValue(page, 'card-total-engineers')).toBe(String(expected.totalEngineers));
    expect(await cardValue(page, 'card-total-projects')).toBe(String(expected.totalProjects));
    expect(await cardValue(page, 'card-assignments')).toBe(String(expected.totalAssignments));
    expect(await cardValue(page, 'card-current-running')).toBe(String(expected.currentRunning));

    const table = page.getByTestId('team-utilization');
    const headers = normalize(await table.locator('thead').innerText());
    for (const title of ['Engineer', 'Seniority', 'Load this week', 'Active Projects', 'Capacity']) expect(headers).toContain(title);
    // One figure, the schedule's: this week's load as its week column reads it, and the week named.
    const week = demoThisWeek();
    expect(normalize(await table.innerText())).toContain(`Week of ${monthDayUs(week.monday)} - ${monthDayUs(week.sunday)}`);
    await expect.poll(async () => (await tableRows(table)).every((cells) => !cells.includes('…')), { timeout: 15_000 }).toBe(true);
    const rows = await tableRows(table);
    expect(rows).toHaveLength(8);
    const days = (percentDays: number) => Math.round(percentDays / 10) / 10;
    for (const e of expected.perEngineer) {
      const row = rowWith(rows, e.name);
      expect(row.join(' | ')).toContain(e.email);
      const schedule = week.rows.find((r) => r.name === e.name)!;
      // Tom (60 % of work, 50 % capacity) reads 120 % here as on the schedule, not '60% of 50%'.
      expect(row.join(' | ')).toContain(`${schedule.label} Booked ${days(schedule.booked)} of ${days(schedule.capacity)} days`);
      expect(row.join(' | ')).toContain(`${e.activeProjects} ${e.activeProjects === 1 ? 'project' : 'projects'}`);
      expect(row.join(' | ')).toContain(e.maxCapacity === 100 ? 'Full-time' : 'Part-time');
      expect(row.join(' | ')).toContain(e.seniority[0]!.toUpperCase() + e.seniority.slice(1));
      // The status is not printed here: no badge text.
      expect(row.join(' ')).not.toMatch(/Overloaded|Underutilized|Optimal/);
    }
    // The progress bar is capped at 100: Tom is at 120% this week.
    const tom = table.locator('tr', { hasText: 'Tom Becker' }).locator('.ant-progress');
    expect(await tom.getAttribute('aria-valuenow')).toBe('100');
    expect(await table.locator('tr', { hasText: 'Tom Becker' }).getByTestId('week-load').getAttribute('data-status')).toBe('overloaded');
    await screenshotBoth(page, 'manager-dashboard');
  });

  it('Engineers: cards, Availability Planning, the helper lists and the directory', async () => {
    await navigate(page, 'Engineers', '/engineers');
    await page.getByText('Engineers Directory').waitFor();
    expect(await cardText(page, 'card-showing-engineers')).toContain(`Showing Engineers ${expected.totalEngineers} of ${expected.totalEngineers} total`);
    expect(await cardValue(page, 'card-overloaded')).toBe(String(expected.overloaded.length));
    expect(await cardValue(page, 'card-underutilized')).toBe(String(expected.underutilized.length));
    expect(await page.getByTestId('filter-panel').count()).toBe(0); // hidden by default

    const planning = normalize(await page.getByTestId('availability-planning').innerText());
    expect(planning).toContain('Shows when engineers will be available for new projects');
    expect(planning).toContain(`Available Now ${expected.availableNow}`);
    expect(planning).toContain(`Available Soon ${expected.availableSoon}`);
    expect(planning).toContain('Project Planning Helper');
    const immediate = normalize(await page.getByTestId('available-immediately').innerText());
    expect(immediate.startsWith('Available for Immediate Start')).toBe(true);
    // Most available first, at most 3, each with its badge.
    const listed = expected.immediateStart.map(([name]) => immediate.indexOf(name!));
    expect(listed.every((at) => at >= 0)).toBe(true);
    expect([...listed].sort((a, b) => a - b)).toEqual(listed);
    for (const [name] of expected.immediateStart) expect(immediate).toContain(`${name}`);
    for (const [, badge] of expected.immediateStart) expect(immediate).toContain(`${badge}`);
    expect(immediate).not.toContain('Sam Rivera'); // 4th most available
    const soon = normalize(await page.getByTestId('available-soon').innerText());
    expect(soon).toContain('Becoming Available Soon');
    for (const [name, date] of expected.soon) {
      expect(soon).toContain(`${name}`);
      expect(soon).toContain(`${date}`);
    }

    const directory = page.getByTestId('engineers-directory');
    expect(normalize(await directory.innerText())).toContain('Showing 8 engineers');
    // The spec's columns, in order (planning actions may follow).
    const headers = await tableHeaders(directory);
    expect(headers.slice(0, 7)).toEqual(['Engineer', 'Skills', 'Seniority', 'Work Type', 'Capacity', 'Status', 'Available Capacity']);
    const rows = await tableRows(directory);
    expect(rows).toHaveLength(8);
    for (const e of expected.perEngineer) {
      const row = rowWith(rows, e.name).join(' | ');
      expect(row).toContain(`${e.email}`);
      expect(row).toContain(e.department);
      const shown = e.skills.slice(0, 3).join('');
      expect(row.replace(/ /g, '')).toContain(shown.replace(/ /g, ''));
      if (e.skills.length > 3) expect(row).toContain(`+${e.skills.length - 3}`);
      expect(row).toContain(`${e.maxCapacity === 100 ? 'Full-time' : 'Part-time'} (${e.maxCapacity}%)`);
      // The load against their own capacity leads; the spec's allocation stands under it, labelled.
      const load = Math.round((e.allocation / e.maxCapacity) * 100);
      expect(row).toContain(`${load}% load`);
      expect(row).toContain(`${e.allocation}% allocated of ${e.maxCapacity}%`);
      expect(row).toContain(e.status);
      const available = e.available > 0 ? `${e.available}% available` : e.available === 0 ? 'Fully allocated' : `${load - 100}% over capacity`;
      expect(row).toContain(available);
      expect(row).toContain(`${e.activeProjects} active ${e.activeProjects === 1 ? 'project' : 'projects'}`);
    }
    // At 1440 px every column fits beside the sidebar (nothing hides under a pinned Actions column).
    expect(await tableOverflow(directory)).toBeLessThanOrEqual(0);
    // The avatar falls back to the initials (no avatar in the demo).
    const initials = await directory.locator('tbody [data-role=initials]').allInnerTexts();
    expect(initials).toContain('PP');
    expect(initials).toContain('MC');
    await screenshotBoth(page, 'manager-engineers');
  });

  it('Engineers: the filter panel, chips, count badge, search and Clear All', async () => {
    await page.getByTestId('filters-toggle').click();
    const panel = page.getByTestId('filter-panel');
    await panel.waitFor();
    expect(normalize(await panel.innerText())).toContain('Search & Filter Engineers Find engineers by name, skills');
    expect(await page.getByTestId('filters-toggle').getAttribute('aria-pressed')).toBe('true');
    const chips = (await page.getByTestId('skill-chips').locator('.ant-tag').allInnerTexts()).map((c) => c.trim());
    const skills = [...new Set(demoEngineers.flatMap((e) => e.skills))].sort((a, b) => a.localeCompare(b));
    expect(chips).toEqual(skills);
    expect(await panel.getByText('Clear All').count()).toBe(0);

    // Python: Mei and Elena.
    await page.getByTestId('skill-chips').getByText('Python', { exact: true }).click();
    const directory = page.getByTestId('engineers-directory');
    await directory.getByText('Showing 2 engineers').waitFor();
    // A manager's rows start with the selection box (for following a calendar in bulk): the person is the first cell with text.
    expect((await tableRows(directory)).map((r) => r.find((cell) => cell.trim() !== '')!.split(' ').slice(1, 3).join(' ')).sort()).toEqual(['Elena Rossi', 'Mei Chen']);
    expect(await cardText(page, 'card-showing-engineers')).toContain('2 of 8 total');
    expect(normalize(await page.locator('.ant-badge', { has: page.getByTestId('filters-toggle') }).innerText())).toContain('1');
    await screenshotBoth(page, 'manager-engineers-filtered');

    // Search matches names too; nothing matches -> the empty state.
    await panel.getByPlaceholder('Search by name or skills...').fill('zzz');
    await directory.getByText('No engineers match your current filters').waitFor();
    await directory.getByText('No engineers found').waitFor();
    await directory.getByText('Try adjusting your search or filter criteria').waitFor();
    expect(normalize(await page.locator('.ant-badge', { has: page.getByTestId('filters-toggle') }).innerText())).toContain('2');
    await directory.getByRole('button', { name: 'Clear filters' }).click();
    await directory.getByText('Showing 8 engineers').waitFor();

    await panel.getByPlaceholder('Search by name or skills...').fill('kube');
    await directory.getByText('Showing 1 engineer', { exact: true }).waitFor();
    expect((await rowOf(directory, 'Priya Patel')).join(' | ')).toContain('Priya Patel');
    await panel.getByText('Clear All').click();
    await directory.getByText('Showing 8 engineers').waitFor();

    // A row shows its first three skills; the ones asked for come first, so it shows why it matched
    // (Mei's fifth skill is Airflow).
    await page.getByTestId('skill-chips').getByText('Airflow', { exact: true }).click();
    await directory.getByText('Showing 1 engineer', { exact: true }).waitFor();
    const meiTags = await directory.locator('.ant-table-row', { hasText: 'Mei Chen' }).locator('.ant-tag').allInnerTexts();
    expect(meiTags.map((t) => t.trim()).slice(0, 3)).toEqual(['Airflow', 'Python', 'Spark']);
    await panel.getByText('Clear All').click();
    await directory.getByText('Showing 8 engineers').waitFor();
    await page.getByTestId('filters-toggle').click();
    await panel.waitFor({ state: 'detached' });
  });

  it('Projects: the four cards and the Projects Directory', async () => {
    await navigate(page, 'Projects', '/projects');
    await page.getByText('Projects Directory').waitFor();
    expect(await cardText(page, 'card-total-projects')).toContain(`Total Projects ${expected.totalProjects}`);
    expect(await cardText(page, 'card-active-projects')).toBe(`Active Projects ${expected.projectCounts.active} Currently running`);
    expect(await cardText(page, 'card-planning-phase')).toBe(`Planning Phase ${expected.projectCounts.planning} In planning`);
    expect(await cardText(page, 'card-completed')).toBe(`Completed ${expected.projectCounts.completed} Successfully delivered`);
    const directory = page.getByTestId('projects-directory');
    const headers = await tableHeaders(directory);
    expect(headers.slice(0, 6)).toEqual(['Project Name', 'Description', 'Timeline', 'Team Size', 'Required Skills', 'Status']);
    const rows = await tableRows(directory);
    expect(rows).toHaveLength(6);
    for (const p of demoProjects) {
      const row = rowWith(rows, p.name);
      expect(row[2]).toBe(`${shortUs(demoDay(p.from))} - ${shortUs(demoDay(p.to))}`);
      expect(row[3]).toBe(`${p.teamSize} engineers`);
      expect(row[4]!.replace(/ /g, '')).toBe(p.requiredSkills.join('').replace(/ /g, ''));
      expect(row[5]).toBe(p.status[0]!.toUpperCase() + p.status.slice(1));
    }
    expect(await tableOverflow(directory)).toBeLessThanOrEqual(0); // every column fits at 1440 px
    // Status badges carry their icon.
    const badge = directory.locator('tr', { hasText: 'Mobile App v2' }).locator('[data-status=planning]');
    expect(await badge.locator('.anticon').count()).toBe(1);
    await page.getByTestId('add-project').waitFor();
    await screenshotBoth(page, 'manager-projects');
  });

  it('Assignments: the cards and All Assignments with status and progress', async () => {
    await navigate(page, 'Assignments', '/assignments');
    await page.getByRole('heading', { name: 'All Assignments' }).waitFor();
    expect(await cardText(page, 'card-total-assignments')).toContain(`Total Assignments ${expected.totalAssignments}`);
    expect(await cardText(page, 'card-active-assignments')).toBe(`Active Assignments ${expected.assignmentCounts.active} Currently running`);
    expect(await cardText(page, 'card-upcoming')).toBe(`Upcoming ${expected.assignmentCounts.upcoming} Starting soon`);
    expect(await cardText(page, 'card-completed')).toBe(`Completed ${expected.assignmentCounts.completed} Finished`);
    const table = page.getByTestId('all-assignments');
    expect(normalize(await table.innerText())).toContain(`Showing ${expected.totalAssignments} assignments`);
    const headers = await tableHeaders(table);
    const column = Object.fromEntries(['Engineer', 'Project', 'Role', 'Allocation', 'Timeline', 'Status', 'Progress'].map((t) => [t, headers.indexOf(t)]));
    expect(Object.values(column).every((i) => i >= 0), JSON.stringify(headers)).toBe(true);
    const rows = await tableRows(table);
    expect(rows).toHaveLength(expected.totalAssignments);
    const projectName = (key: string) => demoProjects.find((p) => p.key === key)!.name;
    const engineerName = (key: string) => demoEngineers.find((e) => e.key === key)!.name;
    for (const [engineer, project, role, allocation, from, to] of demoAssignments) {
      const row = rows.find((r) => r[column.Engineer!]!.startsWith(engineerName(engineer)) && r[column.Project!] === projectName(project));
      expect(row, `${engineer} on ${project}`).toBeTruthy();
      expect(row![column.Role!]).toBe(role);
      expect(row![column.Allocation!]).toBe(`${allocation}%`);
      expect(row![column.Timeline!]).toBe(rangeUs(demoDay(from), demoDay(to)));
      const status = to < 0 ? 'Completed' : from > 0 ? 'Upcoming' : 'Active';
      expect(row![column.Status!]).toBe(status);
      const progress = Number(row![column.Progress!]!.replace('%', ''));
      expect(Math.abs(progress - progressOf(from, to))).toBeLessThanOrEqual(1);
    }
    expect(await tableOverflow(table)).toBeLessThanOrEqual(0); // every column fits at 1440 px
    // Current and upcoming first: the two finished assignments come last.
    expect(rows.slice(-2).map((r) => r[column.Status!])).toEqual(['Completed', 'Completed']);
    expect(rows.slice(0, -2).every((r) => r[column.Status!] !== 'Completed')).toBe(true);
    await screenshotBoth(page, 'manager-assignments');
  });

  it('Assignments: typing a name finds that person’s assignments in one step; status, sort and clearing ask the server', async () => {
    const table = page.getByTestId('all-assignments');
    const shown = async () => (await tableRows(table)).map((r) => `${r[0]!.split('@')[0]} | ${r[1]}`);
    await page.getByLabel('Search assignments').fill('Priya Patel');
    await table.getByText('Showing 2 assignments').waitFor();
    const rows = await tableRows(table);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r[0]!.startsWith('Priya Patel'))).toBe(true);
    expect(rows.map((r) => r[1]).sort()).toEqual(['Data Warehouse Modernisation', 'Payments Platform Migration']);
    // The Actions stay on the found rows.
    await page.locator('[data-testid=assignment-actions][data-assignment="Priya Patel on Payments Platform Migration"]').waitFor();
    await screenshotBoth(page, 'manager-assignments-search');

    // A role matches too; nothing matching shows the empty state.
    await page.getByLabel('Search assignments').fill('infrastructure');
    await table.getByText('Showing 1 assignment', { exact: true }).waitFor();
    expect(await shown()).toEqual(['Aisha Khan aisha.khan | Payments Platform Migration']);
    await page.getByLabel('Search assignments').fill('nobody by that name');
    await table.getByText('No assignments match your current filters').waitFor();
    await table.getByText('No assignments found').waitFor();
    await page.getByLabel('Search assignments').fill('');
    await table.getByText('Showing 14 assignments').waitFor();

    await page.getByTestId('assignment-status-filter').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Completed').click();
    await table.getByText('Showing 2 assignments').waitFor();
    expect((await tableRows(table)).map((r) => r[0]!.split(' ').slice(0, 2).join(' ')).sort()).toEqual(['Lucas Silva', 'Sam Rivera']);
    await page.getByTestId('assignment-status-filter').locator('.ant-select-clear').click();
    await table.getByText('Showing 14 assignments').waitFor();

    // Sorting by Allocation asks the server: 30 % first, then 100 % first.
    await table.locator('thead th', { hasText: 'Allocation' }).click();
    await expect.poll(async () => (await tableRows(table))[0]![3]).toBe('30%');
    await table.locator('thead th', { hasText: 'Allocation' }).click();
    await expect.poll(async () => (await tableRows(table))[0]![3]).toBe('100%');
    await table.locator('thead th', { hasText: 'Allocation' }).click(); // back to current first
    await expect.poll(async () => (await tableRows(table)).at(-1)![5]).toBe('Completed');
  });

  it('Reports & Analytics: cards, both charts drawn, Utilization Analysis, Critical Issues and Project Timeline', async () => {
    await navigate(page, 'Report', '/report');
    await page.getByText('Team Performance').waitFor();
    expect(await cardText(page, 'card-total-engineers')).toBe(`Total Engineers ${expected.totalEngineers} Active team members`);
    expect(await cardText(page, 'card-total-projects')).toBe(`Total Projects ${expected.totalProjects} All projects`);
    expect(await cardText(page, 'card-active-projects')).toBe(`Active Projects ${expected.projectCounts.active} Currently running`);
    expect(await cardText(page, 'card-overloaded-engineers')).toBe(`Overloaded Engineers ${expected.overloaded.length} Need attention`);

    const analysis = normalize(await page.getByTestId('utilization-analysis').innerText());
    expect(analysis).toContain(`Optimal ${expected.optimal.length} 50-100% capacity`);
    expect(analysis).toContain(`Overloaded ${expected.overloaded.length} >100% capacity`);
    expect(analysis).toContain(`Underutilized ${expected.underutilized.length} <50% capacity`);
    const issues = normalize(await page.getByTestId('critical-issues').innerText());
    // Each by their load (booked against their own capacity), the allocation labelled beside it.
    expect(issues).toContain('Priya Patel Overloaded · 120% allocated of 100% 120%');
    expect(issues).toContain('Tom Becker Overloaded · 60% allocated of 50% 120%');
    expect(issues).not.toContain('Sam Rivera');
    // Most overloaded first: both are 20 % over their own capacity, Priya by more points.
    expect(issues.indexOf('Priya Patel')).toBeLessThan(issues.indexOf('Tom Becker'));
    // A team this size needs neither a 'Show all' nor a pager on the chart.
    expect(await page.getByTestId('critical-issues').getByRole('button', { name: /^Show all/ }).count()).toBe(0);
    expect(await page.getByTestId('chart-pager').count()).toBe(0);

    const items = page.getByTestId('project-timeline').getByTestId('timeline-item');
    expect(await items.count()).toBe(6);
    const texts = (await items.allInnerTexts()).map(normalize);
    const byStart = [...demoProjects].sort((a, b) => a.from - b.from);
    byStart.forEach((p, i) => {
      expect(texts[i]).toContain(p.name);
      expect(texts[i]).toContain(p.status[0]!.toUpperCase() + p.status.slice(1));
      expect(texts[i]).toContain(rangeUs(demoDay(p.from), demoDay(p.to)));
      expect(texts[i]).toContain(`Team size: ${p.teamSize} • Skills: ${p.requiredSkills.join(', ')}`);
    });

    await waitForCharts(page);
    // The bar chart's tooltip adds seniority, status and the active project count.
    const tooltip = await hoverForTooltip(page, 'utilization-chart');
    expect(tooltip).toMatch(/Seniority/);
    expect(tooltip).toMatch(/Status/);
    expect(tooltip).toMatch(/Active Projects/);
    await page.mouse.move(0, 0);
    const pie = await hoverForTooltip(page, 'status-chart');
    expect(pie).toMatch(/(Active|Planning|Completed) Projects/);
    expect(pie).toMatch(/\d+ \(\d+\.\d%\)|\d+\.\d%/);
    await page.mouse.move(0, 0);
    await screenshotBoth(page, 'manager-report', { ready: () => waitForCharts(page) });
  });

  it('Schedule: this week’s load and status per engineer, the totals, an open row’s bars, and the free-at-least filter', async () => {
    await navigate(page, 'Schedule', '/capacity');
    const grid = page.getByTestId('schedule-grid');
    await grid.getByTestId('schedule-row').first().waitFor();
    expect(await page.getByTestId('schedule-summary').innerText()).toContain('8 engineers');
    const week = demoThisWeek();
    // The window opens on this week: its first column.
    const firstCells = await grid.getByTestId('schedule-row').evaluateAll((rows) =>
      rows.map((row) => {
        const cell = row.querySelector('.schedule-cells [role=gridcell]')!;
        return [row.getAttribute('data-engineer'), cell.textContent, cell.getAttribute('data-status')];
      }),
    );
    expect(firstCells).toEqual(week.rows.map((r) => [r.name, r.label, r.status]));
    const totals = page.getByTestId('schedule-totals').locator('[role=gridcell]').first();
    expect(Number(await totals.getAttribute('data-capacity'))).toBe(week.capacity);
    expect(Number(await totals.getAttribute('data-confirmed'))).toBe(week.confirmed);

    // Sam's row opens on his assignments in the window, the current one among them.
    const sam = grid.locator('[data-testid=schedule-row][data-engineer="Sam Rivera"]');
    await grid.locator('[data-testid=schedule-name][data-engineer="Sam Rivera"]').getByTestId('schedule-toggle').click();
    await sam.getByText('Customer Portal Redesign · 60%').waitFor();

    // A bookmarked view: free at least 50 % this week.
    await page.goto(`${server.baseUrl}/capacity?minFree=50&freeFrom=${isoDay(week.monday)}&freeTo=${isoDay(week.sunday)}`);
    await grid.getByTestId('schedule-row').first().waitFor();
    const free = await grid.getByTestId('schedule-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-engineer')));
    expect(free).toEqual(week.rows.filter((r) => r.free >= 50).map((r) => r.name));
    expect(await page.getByRole('spinbutton', { name: 'Free at least (percent)' }).inputValue()).toBe('50');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.getByTestId('schedule-summary').getByText('8 engineers', { exact: false }).waitFor();
    await screenshotBoth(page, 'manager-schedule');
  });

  it('Profile: the manager’s personal information and no engineering details', async () => {
    await navigate(page, 'Profile', '/profile');
    const info = page.getByTestId('personal-information');
    await info.getByText(MANAGER.department).waitFor();
    const text = normalize(await info.innerText());
    expect(text).toContain('Personal Information');
    expect(text).toContain(`Name ${MANAGER.name}`);
    expect(text).toContain(`Email ${MANAGER.email}`);
    expect(text).toContain('Role Manager');
    expect(text).toContain(`Department ${MANAGER.department}`);
    expect(await page.getByTestId('engineering-details').count()).toBe(0);
    await screenshotBoth(page, 'manager-profile');
  });

  it('no screen scrolls sideways at 390 px and the page threw no errors', async () => {
    for (const [label, pathname] of [
      ['Dashboard', '/manager-dashboard'], ['Engineers', '/engineers'], ['Projects', '/projects'], ['Assignments', '/assignments'],
      ['Report', '/report'], ['Schedule', '/capacity'], ['Profile', '/profile'],
    ] as const) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.baseUrl}${pathname}`);
      await page.locator('h3').first().waitFor();
      await page.waitForTimeout(300);
      expect(await horizontalOverflow(page), `${label} overflows`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});

/** Both charts have a canvas with something drawn on it, and have finished animating. */
async function waitForCharts(page: Page) {
  for (const id of ['utilization-chart', 'status-chart']) {
    const canvas = page.getByTestId(id).locator('canvas').first();
    await canvas.waitFor({ timeout: 30_000 });
    await waitForStableCanvas(canvas);
    expect(await drawnPixels(canvas)).toBeGreaterThan(1000);
  }
}

/** Moves the mouse over the chart until G2 shows its tooltip; returns the tooltip's text. */
async function hoverForTooltip(page: Page, testId: string): Promise<string> {
  const canvas = page.getByTestId(testId).locator('canvas').first();
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const tooltip = page.getByTestId(testId).locator('.g2-tooltip');
  for (let fy = 0.5; fy <= 0.9; fy += 0.2) {
    for (let fx = 0.1; fx <= 0.9; fx += 0.04) {
      await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
      await page.waitForTimeout(60);
      if ((await tooltip.count()) > 0 && (await tooltip.first().isVisible())) {
        const text = normalize(await tooltip.first().innerText());
        if (text) return text;
      }
    }
  }
  throw new Error(`no tooltip on ${testId}`);
}
