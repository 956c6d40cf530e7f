import { dateOfDay, dayOfDate, isoWeekday } from '../../domain/capacity/calendar-days.ts';
import { dayOfInstant } from '../../domain/capacity/plan-days.ts';
import { orgTimeZone } from './orgTimeZone.ts';

/**
 * Date and text formats the screens share. Dates come in three forms only, all defined here:
 * - a day: 'Dec 07, 2026' (`shortDate`), or 'Dec 07' where the year is plain from what stands
 *   around it (`monthDay`: a schedule's column, a week's label, a run of overloaded days), its
 *   weekday before it in a list of holidays ('Fri, Dec 25, 2026', `weekdayDate`);
 * - a range of days: 'Dec 07 - Dec 11, 2026' (`dateRange`), the year said once unless the range
 *   crosses one ('Dec 28, 2026 - Jan 05, 2027'); 'Dec 07 - Dec 11' (`monthDayRange`) where the year is plain;
 * - a moment with its time: 'Dec 07, 2026 14:03:27' (`dateTime`), for what was recorded when.
 *
 * A planning date (an assignment's start, a holiday, a day picked) is a calendar day of the
 * organisation: an instant is read as the day it falls on in the organisation's time zone, the
 * server's rule, so a browser in Tokyo or Los Angeles prints the days the plan counts. A moment is
 * printed on the reader's own clock.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The planning day a stored date names, as 'YYYY-MM-DD': a plain day as it is, an instant as the day
 * it falls on in `timeZone` (the organisation's); '' for anything unreadable.
 */
export function planDay(value: string, timeZone = orgTimeZone()): string {
  if (!value) return '';
  if (value.length === 10) return value;
  const day = dayOfInstant(value, timeZone);
  return Number.isFinite(day) ? dateOfDay(day) : '';
}

/** 'Dec 07' of a 'YYYY-MM-DD'. */
const monthAndDay = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(8, 10)}`;
/** 'Dec 07, 2026' of a 'YYYY-MM-DD'. */
const withYear = (date: string) => `${monthAndDay(date)}, ${date.slice(0, 4)}`;

/**
 * A formatter that keeps its answers (up to `limit` inputs, then it starts over): screens print the
 * same few hundred dates again and again (each bar's label whenever it scrolls into view), and
 * working out the day in a time zone is what costs, not the lookup.
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

/** A day with its year: 'Dec 07, 2026'. */
export const shortDate = remembered((value) => {
  const date = planDay(value);
  return date ? withYear(date) : '';
});

/** A day where its year is plain from the context: 'Dec 07'. */
export const monthDay = remembered((value) => {
  const date = planDay(value);
  return date ? monthAndDay(date) : '';
});

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A day with its weekday: 'Fri, Dec 25, 2026' (lists of holidays, a day column's tooltip). */
export function weekdayDate(value: string): string {
  const date = planDay(value);
  return date ? `${WEEKDAYS[isoWeekday(dayOfDate(date))]}, ${withYear(date)}` : '';
}

/**
 * A range of days, both included: 'Dec 07 - Dec 11, 2026', the year said once; a range across a new
 * year says both ('Dec 28, 2026 - Jan 05, 2027'); a single day is that day ('Dec 07, 2026').
 */
export function dateRange(start: string, end: string): string {
  const ends = dateRangeEnds(start, end);
  return ends.length === 1 ? ends[0] : `${ends[0]} - ${ends[1]}`;
}

/**
 * The range's ends as dateRange prints them, for a cell that may break the line after the dash:
 * ['Dec 07', 'Dec 11, 2026'], ['Dec 28, 2026', 'Jan 05, 2027'], or one day alone ['Dec 07, 2026'].
 */
export function dateRangeEnds(start: string, end: string): [string] | [string, string] {
  const [first, last] = [planDay(start), planDay(end)];
  if (!first || !last) return [shortDate(start), shortDate(end)];
  if (first === last) return [withYear(first)];
  return first.slice(0, 4) === last.slice(0, 4) ? [monthAndDay(first), withYear(last)] : [withYear(first), withYear(last)];
}

/** A range of days where the year is plain from the context: 'Dec 07 - Dec 11'. */
export const monthDayRange = (start: string, end: string) => `${monthDay(start)} - ${monthDay(end)}`;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A moment with its time on the reader's clock, to the second: 'Dec 07, 2026 14:03:27' (History, time travel). */
export function dateTime(moment: string | Date): string {
  const parts = momentParts(moment);
  return parts.day ? `${parts.day} ${parts.time}` : '';
}

/** A moment's day and time apart, for a cell that prints them on two lines: { day: 'Dec 07, 2026', time: '14:03:27' }. */
export function momentParts(moment: string | Date): { day: string; time: string } {
  const at = new Date(moment);
  if (Number.isNaN(at.getTime())) return { day: '', time: '' };
  return {
    day: `${MONTHS[at.getMonth()]} ${twoDigits(at.getDate())}, ${at.getFullYear()}`,
    time: `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`,
  };
}

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

/**
 * A person's load as every screen prints it: utilisation (booked against their own capacity) to the
 * whole percent, as the schedule's cells round it, so one person reads one number everywhere: a
 * part-timer of 50 % with 60 % booked is '120%', never '60%'.
 */
export const loadPercent = (utilization: number) => percent(Math.round(utilization));

/**
 * The spec's allocation, said beside the load and labelled as what it is: '60% allocated of 50%'.
 * It is in percent of a day, so it never stands alone where someone is named overloaded or free.
 */
export const allocationOfCapacity = (allocation: number, maxCapacity: number) => `${percent(allocation)} allocated of ${percent(maxCapacity)}`;

/**
 * The Available Capacity column: '% available' (of a day: what a new assignment may still take),
 * 'Fully allocated', or how far over their own capacity someone is, from their load: a part-timer of
 * 50 % at 60 % reads '20% over capacity' beside a load of 120 %, not '10%', which is a share of a day.
 */
export function availableCapacityText(figures: { availableCapacity: number; utilizationPercentage: number }): string {
  if (figures.availableCapacity > 0) return `${percent(figures.availableCapacity)} available`;
  if (figures.availableCapacity === 0) return 'Fully allocated';
  // Someone without any capacity has no utilisation to be over by (the figure is 0 then).
  const over = Math.round(figures.utilizationPercentage) - 100;
  return over > 0 ? `${percent(over)} over capacity` : 'Over capacity';
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
