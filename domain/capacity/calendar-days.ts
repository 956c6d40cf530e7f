/**
 * Calendar dates as integer day numbers (days since 1970-01-01), so the capacity model can walk
 * months of days for thousands of engineers with array indexes instead of Date objects.
 * A day number names a calendar date, not an instant: which instants fall on it depends on the
 * organisation's time zone (see time-zone.ts).
 */

import { FIRST_YEAR, isYearInRange, LAST_YEAR } from '../years.ts';

export const DAY_MS = 86_400_000;

/** Days from 1970-01-01 to a proleptic Gregorian date, by arithmetic (no Date object): month 1-12. */
function daysFromCivil(year: number, month: number, day: number): number {
  // Counting years from March puts the leap day last, so every month before it has a fixed length.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;

/** The number written by `length` ASCII digits of `text` at `at`, or NaN when one is not a digit. */
function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The day number of the date that `text` starts with ('YYYY-MM-DD'); NaN when that is not a real
 * calendar date, or one of year 0000 (no date field takes it: see isYearInRange).
 */
function leadingDay(text: string): number {
  if (text.length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return Number.NaN;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (!(isYearInRange(year) && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return Number.NaN;
  return daysFromCivil(year, month, day);
}

/** The day number of a 'YYYY-MM-DD' date; NaN when the text is not exactly a real calendar date. */
export const dayOfDate = (date: string): number => (date.length === 10 ? leadingDay(date) : Number.NaN);

export const isCalendarDate = (date: string) => !Number.isNaN(dayOfDate(date));

/** The day number of the last date any date field takes (9999-12-31): a range worked out from one ends there at the latest. */
export const LAST_DAY = daysFromCivil(LAST_YEAR, 12, 31);
/** The first day a date field takes (1 January of FIRST_YEAR). */
export const FIRST_DAY = daysFromCivil(FIRST_YEAR, 1, 1);

export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Epoch milliseconds of an ISO instant. Stored instants are written 'YYYY-MM-DDTHH:mm:ss.sssZ';
 * reading that shape by hand is several times faster than Date.parse, which matters for tens of
 * thousands of assignments per request. Any other shape goes to Date.parse.
 */
export function instantOf(iso: string): number {
  if (iso.length !== 24 || iso.charCodeAt(10) !== 84 || iso.charCodeAt(23) !== 90) return Date.parse(iso);
  const day = leadingDay(iso);
  const hours = digits(iso, 11, 2);
  const minutes = digits(iso, 14, 2);
  const seconds = digits(iso, 17, 2);
  const millis = digits(iso, 20, 3);
  const separators = iso.charCodeAt(13) === 58 && iso.charCodeAt(16) === 58 && iso.charCodeAt(19) === 46;
  if (!separators || Number.isNaN(day) || !(hours <= 23 && minutes <= 59 && seconds <= 59 && millis >= 0)) return Date.parse(iso);
  return day * DAY_MS + ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

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
