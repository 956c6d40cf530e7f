import dayjs from 'dayjs';
import { reportGroupings, reportSteps, type ReportGrouping, type ReportStep } from '../../../domain/reports/inputs.ts';
import type { GroupPeriod, ReportPeriod, UtilisationGroup } from '../../../domain/reports/utilisation.ts';
import { isCalendarDate } from '../../../domain/capacity/calendar-days.ts';
import type { UtilisationAsk } from './reportsApi.ts';
import { defaultScheduleView, scheduleSpans, searchOfView } from '../../lib/scheduleView.ts';
import { addDays, daysBetween, mondayOfDate } from '../../lib/weeks.ts';
import { preset, type RangePreset } from './actualsRange.ts';

/** The Report's range, step, grouping and the group drilled into, as its URL keeps them. */
export type ReportView = { from: string; to: string; step: ReportStep; groupBy: ReportGrouping; drill: string | null };

const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
const quarterStart = (date: string) => {
  const d = dayjs(date);
  return d.month(Math.floor(d.month() / 3) * 3).startOf('month');
};

/** Quick ranges past and future, each saying its dates ('Last quarter: Jul 01 – Sep 30'). */
export function reportPresets(today: string): RangePreset[] {
  const quarter = quarterStart(today);
  const month = dayjs(today).startOf('month');
  const monday = mondayOfDate(today);
  return [
    preset('Last quarter', day(quarter.subtract(3, 'month')), day(quarter.subtract(1, 'day'))),
    preset('This quarter', day(quarter), day(quarter.add(3, 'month').subtract(1, 'day'))),
    preset('Next quarter', day(quarter.add(3, 'month')), day(quarter.add(6, 'month').subtract(1, 'day'))),
    preset('Last month', day(month.subtract(1, 'month')), day(month.subtract(1, 'day'))),
    preset('This month', day(month), day(month.add(1, 'month').subtract(1, 'day'))),
    preset('Next month', day(month.add(1, 'month')), day(month.add(2, 'month').subtract(1, 'day'))),
    preset('Last 12 weeks', addDays(monday, -84), addDays(monday, -1)),
    preset('Next 12 weeks', monday, addDays(monday, 83)),
    preset('Past and next 6 months', day(month.subtract(6, 'month')), day(month.add(6, 'month').subtract(1, 'day'))),
  ];
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null => (value && (list as readonly string[]).includes(value) ? (value as T) : null);

/** The view a URL asks for; anything unreadable falls back to this quarter by week and team. */
export function reportViewOf(search: URLSearchParams, today: string): ReportView {
  const fallback = reportPresets(today)[1]!;
  let from = search.get('from');
  let to = search.get('to');
  if (!(from && to && isCalendarDate(from) && isCalendarDate(to) && from <= to)) ({ from, to } = fallback);
  return {
    from,
    to,
    step: oneOf(reportSteps, search.get('step')) ?? 'week',
    groupBy: oneOf(reportGroupings, search.get('groupBy')) ?? 'team',
    drill: search.get('drill') || null,
  };
}

export function searchOfReport(view: ReportView): URLSearchParams {
  const search = new URLSearchParams({ from: view.from, to: view.to, step: view.step, groupBy: view.groupBy });
  if (view.drill !== null) search.set('drill', view.drill);
  return search;
}

/** The query for a group's people: the same range and step, by person, filtered to the group. */
export function drillAsk(view: ReportView, group: Pick<UtilisationGroup, 'key' | 'label'>): UtilisationAsk {
  const base: UtilisationAsk = { from: view.from, to: view.to, step: view.step, groupBy: 'person' };
  switch (view.groupBy) {
    case 'team': return { ...base, team: group.label };
    case 'role': return { ...base, role: group.label };
    case 'skill': return { ...base, skills: group.label };
    case 'seniority': return { ...base, seniority: group.key };
    case 'person': return base;
  }
}

/**
 * A person on the schedule over the report's range: that one engineer (by id, their name in the search
 * to read), the window from the range's first day, long enough to hold it.
 */
export function scheduleLink(person: { _id: string; name: string }, from: string, to: string): string {
  const weeks = scheduleSpans.find((span) => span * 7 >= daysBetween(mondayOfDate(from), to)) ?? scheduleSpans.at(-1)!;
  return `/capacity?${searchOfView({ ...defaultScheduleView, from, weeks, q: person.name, engineer: person._id })}`;
}

/** Figures summed over the periods: one line of the table. */
export function overall(periods: readonly GroupPeriod[]) {
  const sum = (field: 'capacity' | 'booked' | 'tentative' | 'demand' | 'bench' | 'overloadedPersonDays') => periods.reduce((total, p) => total + p[field], 0);
  const hours = (field: 'plannedHours' | 'actualHours') => (periods.some((p) => p[field] !== undefined) ? periods.reduce((total, p) => total + (p[field] ?? 0), 0) : undefined);
  const capacity = sum('capacity');
  const booked = sum('booked');
  return {
    capacity, booked, tentative: sum('tentative'), demand: sum('demand'), bench: sum('bench'), overloadedPersonDays: sum('overloadedPersonDays'),
    utilisation: capacity > 0 ? Math.round((booked / capacity) * 1000) / 10 : null,
    plannedHours: hours('plannedHours'), actualHours: hours('actualHours'),
  };
}

/** FTE over a range: person-days over its working days. */
export const fteOf = (personDays: number, periods: readonly Pick<ReportPeriod, 'workingDays'>[]) => {
  const days = periods.reduce((total, p) => total + p.workingDays, 0);
  return days > 0 ? Math.round((personDays / days) * 10) / 10 : 0;
};

export type TrendDatum = { period: string; value: number; series: 'Past' | 'Forecast' };

/**
 * Utilisation per period, past and forecast in one line: the periods that have begun are the past,
 * those to come the forecast, and the period under way is on both so the line does not break.
 */
export function trendData(periods: readonly ReportPeriod[], totals: readonly GroupPeriod[]): TrendDatum[] {
  const data: TrendDatum[] = [];
  periods.forEach((period, p) => {
    const figures = totals[p]!;
    const value = figures.capacity > 0 ? Math.round((figures.booked / figures.capacity) * 1000) / 10 : 0;
    if (period.past || period.toDate) data.push({ period: period.key, value, series: 'Past' });
    if (!period.past) data.push({ period: period.key, value, series: 'Forecast' });
  });
  return data;
}

export type GroupBar = { group: string; value: number; kind: 'Booked' | 'Tentative' | 'Bench' };

/** Groups drawn one bar each while they fit; more than this (people at 2,000) draw as a distribution. */
export const MAX_GROUP_BARS = 40;

/** Each group's booked, tentative and bench person-days over the range, stacked. */
export function groupBars(groups: readonly UtilisationGroup[]): GroupBar[] {
  return groups.flatMap((g) => {
    const o = overall(g.periods);
    return [
      { group: g.label, value: round1(o.booked), kind: 'Booked' as const },
      { group: g.label, value: round1(o.tentative), kind: 'Tentative' as const },
      { group: g.label, value: round1(o.bench), kind: 'Bench' as const },
    ];
  });
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export type BandDatum = { band: string; groups: number };
export const utilisationBands = ['0-25%', '25-50%', '50-75%', '75-100%', '100-125%', 'over 125%', 'no capacity'] as const;

/** How many groups (people, by person) fall in each band of utilisation over the range: draws the same at 20 or 2,000. */
export function bandData(groups: readonly UtilisationGroup[]): BandDatum[] {
  const counts = new Map<string, number>(utilisationBands.map((b) => [b, 0]));
  for (const g of groups) {
    const { utilisation } = overall(g.periods);
    const band =
      utilisation === null ? 'no capacity'
        : utilisation < 25 ? '0-25%' : utilisation < 50 ? '25-50%' : utilisation < 75 ? '50-75%'
          : utilisation <= 100 ? '75-100%' : utilisation <= 125 ? '100-125%' : 'over 125%';
    counts.set(band, counts.get(band)! + 1);
  }
  return [...counts].map(([band, n]) => ({ band, groups: n }));
}
