import { z } from 'zod';
import { FIRST_YEAR, isYearInRange, LAST_YEAR } from './years.ts';

// A calendar date, optionally with a time of day (seconds and fraction optional) and its zone (Z or an offset).
const isoPattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2})))?$/;

export { FIRST_YEAR, isYearInRange, LAST_YEAR } from './years.ts';

/**
 * Whether `text` is written as a date of a year no date field takes ('0000-01-01', '10000-01-01',
 * '-000001-01-01'): such a date is refused with `yearOutOfRangeMessage` rather than as no date at all.
 */
export function writesYearOutOfRange(text: unknown): boolean {
  const year = typeof text === 'string' ? /^([+-]?\d{4,6})-\d{2}-\d{2}(?:$|T)/.exec(text)?.[1] : undefined;
  return year !== undefined && !isYearInRange(Number(year));
}

export const yearOutOfRangeMessage = (field: string) => `${field} must be a date in the years ${FIRST_YEAR} to ${LAST_YEAR}`;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/**
 * The moment an ISO 8601 date (midnight UTC) or date-time names, or null when the text is anything
 * else: another format, a date that does not exist (2026-02-30), a time such as 24:00, or a year
 * outside FIRST_YEAR to LAST_YEAR, before or after applying the offset. Date.parse would accept much
 * more ("x 1") and roll impossible dates over.
 */
export function parseIsoMoment(text: string): Date | null {
  const match = isoPattern.exec(text);
  if (!match) return null;
  const part = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const [offsetHours, offsetMinutes] = [part(9), part(10)];
  if (!isYearInRange(year) || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const milliseconds = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = (match[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, milliseconds);
  const moment = new Date(local.getTime() - offset * 60_000);
  return isYearInRange(moment.getUTCFullYear()) ? moment : null;
}

/** An ISO 8601 date or date-time (see parseIsoMoment) as the Date it names; anything else gets `message`. */
export const isoMoment = (message: string) =>
  z
    .string({ error: message })
    .describe('ISO 8601 date (YYYY-MM-DD) or date-time with Z or an offset, years 1 to 9999')
    .transform((value, ctx) => {
      const moment = parseIsoMoment(value);
      if (moment) return moment;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** The same, normalised to the one form the events and read models store: `toISOString()` in UTC. */
export const isoMomentText = (message: string) => isoMoment(message).transform((moment) => moment.toISOString());
