import type { CapacityResponse, CapacityRow } from '../../../domain/capacity/contracts.ts';
import type { CsvCell } from '../../lib/csv.ts';
import { weekLabel } from '../../lib/weeks.ts';
import { chartColors } from '../../components/palette.ts';

/**
 * The Report's forecast: capacity against demand week by week, and who is overloaded when. Figures
 * come from GET /api/capacity (or the past plan's), whose totals are percent-days: 100 is one person
 * for one day. The chart reads them as people (FTE): the week's percent-days over its working days.
 */

export const FORECAST_SERIES = ['Confirmed', 'Tentative', 'Placeholders'] as const;
export type ForecastSeries = (typeof FORECAST_SERIES)[number];
export const forecastColors: Record<ForecastSeries | 'Capacity', string> = {
  Confirmed: chartColors.booked,
  Tentative: chartColors.pending,
  Placeholders: chartColors.placeholders,
  Capacity: chartColors.capacityLine,
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

/**
 * The one y scale the forecast draws on, in people: from 0 to the larger of the tallest week of stacked
 * demand and the largest capacity, so the capacity line and the columns are read against the same axis.
 * With nothing at all in any week the axis still runs to one person rather than collapsing to a point.
 */
export function forecastYDomain(demand: readonly DemandDatum[], capacity: readonly CapacityDatum[]): [number, number] {
  const stacked = new Map<string, number>();
  for (const d of demand) stacked.set(d.week, (stacked.get(d.week) ?? 0) + d.value);
  const top = Math.max(0, ...stacked.values(), ...capacity.map((c) => c.capacity));
  return [0, top > 0 ? top : 1];
}

/** An axis tick in people: at most two decimals (a tick of 0.6 is not drawn as 0.6000000000000001). */
export const fteTick = (value: number | string) => `${Math.round(Number(value) * 100) / 100}`;

/**
 * The forecast chart's options (the dual-axes chart of the charts library): demand stacked by kind as
 * columns, capacity as a line over them, both on the one y scale `forecastYDomain` gives. That chart
 * gives each mark an independent y scale unless told otherwise, whatever key they share: the capacity
 * line was drawn on a scale of its own and, read against the columns' axis, sat about a quarter too high
 * on the large organisation, above a demand it was in fact below. Every y scale here says it is shared.
 */
export function forecastChartOptions(demand: DemandDatum[], capacity: CapacityDatum[]) {
  const [, max] = forecastYDomain(demand, capacity);
  const y = { key: 'people', independent: false, domainMin: 0, domainMax: max, nice: true };
  return {
    xField: 'week',
    // The section draws its own legend above the chart (capacity as a line, demand as squares).
    legend: false as const,
    scale: { y },
    // One axis, the columns' and the line's alike.
    axis: { y: { title: 'People (FTE)', labelFormatter: fteTick, gridLineDash: [3, 3] }, x: { title: false, labelAutoRotate: demand.length > 60 } },
    children: [
      {
        type: 'interval' as const,
        data: demand,
        yField: 'value',
        colorField: 'series',
        stack: true,
        scale: { y, color: { domain: [...FORECAST_SERIES, 'Capacity'], range: [...FORECAST_SERIES.map((s) => forecastColors[s]), forecastColors.Capacity] } },
        style: { maxWidth: 36, radiusTopLeft: 2, radiusTopRight: 2 },
        tooltip: { items: [(d: DemandDatum) => ({ name: d.series, value: `${d.value} FTE`, color: forecastColors[d.series] })] },
      },
      {
        type: 'line' as const,
        data: capacity,
        yField: 'capacity',
        colorField: () => 'Capacity',
        scale: { y },
        style: { lineWidth: 2.5, stroke: forecastColors.Capacity },
        tooltip: { items: [(d: CapacityDatum) => ({ name: 'Capacity', value: `${d.capacity} FTE`, color: forecastColors.Capacity })] },
      },
    ],
  };
}

export type ForecastSummary = { weeks: number; overDemandWeeks: number; peakDemand: number; peakWeek: string | null; capacityThen: number };

/**
 * The headline: in how many weeks all demand (tentative and placeholders too) exceeds capacity, and the
 * busiest week. A week with no demand is nobody's busiest: with none in any week there is no peak.
 */
export function forecastSummary(totals: readonly Total[]): ForecastSummary {
  let peak: Total | null = null;
  let overDemandWeeks = 0;
  const demandOf = (t: Total) => t.confirmed + t.tentative + t.placeholder;
  for (const t of totals) {
    if (demandOf(t) > t.capacity) overDemandWeeks += 1;
    if (t.workingDays > 0 && demandOf(t) > 0 && (!peak || people(demandOf(t), t.workingDays) > people(demandOf(peak), peak.workingDays))) peak = t;
  }
  return {
    weeks: totals.length,
    overDemandWeeks,
    peakDemand: peak ? people(demandOf(peak), peak.workingDays) : 0,
    peakWeek: peak ? peak.start : null,
    capacityThen: peak ? people(peak.capacity, peak.workingDays) : 0,
  };
}

/** The sentence above the chart; none while there are no weeks. */
export function forecastHeadline(summary: ForecastSummary): string | null {
  if (summary.weeks === 0) return null;
  if (summary.peakWeek === null) return 'No demand planned in these weeks.';
  const over = summary.overDemandWeeks === 0
    ? 'Demand stays within capacity in every week.'
    : `Demand exceeds capacity in ${summary.overDemandWeeks} of ${summary.weeks} weeks.`;
  return `${over} Busiest: the week of ${weekLabel(summary.peakWeek)}, ${summary.peakDemand} FTE of demand for ${summary.capacityThen} FTE of capacity.`;
}

export type OverloadedEngineer = {
  engineer: CapacityRow['engineer'];
  /** The highest single day's utilisation in an overloaded week, and the first week it happens. */
  peak: number;
  peakWeek: string;
  overloadedWeeks: number;
  /** Working days over capacity in the range. */
  overloadedDays: number;
};

/**
 * Engineers overloaded in at least one week of the range (some day over capacity, whatever the
 * week's average: the model's status), most severe peak day first (then by name).
 */
export function overloadedInRange(rows: readonly CapacityRow[]): OverloadedEngineer[] {
  const found: OverloadedEngineer[] = [];
  for (const row of rows) {
    let peak: { utilization: number; start: string } | null = null;
    let overloadedWeeks = 0;
    let overloadedDays = 0;
    for (const p of row.periods) {
      if (p.status !== 'overloaded' || p.peak === null) continue;
      overloadedWeeks += 1;
      overloadedDays += p.overloadedDays;
      if (!peak || p.peak > peak.utilization) peak = { utilization: p.peak, start: p.start };
    }
    if (peak) found.push({ engineer: row.engineer, peak: peak.utilization, peakWeek: peak.start, overloadedWeeks, overloadedDays });
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
