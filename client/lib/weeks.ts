import dayjs from 'dayjs';
import { dateOfDay, dayOfDate, isCalendarDate, mondayOf } from '../../domain/capacity/calendar-days.ts';

/** Calendar dates ('YYYY-MM-DD') as the capacity screens pick and ask for them. */

/** Today in the browser's calendar. */
export const todayDate = (now: Date) => dayjs(now).format('YYYY-MM-DD');

export const addDays = (date: string, days: number) => dateOfDay(dayOfDate(date) + days);

export const mondayOfDate = (date: string) => dateOfDay(mondayOf(dayOfDate(date)));

/** `weeks` whole ISO weeks from the week holding `date`: Monday to the last Sunday. */
export function weeksFrom(date: string, weeks: number): { from: string; to: string } {
  const from = mondayOfDate(date);
  return { from, to: addDays(from, weeks * 7 - 1) };
}

/** Days from `from` to `to`, both included (1 for a single day). */
export const daysBetween = (from: string, to: string) => dayOfDate(to) - dayOfDate(from) + 1;

/** The calendar date of an ISO instant in the browser's calendar (what a day picker showed). */
export const dateOfInstant = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');

/**
 * The days an assignment from `startIso` to `endIso` is on: it counts on a day when it has started by
 * that day's midnight and not yet ended, so the end day itself is not worked. Null until both are set
 * and in order.
 */
export function workedDates(startIso: string, endIso: string): { from: string; to: string } | null {
  const from = dateOfInstant(startIso);
  const end = dateOfInstant(endIso);
  if (!isCalendarDate(from) || !isCalendarDate(end) || end <= from) return null;
  return { from, to: addDays(end, -1) };
}

/** A period's short label: its Monday as 'Mar 02'. */
export const weekLabel = (start: string) => dayjs(start).format('MMM DD');
