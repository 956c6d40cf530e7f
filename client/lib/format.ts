import dayjs from 'dayjs';

/** Date and text formats the screens share; all of them display in the browser's time zone. */

/** Long US date: 'November 05, 2026' (Engineer Dashboard). */
export const longDate = (iso: string) => dayjs(iso).format('MMMM DD, YYYY');

/**
 * A formatter that keeps its answers (up to `limit` inputs, then it starts over): screens print the
 * same few hundred dates again and again (each bar's label whenever it scrolls into view), and
 * parsing and formatting with dayjs is what costs, not the lookup.
 */
export function remembered(format: (iso: string) => string, limit = 5_000): (iso: string) => string {
  const kept = new Map<string, string>();
  return (iso) => {
    let text = kept.get(iso);
    if (text === undefined) {
      text = format(iso);
      if (kept.size >= limit) kept.clear();
      kept.set(iso, text);
    }
    return text;
  };
}

/** Short date with year: 'Nov 05, 2026' (Projects timeline, the schedule's bars). */
export const shortDate = remembered((iso) => dayjs(iso).format('MMM DD, YYYY'));

/** Date and time to the second: 'Nov 05, 2026 14:03:27' (History, the time-travel banner). */
export const dateTime = (iso: string) => dayjs(iso).format('MMM DD, YYYY HH:mm:ss');

/** Short month and day: 'Nov 05' (Assignments timeline start, Becoming Available Soon). */
export const monthDay = (iso: string) => dayjs(iso).format('MMM DD');

/** The browser's local date format (Report's Project Timeline). */
export const localDate = (iso: string) => new Date(iso).toLocaleDateString();

/** 'start - end' with the year on both ends. */
export const dateRange = (startIso: string, endIso: string) => `${shortDate(startIso)} - ${shortDate(endIso)}`;

/** 'start - end' with the year only on the end, as the Assignments table shows it. */
export const shortRange = (startIso: string, endIso: string) => `${monthDay(startIso)} - ${shortDate(endIso)}`;

/** 'engineer' -> 'Engineer'; missing -> 'Undefined' (Profile). */
export const capitalize = (text: string | null | undefined) =>
  text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Undefined';

/** '1 project' / '2 projects'. */
export const plural = (count: number, singular: string, pluralForm = `${singular}s`) =>
  `${count} ${count === 1 ? singular : pluralForm}`;

/** A percentage as the screens print it: whole numbers bare, others to one decimal. */
export const percent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

/** Numbers as the screens print them: en-US, thousands separated, at most one decimal ('10,857.1'). */
const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * Percent-days as person-days, to a tenth of a day with thousands separated: 1,085,710 is '10,857.1d'.
 * 100 percent-days is one person for a day (or two at half time), the unit a planner staffs in.
 */
export const personDays = (percentDays: number) => `${personDayFigure(percentDays)}d`;

/** The same figure without its unit, for a column whose heading names it: '10,857.1'. */
export const personDayFigure = (percentDays: number) => tenths.format(Math.round(percentDays / 10) / 10);

/** The Available Capacity column: '% available', 'Fully allocated' or '% over capacity'. */
export function availableCapacityText(availableCapacity: number): string {
  if (availableCapacity > 0) return `${percent(availableCapacity)} available`;
  if (availableCapacity === 0) return 'Fully allocated';
  return `${percent(-availableCapacity)} over capacity`;
}

/** A number of days as a person says it: to the nearest half day, 'about' unless it is that. */
function daysSaid(days: number): string {
  const halves = Math.round(days * 2) / 2;
  if (halves === 0) return 'less than half a day';
  const about = Math.abs(days - halves) < 0.05 ? '' : 'about ';
  if (halves === 0.5) return `${about}half a day`;
  return `${about}${halves} ${halves === 1 ? 'day' : 'days'}`;
}

/** Which kind of period a capacity period's key names: '2026-W12' a week, '2026-03' a month, '2026-03-16' a day. */
export const periodKind = (key: string): 'week' | 'month' | 'day' => (/W\d+$/.test(key) ? 'week' : /^\d{4}-\d{2}$/.test(key) ? 'month' : 'day');

/**
 * What is free in a period, in days as a person counts them: 'about 1 day free this week', 'Over by
 * half a day this week', 'Fully booked this month'. `free` is the model's figure: per working day, in
 * percent of a day (18.7 is '18.7 % of a day' each day, about a day over a five-day week).
 */
export function freeTimeText(free: number, workingDays: number, kind: 'week' | 'month' | 'day'): string {
  const when = kind === 'day' ? 'that day' : `this ${kind}`;
  const days = (free / 100) * workingDays;
  if (days <= -0.05) return `Over by ${daysSaid(-days)} ${when}`;
  if (days < 0.05) return `Fully booked ${when}`;
  return `${capitalize(daysSaid(days))} free ${when}`;
}
