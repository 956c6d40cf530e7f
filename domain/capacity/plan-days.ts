/**
 * Planning dates are days, both ends included: the one rule every figure, screen, export and feed
 * reads a span by. An assignment, an open role or a project is stored with two instants (the public
 * API's format); each is read as the calendar day it falls on in the organisation's time zone, and the
 * span is on every day from the first through the last. "Dec 07 - Dec 11" is five working days, as time
 * off (stored as dates) always was.
 *
 * Recorded ends are not rewritten: the screens always printed a recorded end as the last day, so
 * reading it so makes the figures agree with what people were shown.
 */
import { instantOf } from './calendar-days.ts';
import { localDayOf } from './time-zone.ts';

export type DatedSpan = { startDate: string; endDate: string };

/** The calendar day (day number) on which a stored instant falls in the organisation's time zone. */
export const dayOfInstant = (iso: string, timeZone: string): number => localDayOf(instantOf(iso), timeZone);

/** Today's day number in the organisation's time zone. */
export const todayOf = (now: Date, timeZone: string): number => localDayOf(now.getTime(), timeZone);

/** A span's first and last day (both included); `last < first` only for a span that ends before it starts. */
export function spanDays(span: DatedSpan, timeZone: string): { first: number; last: number } {
  return { first: dayOfInstant(span.startDate, timeZone), last: dayOfInstant(span.endDate, timeZone) };
}

/** How many calendar days a span covers, both ends included. */
export const spanLength = (span: DatedSpan, timeZone: string): number => {
  const { first, last } = spanDays(span, timeZone);
  return Math.max(0, last - first + 1);
};
