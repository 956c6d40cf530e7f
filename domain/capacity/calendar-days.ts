/**
 * Calendar dates as integer day numbers (days since 1970-01-01), so the capacity model can walk
 * months of days for thousands of engineers with array indexes instead of Date objects.
 * A day number names a calendar date, not an instant: which instants fall on it depends on the
 * organisation's time zone (see time-zone.ts).
 */

export const DAY_MS = 86_400_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a 'YYYY-MM-DD' date; NaN when the text is not a real calendar date. */
export function dayOfDate(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) return Number.NaN;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const days = Date.UTC(year, month - 1, day) / DAY_MS;
  // Date.UTC rolls 2025-02-30 over to March 2nd: a round trip tells real dates from rolled ones.
  return dateOfDay(days) === date ? days : Number.NaN;
}

export const isCalendarDate = (date: string) => !Number.isNaN(dayOfDate(date));

export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** 0 for Monday up to 6 for Sunday (1970-01-01, day 0, was a Thursday). */
export const isoWeekday = (day: number) => (((day + 3) % 7) + 7) % 7;

export const isWeekend = (day: number) => isoWeekday(day) >= 5;

export const mondayOf = (day: number) => day - isoWeekday(day);

/** 'YYYY-Www': the ISO week-year is the year of the week's Thursday, so Dec 31 can be in week 1. */
export function isoWeekKey(day: number): string {
  const thursday = mondayOf(day) + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1) / DAY_MS) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export const firstOfMonth = (day: number) => {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
};

export const firstOfNextMonth = (day: number) => {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
};
