import { describe, expect, it } from 'vitest';
import type { CapacityResponse, CapacityRow } from '../../../domain/capacity/contracts.ts';
import {
  FORECAST_SERIES, forecastChartData, forecastChartOptions, forecastCsvRows, forecastFilename, forecastHeadline, forecastSummary, forecastYDomain, fteTick, overloadedInRange,
} from './forecast.ts';

const period = (key: string, start: string) => ({ key, start, end: start, workingDays: 5, holidays: [] });
const weeks = [period('2026-W10', '2026-03-02'), period('2026-W11', '2026-03-09'), period('2026-W12', '2026-03-16')];
const engineer = (id: string, name: string) => ({ _id: id, name, email: `${id}@x.test`, department: 'Platform', seniority: 'mid' as const, skills: [], maxCapacity: 100 });
const row = (id: string, name: string, loads: (number | null)[]): CapacityRow => ({
  engineer: engineer(id, name),
  periods: loads.map((u, i) => ({
    ...weeks[i]!, capacity: u === null ? 0 : 500, booked: u === null ? 0 : u * 5, tentative: 0, timeOffDays: u === null ? 5 : 0, utilization: u,
    status: u === null ? 'off' : u > 100 ? 'overloaded' : u < 50 ? 'underutilized' : 'optimal', free: u === null ? null : 100 - u,
    overloadedDays: u !== null && u > 100 ? 5 : 0, peak: u,
  })),
  peakUtilization: null,
  minFree: null,
  conflicts: [],
});
const grid: CapacityResponse = {
  from: '2026-03-02', to: '2026-03-22', step: 'week', includeTentative: false, timeZone: 'UTC', periods: weeks, total: 3,
  rows: [row('a', 'Ana', [80, 130, 90]), row('b', 'Ben', [120, 120, null]), row('c', 'Cy', [40, 50, 60])],
  totals: [
    { ...weeks[0]!, capacity: 1500, confirmed: 1200, tentative: 250, placeholder: 250 },
    { ...weeks[1]!, capacity: 1500, confirmed: 1500, tentative: 0, placeholder: 250 },
    { ...weeks[2]!, capacity: 1000, confirmed: 750, tentative: 0, placeholder: 0 },
  ],
};

describe('forecast', () => {
  it('reads the totals per week in people: demand by kind and capacity', () => {
    const { demand, capacity } = forecastChartData(grid.totals);
    expect(capacity.map((c) => c.capacity)).toEqual([3, 3, 2]);
    expect(demand.slice(0, 3)).toEqual([
      { week: 'Mar 02', series: 'Confirmed', value: 2.4 },
      { week: 'Mar 02', series: 'Tentative', value: 0.5 },
      { week: 'Mar 02', series: 'Placeholders', value: 0.5 },
    ]);
  });

  it('draws the capacity line and the demand columns on one y scale, running from 0 past both', () => {
    // The large organisation's busiest week: 2,342.3 people of demand for 1,784.6 of capacity (5 days).
    const week = { ...weeks[0]!, capacity: 178_460 * 5, confirmed: 215_300 * 5, tentative: 14_730 * 5, placeholder: 4_200 * 5 };
    const { demand, capacity } = forecastChartData([week, { ...weeks[1]!, capacity: 170_000 * 5, confirmed: 100_000 * 5, tentative: 0, placeholder: 0 }]);
    const options = forecastChartOptions(demand, capacity);
    const [columns, line] = options.children;
    expect(columns).toMatchObject({ type: 'interval', yField: 'value', stack: true });
    expect(line).toMatchObject({ type: 'line', yField: 'capacity' });
    // The line is fed the capacity itself, in people, not some other series.
    expect(line!.data).toEqual([{ week: 'Mar 02', capacity: 1784.6 }, { week: 'Mar 09', capacity: 1700 }]);
    // Every y scale is the same one, not independent (the chart's default), over the stacked demand.
    const scales = [options.scale.y, columns!.scale.y, line!.scale.y];
    for (const y of scales) expect(y).toEqual({ key: 'people', independent: false, domainMin: 0, domainMax: 2342.3, nice: true });
    // One axis for both marks: nothing hides or adds one for the line.
    expect(line).not.toHaveProperty('axis');
  });

  it('runs the y axis from 0 to the tallest week of demand or the largest capacity, and to 1 when there is neither', () => {
    const demandOf = (value: number) => FORECAST_SERIES.map((series) => ({ week: 'Mar 02', series, value }));
    expect(forecastYDomain(demandOf(2), [{ week: 'Mar 02', capacity: 5 }])).toEqual([0, 6]);
    expect(forecastYDomain(demandOf(1), [{ week: 'Mar 02', capacity: 8 }])).toEqual([0, 8]);
    // No demand planned: the axis runs to the capacity, which the line then sits at the top of.
    expect(forecastYDomain(demandOf(0), [{ week: 'Mar 02', capacity: 12.5 }])).toEqual([0, 12.5]);
    expect(forecastYDomain(demandOf(0), [{ week: 'Mar 02', capacity: 0 }])).toEqual([0, 1]);
    expect(forecastYDomain([], [])).toEqual([0, 1]);
    expect([0, 0.2, 0.6000000000000001, 1500].map(fteTick)).toEqual(['0', '0.2', '0.6', '1500']);
  });

  it('says in how many weeks demand exceeds capacity, and the busiest week', () => {
    expect(forecastSummary(grid.totals)).toEqual({ weeks: 3, overDemandWeeks: 2, peakDemand: 3.5, peakWeek: '2026-03-09', capacityThen: 3 });
  });

  it('with no demand in any week, names no busiest week and says there is none', () => {
    const idle = grid.totals.map((t) => ({ ...t, confirmed: 0, tentative: 0, placeholder: 0 }));
    expect(forecastSummary(idle)).toEqual({ weeks: 3, overDemandWeeks: 0, peakDemand: 0, peakWeek: null, capacityThen: 0 });
    expect(forecastHeadline(forecastSummary(idle))).toBe('No demand planned in these weeks.');
    // The axis then runs from 0 to the capacity, where the line is drawn.
    const { demand, capacity } = forecastChartData(idle);
    expect(forecastChartOptions(demand, capacity).scale.y).toMatchObject({ domainMin: 0, domainMax: 3 });
    // A little demand is still demand, even where it rounds to 0.0 people.
    const little = idle.map((t, i) => (i === 1 ? { ...t, tentative: 10 } : t));
    expect(forecastSummary(little).peakWeek).toBe('2026-03-09');
    expect(forecastHeadline(forecastSummary([]))).toBeNull();
  });

  it('words the headline from the summary', () => {
    expect(forecastHeadline(forecastSummary(grid.totals))).toBe(
      'Demand exceeds capacity in 2 of 3 weeks. Busiest: the week of Mar 09, 3.5 FTE of demand for 3 FTE of capacity.',
    );
    const calm = grid.totals.map((t) => ({ ...t, tentative: 0, placeholder: 0, confirmed: Math.min(t.confirmed, t.capacity) }));
    expect(forecastHeadline(forecastSummary(calm))).toBe(
      'Demand stays within capacity in every week. Busiest: the week of Mar 09, 3 FTE of demand for 3 FTE of capacity.',
    );
  });

  it('lists who is overloaded, most severe peak first, with the week it happens', () => {
    expect(overloadedInRange(grid.rows).map((o) => [o.engineer.name, o.peak, o.peakWeek, o.overloadedWeeks, o.overloadedDays])).toEqual([
      ['Ana', 130, '2026-03-09', 1, 5],
      ['Ben', 120, '2026-03-02', 2, 10],
    ]);
  });

  it('lists someone whose weeks average under 100 % but have days over, by their highest day', () => {
    const cy = row('c', 'Cy', [40, 96, 60]);
    cy.periods[1] = { ...cy.periods[1]!, status: 'overloaded', overloadedDays: 2, peak: 120 };
    expect(overloadedInRange([...grid.rows, cy]).map((o) => [o.engineer.name, o.peak, o.peakWeek, o.overloadedWeeks, o.overloadedDays])).toEqual([
      ['Ana', 130, '2026-03-09', 1, 5],
      ['Ben', 120, '2026-03-02', 2, 10],
      ['Cy', 120, '2026-03-09', 1, 2],
    ]);
  });

  it('exports every row by every week, then the totals', () => {
    const rows = forecastCsvRows(grid);
    expect(rows[0]).toEqual(['Engineer', 'Email', 'Department', 'Max capacity %', '2026-W10 (2026-03-02)', '2026-W11 (2026-03-09)', '2026-W12 (2026-03-16)']);
    expect(rows[2]).toEqual(['Ben', 'b@x.test', 'Platform', 100, 120, 120, 'off']);
    expect(rows.slice(-4).map((r) => r[0])).toEqual(['Capacity (FTE)', 'Confirmed (FTE)', 'Tentative (FTE)', 'Placeholders (FTE)']);
    expect(rows.at(-4)!.slice(4)).toEqual([3, 3, 2]);
    expect(rows).toHaveLength(1 + 3 + 1 + 4);
    expect(forecastFilename(grid)).toBe('forecast-2026-03-02-to-2026-03-22.csv');
  });
});
