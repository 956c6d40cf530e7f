import { DAY_MS } from './calendar-days.ts';

/**
 * Which calendar day of the organisation's time zone an instant falls on.
 *
 * Intl is the only source of time-zone rules available without a dependency, and it is slow
 * (microseconds per call). Offsets change only a couple of times a year, so the offset is asked
 * once per UTC day and zone, at that day's start and end; when both agree (every day but the
 * ones with a clock change) the local day is plain arithmetic. On the rare day that holds a change,
 * the instant itself is asked.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetsByUtcDay = new Map<string, Map<number, number>>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetAt(instant: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wallClock = Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
  const wholeSeconds = instant - (((instant % 1000) + 1000) % 1000);
  return wallClock - wholeSeconds;
}

function offsetAtUtcDayStart(utcDay: number, timeZone: string): number {
  let byDay = offsetsByUtcDay.get(timeZone);
  if (!byDay) {
    byDay = new Map();
    offsetsByUtcDay.set(timeZone, byDay);
  }
  let offset = byDay.get(utcDay);
  if (offset === undefined) {
    offset = zoneOffsetAt(utcDay * DAY_MS, timeZone);
    byDay.set(utcDay, offset);
  }
  return offset;
}

/** The day number of the local calendar date on which `instant` (epoch ms) falls in `timeZone`. */
export function localDayOf(instant: number, timeZone: string): number {
  if (timeZone === 'UTC') return Math.floor(instant / DAY_MS);
  const utcDay = Math.floor(instant / DAY_MS);
  const before = offsetAtUtcDayStart(utcDay, timeZone);
  const after = offsetAtUtcDayStart(utcDay + 1, timeZone);
  const offset = before === after ? before : zoneOffsetAt(instant, timeZone);
  return Math.floor((instant + offset) / DAY_MS);
}

/**
 * The first local day whose start (its 00:00, or its first instant where a clock change skips
 * midnight) is at or after `instant`. Something running from start to end is then on exactly the
 * days [dayStartingAtOrAfter(start), dayStartingAtOrAfter(end)): those whose start it covers.
 * A day starts at or after t exactly when t - 1 ms still lies on an earlier day.
 */
export const dayStartingAtOrAfter = (instant: number, timeZone: string) => localDayOf(instant - 1, timeZone) + 1;

/**
 * The first instant (epoch ms) of local day `day` in `timeZone`: where a day's work begins, for a query
 * that asks "is on today" of stored instants. The guess from the offset at UTC midnight is corrected
 * once by the offset at the guess itself (a clock change near midnight), then walked back while an
 * earlier instant still falls on the same day.
 */
export function startOfLocalDay(day: number, timeZone: string): number {
  if (timeZone === 'UTC') return day * DAY_MS;
  let start = day * DAY_MS - zoneOffsetAt(day * DAY_MS, timeZone);
  start = day * DAY_MS - zoneOffsetAt(start, timeZone);
  while (localDayOf(start, timeZone) > day) start += 15 * 60_000;
  while (localDayOf(start - 1, timeZone) === day) start -= 15 * 60_000;
  return start;
}
