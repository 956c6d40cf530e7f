import { dateOfDay, dayOfDate, isCalendarDate, mondayOf } from '../../domain/capacity/calendar-days.ts';
import { todayOf } from '../../domain/capacity/plan-days.ts';
import { startOfLocalDay } from '../../domain/capacity/time-zone.ts';
import { monthDay, planDay } from './format.ts';
import { orgTimeZone } from './orgTimeZone.ts';

/**
 * Calendar dates ('YYYY-MM-DD') as the capacity screens pick and ask for them: days of the
 * organisation, whatever time zone the browser is in, as the server counts them.
 */

/** Today in the organisation's calendar (a browser in Tokyo is a day ahead of Berlin each evening). */
export const todayDate = (now: Date) => dateOfDay(todayOf(now, orgTimeZone()));

/**
 * A day picked ('YYYY-MM-DD') as the instant a date field sends: the start of that day in the
 * organisation's time zone, which the server reads back as that day. Never the browser's local
 * midnight: in Tokyo that instant is the day before in Berlin.
 */
export const instantOfDate = (date: string) => (isCalendarDate(date) ? new Date(startOfLocalDay(dayOfDate(date), orgTimeZone())).toISOString() : '');

export const addDays = (date: string, days: number) => dateOfDay(dayOfDate(date) + days);

export const mondayOfDate = (date: string) => dateOfDay(mondayOf(dayOfDate(date)));

/** `weeks` whole ISO weeks from the week holding `date`: Monday to the last Sunday. */
export function weeksFrom(date: string, weeks: number): { from: string; to: string } {
  const from = mondayOfDate(date);
  return { from, to: addDays(from, weeks * 7 - 1) };
}

/** Days from `from` to `to`, both included (1 for a single day). */
export const daysBetween = (from: string, to: string) => dayOfDate(to) - dayOfDate(from) + 1;

/** The calendar date of a stored date (an instant read in the organisation's time zone, as a day picker shows it). */
export const dateOfInstant = (iso: string) => planDay(iso);

/**
 * The days an assignment from `startIso` to `endIso` is on: its first day through its last, both
 * included (a span may be one day). Null until both are set and in order.
 */
export function workedDates(startIso: string, endIso: string): { from: string; to: string } | null {
  const from = dateOfInstant(startIso);
  const to = dateOfInstant(endIso);
  if (!isCalendarDate(from) || !isCalendarDate(to) || to < from) return null;
  return { from, to };
}

/** A period's short label: its Monday as 'Mar 02'. */
export const weekLabel = (start: string) => monthDay(start);
