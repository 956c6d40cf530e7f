/**
 * One load figure (design section 15), in Chromium on the real server: a part-timer of 50 % with one
 * current assignment at 60 % shows 120 % on the Manager Dashboard, Engineers, the schedule and the
 * Report, the spec's allocation ("60% allocated of 50%") standing beside it, labelled, never instead.
 *
 * The plan is set up through the API. The assignment runs from three weeks ago to two months ahead, so
 * this week is wholly inside it whichever rule holds for a span's last day; the demo has no holiday
 * this week and the new person no time off: booked 5 x 60 against capacity 5 x 50 is 120 %.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApi } from '../support/api-client.ts';
import { validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import type { E2EServer } from '../support/e2e-server.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { MANAGER, navigate, normalize, rowWith, signIn, tableRows } from '../support/screens.ts';

const NAME = 'Pia Parttime';
const DAY = 86_400_000;
const midnight = (offset: number) => new Date(Math.floor(Date.now() / DAY) * DAY + offset * DAY).toISOString();

let session: PageSession | undefined;
let server: E2EServer;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await openPageSession();
  ({ server, page, pageErrors } = session);
  const api = httpApi(server.baseUrl);
  const token = await api.login(MANAGER.email);
  const created = async (url: string, body: Record<string, unknown>) => {
    const response = await api.request({ method: 'POST', url, token, body });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { _id: string };
  };
  const pia = await created('/api/engineers', validEngineerPayload({ name: NAME, maxCapacity: 50 }));
  const project = await created('/api/projects', validProjectPayload({ name: 'Load Figure Check', startDate: midnight(-60), endDate: midnight(120), status: 'active' }));
  await created('/api/assignments', { engineerId: pia._id, projectId: project._id, role: 'Developer', allocationPercentage: 60, startDate: midnight(-21), endDate: midnight(60) });
  await signIn(page, server.baseUrl, MANAGER.email);
}, 120_000);
afterAll(() => closePageSession(session));

describe('a part-timer of 50 % at 60 % reads 120 % on every screen', () => {
  it('the Manager Dashboard: 120 % this week', async () => {
    const table = page.getByTestId('team-utilization');
    await expect.poll(async () => rowWith(await tableRows(table), NAME).join(' | '), { timeout: 15_000 }).toContain('120%');
    const load = table.locator('tr', { hasText: NAME }).getByTestId('week-load');
    // The load, then the days over capacity that make it overloaded.
    expect(normalize(await load.innerText())).toMatch(/^120% Booked 3 of 2\.5 days Over capacity on 5 of 5 days, peak 120%$/);
    expect(await load.getAttribute('data-status')).toBe('overloaded');
  });

  it('Engineers: 120 % load, the allocation labelled beside it, 20 % over capacity, overloaded', async () => {
    await navigate(page, 'Engineers', '/engineers');
    const directory = page.getByTestId('engineers-directory');
    const row = directory.locator('tr', { hasText: NAME });
    await row.getByTestId('engineer-load').waitFor();
    expect(normalize(await row.getByTestId('engineer-load').innerText())).toBe('120% load');
    expect(normalize(await row.getByTestId('engineer-allocation').innerText())).toBe('60% allocated of 50%');
    const text = normalize(await row.innerText());
    for (const part of ['Overloaded', '20% over capacity', '1 active project']) expect(text).toContain(part);
    // The old figures for the same person and moment: the allocation alone, and a share of a day over.
    expect(text).not.toContain('10% over capacity');
  });

  it('the schedule: 120 % this week', async () => {
    await navigate(page, 'Schedule', '/capacity');
    const row = page.locator(`[data-testid=schedule-row][data-engineer="${NAME}"]`);
    await row.waitFor();
    const thisWeek = row.locator('.schedule-cells [role=gridcell]').first();
    await expect.poll(() => thisWeek.textContent(), { timeout: 15_000 }).toBe('120%');
  });

  it('the Report: Critical Issues names the part-timer at 120 %, the allocation labelled beside it', async () => {
    await navigate(page, 'Report', '/report');
    const issues = page.getByTestId('critical-issues');
    await issues.getByText(NAME).waitFor();
    const item = issues.locator('div', { hasText: NAME }).filter({ has: page.getByTestId('critical-load') }).last();
    expect(normalize(await item.getByTestId('critical-load').innerText())).toBe('120%');
    const text = normalize(await item.innerText());
    expect(text).toContain('Overloaded · 60% allocated of 50%');
    expect(text).not.toContain('60% / 50%');
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
