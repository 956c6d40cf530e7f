import { dateOfDay, dayOfDate, isoWeekKey, mondayOf } from '../capacity/calendar-days.ts';

/** The Monday of an ISO week 'YYYY-Www' as a day number, or NaN when no such week exists (2026-W54, 2025-W53). */
export function mondayOfWeek(week: string): number {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return Number.NaN;
  // 4 January is always in week 1 (the week of the year's first Thursday).
  const firstMonday = mondayOf(dayOfDate(`${match[1]}-01-04`));
  const monday = firstMonday + (Number(match[2]) - 1) * 7;
  return Number(match[2]) >= 1 && isoWeekKey(monday) === week ? monday : Number.NaN;
}

export const isIsoWeek = (week: string) => !Number.isNaN(mondayOfWeek(week));

/** The first and last date of an ISO week, Monday and Sunday. */
export function weekDates(week: string): { from: string; to: string } {
  const monday = mondayOfWeek(week);
  if (Number.isNaN(monday)) throw new RangeError(`Not an ISO week: ${week}`);
  return { from: dateOfDay(monday), to: dateOfDay(monday + 6) };
}

/** The ISO week a date is in. */
export const weekOf = (date: string) => isoWeekKey(dayOfDate(date));

/** The week before the one `date` is in: "last week" on a dashboard. */
export const weekBefore = (date: string) => isoWeekKey(dayOfDate(date) - 7);

/** Every ISO week that has a day in from..to, in order. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let day = mondayOf(dayOfDate(from)); day <= dayOfDate(to); day += 7) weeks.push(isoWeekKey(day));
  return weeks;
}

/**
 * Whether a person was employed on some day of an ISO week: started by its Sunday and not gone before
 * its Monday (start and leave dates as on the engineer; the leave date is their first day away). A
 * week before someone joined is not theirs to fill.
 */
export function employedIn(week: string, employment: { startDate?: string; leaveDate?: string }): boolean {
  const { from, to } = weekDates(week);
  return (!employment.startDate || employment.startDate <= to) && (!employment.leaveDate || employment.leaveDate > from);
}
