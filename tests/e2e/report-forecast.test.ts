/**
 * The Report's forecast as drawn, in Chromium on the real server with the demo: the capacity line is
 * read against the demand columns on the canvas itself (the two used to sit on y scales of their own,
 * which drew the line about a quarter too high on a large organisation), and a window with no demand
 * says so and keeps an axis under the line (it used to show a lone 0 halfway up).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../domain/capacity/contracts.ts';
import { closePageSession, openPageSession, type PageSession } from '../support/page-session.ts';
import { MANAGER, navigate, signIn, waitForStableCanvas } from '../support/screens.ts';

let session: PageSession | undefined;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  session = await openPageSession();
  ({ page, pageErrors } = session);
  await signIn(page, session.server.baseUrl, MANAGER.email);
});
afterAll(() => closePageSession(session));

/** A GET of the API as the signed-in user (the token the app keeps). */
const apiGet = <T,>(path: string) =>
  page.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('userToken') ?? 'null') as string;
    const response = await fetch(url, { headers: { Authorization: token } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

/** Percent-days of a week in people, as the chart reads them (one decimal). */
const people = (percentDays: number, workingDays: number) => Math.round((percentDays / 100 / workingDays) * 10) / 10;

type Column = { x: number; top: number; line: number | null };

/**
 * What the forecast's canvas shows, in canvas pixels: the columns' common baseline and, for each column
 * of demand (left to right), its middle, its top and where the capacity line crosses it. Columns are
 * the saturated pixels (blue, amber, purple); the line is the one near-black thing drawn over the plot.
 */
function readForecastCanvas(canvas: Locator): Promise<{ baseline: number; columns: Column[] }> {
  return canvas.evaluate((node) => {
    const c = node as HTMLCanvasElement;
    const { data, width, height } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    const at = (x: number, y: number) => data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4);
    const isColumn = (p: Uint8ClampedArray) => p[3]! > 200 && Math.max(p[0]!, p[1]!, p[2]!) - Math.min(p[0]!, p[1]!, p[2]!) > 80;
    const isLine = (p: Uint8ClampedArray) => p[3]! > 200 && Math.max(p[0]!, p[1]!, p[2]!) < 70;
    let baseline = -1;
    for (let y = height - 1; y >= 0 && baseline < 0; y--) {
      for (let x = 0; x < width; x++) if (isColumn(at(x, y))) { baseline = y; break; }
    }
    const runs: [number, number][] = [];
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && isColumn(at(x, baseline));
      if (on && start < 0) start = x;
      if (!on && start >= 0) { runs.push([start, x - 1]); start = -1; }
    }
    const columns = runs.map(([a, b]) => {
      const x = Math.round((a + b) / 2);
      let top = -1;
      const dark: number[] = [];
      for (let y = 0; y <= baseline; y++) {
        const p = at(x, y);
        if (top < 0 && isColumn(p)) top = y;
        if (isLine(p)) dark.push(y);
      }
      return { x, top, line: dark.length > 0 ? dark.reduce((s, y) => s + y, 0) / dark.length : null };
    });
    return { baseline, columns };
  });
}

/**
 * The rows of the plot's horizontal grid lines that show (top to bottom: one per y tick, less any the
 * line covers), and the mean row of the capacity line, in canvas pixels. The canvas is transparent:
 * grid lines are faint dashes (dark, nearly transparent) across the plot, the line opaque near-black.
 */
function readAxisAndLine(canvas: Locator): Promise<{ grid: number[]; line: number | null }> {
  return canvas.evaluate((node) => {
    const c = node as HTMLCanvasElement;
    const { data, width, height } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    const at = (x: number, y: number) => data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4);
    const isGrid = (p: Uint8ClampedArray) => p[3]! > 0 && p[3]! < 40;
    const isLine = (p: Uint8ClampedArray) => p[3]! > 200 && Math.max(p[0]!, p[1]!, p[2]!) < 70;
    const grid: number[] = [];
    let darkRows = 0;
    let darkSum = 0;
    for (let y = 0; y < height; y++) {
      let faint = 0;
      let darks = 0;
      for (let x = 0; x < width; x++) {
        if (isGrid(at(x, y))) faint += 1;
        if (isLine(at(x, y))) darks += 1;
      }
      if (faint > width * 0.3 && grid.at(-1) !== y - 1) grid.push(y);
      if (darks > width * 0.05) { darkRows += darks; darkSum += darks * y; }
    }
    return { grid, line: darkRows > 0 ? darkSum / darkRows : null };
  });
}

describe('the Report forecast as drawn', () => {
  it('draws the capacity line at the capacity, on the scale the demand columns are drawn on', async () => {
    const asked = page.waitForRequest((r) => r.url().includes('/api/capacity?') && r.url().includes('sort=peak'));
    await navigate(page, 'Report', '/report');
    const url = new URL((await asked).url());
    const grid = await apiGet<CapacityResponse>(`/api/capacity?from=${url.searchParams.get('from')}&to=${url.searchParams.get('to')}&step=week&limit=1`);
    const weeks = grid.totals
      .map((t) => ({ capacity: people(t.capacity, t.workingDays), demand: people(t.confirmed + t.tentative + t.placeholder, t.workingDays) }))
      .filter((w) => w.demand > 0);

    const canvas = page.getByTestId('forecast-chart').locator('canvas').first();
    await canvas.waitFor();
    await canvas.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await waitForStableCanvas(canvas);
    const { baseline, columns } = await readForecastCanvas(canvas);
    // One column per week with demand, in order: each week's line and column can be set side by side.
    expect(columns).toHaveLength(weeks.length);
    expect(weeks.length).toBeGreaterThanOrEqual(6);
    // Pixels per person on the columns' scale, fitted over every column (each top is a pixel or so out).
    const perPerson = columns.reduce((sum, c, i) => sum + (baseline - c.top) * weeks[i]!.demand, 0) / weeks.reduce((sum, w) => sum + w.demand ** 2, 0);
    columns.forEach((column, i) => {
      const { capacity, demand } = weeks[i]!;
      expect(Math.abs(baseline - column.top - perPerson * demand), `the column of week ${i + 1}`).toBeLessThan(3);
      expect(column.line, `the line over week ${i + 1}`).not.toBeNull();
      // Where the capacity falls on the columns' scale.
      expect(Math.abs(baseline - column.line! - perPerson * capacity), `week ${i + 1}: ${capacity} FTE of capacity for ${demand} of demand`).toBeLessThan(3);
    });
  });

  it('keeps the tooltip inside the chart, by the right edge and the bottom too', async () => {
    const canvas = page.getByTestId('forecast-chart').locator('canvas').first();
    const box = (await canvas.boundingBox())!;
    const { baseline, columns } = await readForecastCanvas(canvas);
    const tooltip = page.getByTestId('forecast-chart').locator('.g2-tooltip');
    // The last week first: the first tooltip shown was never flipped, and ran off the card's right edge.
    for (const [column, y] of [[columns.at(-1)!, box.height / 2], [columns.at(-2)!, baseline - 4], [columns[0]!, baseline - 4]] as const) {
      await page.mouse.move(box.x + column.x, box.y + y);
      await expect.poll(() => tooltip.first().isVisible(), { timeout: 5_000 }).toBe(true);
      expect(await tooltip.first().innerText()).toMatch(/Capacity\s+\d+(\.\d)? FTE/);
      // Inside the canvas, once the tooltip has slid into place (it moves with a 0.4 s transition).
      await expect.poll(async () => {
        const tip = (await tooltip.first().boundingBox())!;
        return tip.x >= box.x - 0.5 && tip.x + tip.width <= box.x + box.width + 0.5 && tip.y >= box.y - 0.5 && tip.y + tip.height <= box.y + box.height + 0.5;
      }, { timeout: 3_000 }).toBe(true);
    }
    await page.mouse.move(0, 0);
  });

  it('a year ahead, with no demand planned, says so and draws the capacity on an axis from 0', async () => {
    const forecast = page.getByTestId('forecast-chart');
    await forecast.getByTestId('forecast-start').click();
    const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await panel.waitFor();
    await panel.locator('.ant-picker-header-super-next-btn').click();
    await panel.locator('td.ant-picker-cell-in-view').nth(10).click();
    await expect.poll(() => forecast.locator('[data-role="subtitle"]').innerText()).toMatch(/^Capacity against demand per week, 12 weeks from /);
    await expect.poll(() => forecast.getByTestId('forecast-summary').innerText()).toBe('No demand planned in these weeks.');

    const canvas = forecast.locator('canvas').first();
    await page.mouse.move(0, 0);
    await waitForStableCanvas(canvas);
    const { grid, line } = await readAxisAndLine(canvas);
    // An axis with ticks from 0 up, evenly spaced (before: a lone 0 halfway up, the line above it on a
    // scale of its own), and the line on it: the capacity is the top of the scale, so the line is in
    // the highest tick's step (whose grid line it may cover).
    expect(grid.length, `grid lines at ${grid.join(', ')}`).toBeGreaterThanOrEqual(3);
    const step = (grid.at(-1)! - grid[0]!) / (grid.length - 1);
    for (let i = 1; i < grid.length; i++) expect(Math.abs(grid[i]! - grid[i - 1]! - step)).toBeLessThan(2);
    expect(line).not.toBeNull();
    expect(line!).toBeGreaterThanOrEqual(grid[0]! - step - 2);
    expect(line!).toBeLessThanOrEqual(grid[0]! + 2);
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
