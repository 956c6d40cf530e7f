import { describe, expect, it } from 'vitest';
import type { CapacityResponse, CapacityRow } from '../../../domain/capacity/contracts.ts';
import { forecastChartData, forecastCsvRows, forecastFilename, forecastSummary, overloadedInRange } from './forecast.ts';

const period = (key: string, start: string) => ({ key, start, end: start, workingDays: 5, holidays: [] });
const weeks = [period('2026-W10', '2026-03-02'), period('2026-W11', '2026-03-09'), period('2026-W12', '2026-03-16')];
const engineer = (id: string, name: string) => ({ _id: id, name, email: `${id}@x.test`, department: 'Platform', seniority: 'mid' as const, skills: [], maxCapacity: 100 });
const row = (id: string, name: string, loads: (number | null)[]): CapacityRow => ({
  engineer: engineer(id, name),
  periods: loads.map((u, i) => ({
    ...weeks[i]!, capacity: u === null ? 0 : 500, booked: u === null ? 0 : u * 5, tentative: 0, timeOffDays: u === null ? 5 : 0, utilization: u,
    status: u === null ? 'off' : u > 100 ? 'overloaded' : u < 50 ? 'underutilized' : 'optimal', free: u === null ? null : 100 - u,
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

  it('says in how many weeks demand exceeds capacity, and the busiest week', () => {
    expect(forecastSummary(grid.totals)).toEqual({ weeks: 3, overDemandWeeks: 2, peakDemand: 3.5, peakWeek: '2026-03-09', capacityThen: 3 });
  });

  it('lists who is overloaded, most severe peak first, with the week it happens', () => {
    expect(overloadedInRange(grid.rows).map((o) => [o.engineer.name, o.peak, o.peakWeek, o.overloadedWeeks])).toEqual([
      ['Ana', 130, '2026-03-09', 1],
      ['Ben', 120, '2026-03-02', 2],
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
