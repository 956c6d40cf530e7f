import type { CapacityResponse, CapacityRow } from '../../../domain/capacity/contracts.ts';
import type { CsvCell } from '../../lib/csv.ts';
import { weekLabel } from '../../lib/weeks.ts';

/**
 * The Report's forecast: capacity against demand week by week, and who is overloaded when. Figures
 * come from GET /api/capacity (or the past plan's), whose totals are percent-days: 100 is one person
 * for one day. The chart reads them as people (FTE): the week's percent-days over its working days.
 */

export const FORECAST_SERIES = ['Confirmed', 'Tentative', 'Placeholders'] as const;
export type ForecastSeries = (typeof FORECAST_SERIES)[number];
export const forecastColors: Record<ForecastSeries | 'Capacity', string> = {
  Confirmed: '#2563eb',
  Tentative: '#f59e0b',
  Placeholders: '#a855f7',
  Capacity: '#0f172a',
};

export type DemandDatum = { week: string; series: ForecastSeries; value: number };
export type CapacityDatum = { week: string; capacity: number };

type Total = CapacityResponse['totals'][number];

/** Percent-days of a week in people: 1 is one full-timer all week. */
const people = (percentDays: number, workingDays: number) => (workingDays > 0 ? Math.round((percentDays / 100 / workingDays) * 10) / 10 : 0);

export function forecastChartData(totals: readonly Total[]): { demand: DemandDatum[]; capacity: CapacityDatum[] } {
  const demand: DemandDatum[] = [];
  const capacity: CapacityDatum[] = [];
  for (const t of totals) {
    const week = weekLabel(t.start);
    demand.push(
      { week, series: 'Confirmed', value: people(t.confirmed, t.workingDays) },
      { week, series: 'Tentative', value: people(t.tentative, t.workingDays) },
      { week, series: 'Placeholders', value: people(t.placeholder, t.workingDays) },
    );
    capacity.push({ week, capacity: people(t.capacity, t.workingDays) });
  }
  return { demand, capacity };
}

export type ForecastSummary = { weeks: number; overDemandWeeks: number; peakDemand: number; peakWeek: string | null; capacityThen: number };

/** The headline: in how many weeks all demand (tentative and placeholders too) exceeds capacity, and the busiest week. */
export function forecastSummary(totals: readonly Total[]): ForecastSummary {
  let peak: Total | null = null;
  let overDemandWeeks = 0;
  const demandOf = (t: Total) => t.confirmed + t.tentative + t.placeholder;
  for (const t of totals) {
    if (demandOf(t) > t.capacity) overDemandWeeks += 1;
    if (t.workingDays > 0 && (!peak || people(demandOf(t), t.workingDays) > people(demandOf(peak), peak.workingDays))) peak = t;
  }
  return {
    weeks: totals.length,
    overDemandWeeks,
    peakDemand: peak ? people(demandOf(peak), peak.workingDays) : 0,
    peakWeek: peak ? peak.start : null,
    capacityThen: peak ? people(peak.capacity, peak.workingDays) : 0,
  };
}

export type OverloadedEngineer = {
  engineer: CapacityRow['engineer'];
  /** The highest utilisation of an overloaded week, and the first week it happens. */
  peak: number;
  peakWeek: string;
  overloadedWeeks: number;
};

/** Engineers overloaded in at least one week of the range, most severe peak first (then by name). */
export function overloadedInRange(rows: readonly CapacityRow[]): OverloadedEngineer[] {
  const found: OverloadedEngineer[] = [];
  for (const row of rows) {
    let peak: { utilization: number; start: string } | null = null;
    let overloadedWeeks = 0;
    for (const p of row.periods) {
      if (p.status !== 'overloaded' || p.utilization === null) continue;
      overloadedWeeks += 1;
      if (!peak || p.utilization > peak.utilization) peak = { utilization: p.utilization, start: p.start };
    }
    if (peak) found.push({ engineer: row.engineer, peak: peak.utilization, peakWeek: peak.start, overloadedWeeks });
  }
  return found.sort((a, b) => b.peak - a.peak || a.engineer.name.localeCompare(b.engineer.name) || a.engineer._id.localeCompare(b.engineer._id));
}

/**
 * The grid as CSV: one row per engineer (utilisation per week, 'off' for a week without capacity),
 * then the totals per week in people (FTE).
 */
export function forecastCsvRows(grid: CapacityResponse): CsvCell[][] {
  const weeks = grid.periods.map((p) => `${p.key} (${p.start})`);
  const rows: CsvCell[][] = [['Engineer', 'Email', 'Department', 'Max capacity %', ...weeks]];
  for (const row of grid.rows) {
    rows.push([row.engineer.name, row.engineer.email, row.engineer.department, row.engineer.maxCapacity, ...row.periods.map((p) => p.utilization ?? 'off')]);
  }
  const totalRow = (label: string, pick: (t: Total) => number): CsvCell[] => [label, '', '', '', ...grid.totals.map((t) => people(pick(t), t.workingDays))];
  rows.push(
    [],
    totalRow('Capacity (FTE)', (t) => t.capacity),
    totalRow('Confirmed (FTE)', (t) => t.confirmed),
    totalRow('Tentative (FTE)', (t) => t.tentative),
    totalRow('Placeholders (FTE)', (t) => t.placeholder),
  );
  return rows;
}

export const forecastFilename = (grid: Pick<CapacityResponse, 'from' | 'to'>) => `forecast-${grid.from}-to-${grid.to}.csv`;
