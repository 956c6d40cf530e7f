/**
 * Which days an engineer works, and how much of each: their own work week, the holiday calendar they
 * follow and the dates they join and leave. This is the one place that rule lives; the capacity
 * model, the project plan and the schedule's "why is this day grey" all read it.
 *
 * - A work week is a percentage of a day for each weekday, Monday first. It changes from a date, so
 *   "four days a week from March" leaves February as it was. Without one, an engineer works
 *   `maxCapacity` Monday to Friday.
 * - A holiday takes the day away only for the engineers following its calendar on that date; without
 *   a calendar of their own they follow the default one.
 * - Before the start date and from the leave date the engineer has no capacity at all; work planned
 *   there is a conflict, as on a day of time off.
 */
import { dayOfDate, isoWeekday } from './calendar-days.ts';
/** A holiday as the model reads it (inputs.ts names the same shape; it imports this file). */
type Holiday = { date: string; name: string };

export const DEFAULT_CALENDAR_ID = 'default';

/** Percent of a day worked on each weekday, Monday to Sunday, from a date on. */
export type WorkWeek = { from: string; days: number[] };
/** The holiday calendar followed from a date on. */
export type CalendarFollow = { from: string; calendarId: string };

/** What the rule reads of an engineer beyond `maxCapacity`. All optional: an engineer without them works Monday to Friday. */
export type EngineerCalendarFacts = {
  maxCapacity: number;
  workWeeks?: readonly WorkWeek[] | undefined;
  calendars?: readonly CalendarFollow[] | undefined;
  startDate?: string | null | undefined;
  leaveDate?: string | null | undefined;
};

export const standardWorkWeek = (maxCapacity: number): number[] => [maxCapacity, maxCapacity, maxCapacity, maxCapacity, maxCapacity, 0, 0];

/** Why an engineer does not work a day (or works it only in part, for 'partial'). */
export type DayOffReason =
  | { kind: 'before-start'; date: string }
  | { kind: 'left'; date: string }
  | { kind: 'not-in-work-week' }
  | { kind: 'holiday'; name: string; calendarId: string };

/** Holidays of the range, as day numbers, per calendar. */
export type HolidayDays = ReadonlyMap<string, ReadonlyMap<number, Holiday>>;

export function holidayDaysByCalendar(holidays: readonly (Holiday & { calendarId?: string })[], firstDay: number, lastDay: number): HolidayDays {
  const byCalendar = new Map<string, Map<number, Holiday>>();
  for (const holiday of holidays) {
    const day = dayOfDate(holiday.date);
    if (!(day >= firstDay && day <= lastDay)) continue;
    const calendarId = holiday.calendarId ?? DEFAULT_CALENDAR_ID;
    let days = byCalendar.get(calendarId);
    if (!days) byCalendar.set(calendarId, (days = new Map()));
    if (!days.has(day)) days.set(day, { date: holiday.date, name: holiday.name });
  }
  return byCalendar;
}

/** Whether the engineer's capacity is the plain default: maxCapacity Monday to Friday, the default calendar, always employed. */
export const followsDefaults = (e: EngineerCalendarFacts) =>
  !e.workWeeks?.length && !e.calendars?.some((c) => c.calendarId !== DEFAULT_CALENDAR_ID) && !e.startDate && !e.leaveDate;

/** The entries of a dated list in force on each day, as [fromDay, value] steps in date order. */
function steps<T extends { from: string }>(list: readonly T[] | undefined): { day: number; entry: T }[] {
  return (list ?? []).map((entry) => ({ day: dayOfDate(entry.from), entry })).sort((a, b) => a.day - b.day);
}

/**
 * The engineer's days, day by day, for the range starting at `firstDay`: `workable[i]` is 1 when their
 * work week and calendar make day i a working day (whether or not they are employed then), and
 * `capacity[i]` the part of a day they work, in `unit`s of a percent: 0 unless the day is workable
 * and they are employed.
 */
export function engineerDays(
  engineer: EngineerCalendarFacts,
  firstDay: number,
  days: number,
  holidays: HolidayDays,
  out: { capacity: Float64Array; workable: Uint8Array },
  unit = 1,
): void {
  const weeks = steps(engineer.workWeeks);
  const calendars = steps(engineer.calendars);
  const standard = standardWorkWeek(engineer.maxCapacity);
  const start = engineer.startDate ? dayOfDate(engineer.startDate) : Number.NEGATIVE_INFINITY;
  const leave = engineer.leaveDate ? dayOfDate(engineer.leaveDate) : Number.POSITIVE_INFINITY;
  let week = -1;
  let calendar = -1;
  for (let i = 0; i < days; i += 1) {
    const day = firstDay + i;
    while (week + 1 < weeks.length && weeks[week + 1]!.day <= day) week += 1;
    while (calendar + 1 < calendars.length && calendars[calendar + 1]!.day <= day) calendar += 1;
    const workWeek = week >= 0 ? weeks[week]!.entry.days : standard;
    const calendarId = calendar >= 0 ? calendars[calendar]!.entry.calendarId : DEFAULT_CALENDAR_ID;
    const value = workWeek[isoWeekday(day)] ?? 0;
    const workable = value > 0 && !holidays.get(calendarId)?.has(day);
    out.workable[i] = workable ? 1 : 0;
    out.capacity[i] = workable && day >= start && day < leave ? Math.round(value * unit) : 0;
  }
}

/** The holiday of the engineer's calendar on `day` that takes a day of their work week away, if any. */
export function holidayOf(engineer: EngineerCalendarFacts, day: number, holidays: HolidayDays): (Holiday & { calendarId: string }) | null {
  const week = steps(engineer.workWeeks).filter((s) => s.day <= day).at(-1)?.entry.days ?? standardWorkWeek(engineer.maxCapacity);
  if (!((week[isoWeekday(day)] ?? 0) > 0)) return null;
  const calendarId = steps(engineer.calendars).filter((s) => s.day <= day).at(-1)?.entry.calendarId ?? DEFAULT_CALENDAR_ID;
  const holiday = holidays.get(calendarId)?.get(day);
  return holiday ? { ...holiday, calendarId } : null;
}

/** Why the engineer does not (fully) work `date`: nothing for an ordinary working day. */
export function dayOffReason(engineer: EngineerCalendarFacts, date: string, holidays: HolidayDays): DayOffReason | null {
  const day = dayOfDate(date);
  if (engineer.startDate && day < dayOfDate(engineer.startDate)) return { kind: 'before-start', date: engineer.startDate };
  if (engineer.leaveDate && day >= dayOfDate(engineer.leaveDate)) return { kind: 'left', date: engineer.leaveDate };
  const week = steps(engineer.workWeeks).filter((s) => s.day <= day).at(-1)?.entry.days ?? standardWorkWeek(engineer.maxCapacity);
  if (!((week[isoWeekday(day)] ?? 0) > 0)) return { kind: 'not-in-work-week' };
  const calendarId = steps(engineer.calendars).filter((s) => s.day <= day).at(-1)?.entry.calendarId ?? DEFAULT_CALENDAR_ID;
  const holiday = holidays.get(calendarId)?.get(day);
  return holiday ? { kind: 'holiday', name: holiday.name, calendarId } : null;
}

/** The largest day of the latest work week: what `maxCapacity` means once an engineer has work weeks. */
export const largestDay = (workWeeks: readonly WorkWeek[]): number | undefined => {
  const latest = steps(workWeeks).at(-1)?.entry;
  return latest ? Math.max(...latest.days) : undefined;
};


export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A work week as people say it: 'Mon–Thu 100%', 'Mon–Thu 100%, Fri 40%', 'no working days'. */
export function describeWorkWeek(days: readonly number[]): string {
  const runs: { first: number; last: number; value: number }[] = [];
  days.forEach((value, day) => {
    if (!(value > 0)) return;
    const run = runs.at(-1);
    if (run && run.last === day - 1 && run.value === value) run.last = day;
    else runs.push({ first: day, last: day, value });
  });
  if (runs.length === 0) return 'no working days';
  return runs
    .map(({ first, last, value }) => `${WEEKDAY_NAMES[first]}${last > first ? `–${WEEKDAY_NAMES[last]}` : ''} ${value}%`)
    .join(', ');
}
