import { describe, expect, it } from 'vitest';
import { dateOfDay } from './calendar-days.ts';
import { dayStartingAtOrAfter, isValidTimeZone, localDayOf, zoneOffsetAt } from './time-zone.ts';

const localDate = (iso: string, timeZone: string) => dateOfDay(localDayOf(Date.parse(iso), timeZone));
const firstDayFrom = (iso: string, timeZone: string) => dateOfDay(dayStartingAtOrAfter(Date.parse(iso), timeZone));
const HOUR = 3_600_000;

describe('localDayOf: the calendar date of an instant in a time zone', () => {
  it('given UTC, then the date is the UTC date', () => {
    expect(localDate('2025-06-04T23:59:59.999Z', 'UTC')).toBe('2025-06-04');
    expect(localDate('2025-06-05T00:00:00.000Z', 'UTC')).toBe('2025-06-05');
  });

  it('given Europe/Berlin in summer (UTC+2), then 22:00 UTC is already the next day', () => {
    expect(localDate('2025-06-04T21:59:59.999Z', 'Europe/Berlin')).toBe('2025-06-04');
    expect(localDate('2025-06-04T22:00:00.000Z', 'Europe/Berlin')).toBe('2025-06-05');
  });

  it('given America/New_York (UTC-4 in summer), then 03:59 UTC is still the previous day', () => {
    expect(localDate('2025-06-05T03:59:59.999Z', 'America/New_York')).toBe('2025-06-04');
    expect(localDate('2025-06-05T04:00:00.000Z', 'America/New_York')).toBe('2025-06-05');
  });

  it('given the UTC day of Berlin\'s spring change (clocks jump at 01:00 UTC), then both sides of the jump are right', () => {
    expect(zoneOffsetAt(Date.parse('2025-03-30T00:59:59Z'), 'Europe/Berlin')).toBe(1 * HOUR);
    expect(zoneOffsetAt(Date.parse('2025-03-30T01:00:00Z'), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(localDate('2025-03-30T21:59:59.999Z', 'Europe/Berlin')).toBe('2025-03-30');
    expect(localDate('2025-03-30T22:00:00.000Z', 'Europe/Berlin')).toBe('2025-03-31');
  });

  it('given the UTC day of Berlin\'s autumn change, then midnight is at 23:00 UTC again', () => {
    expect(localDate('2025-10-26T22:59:59.999Z', 'Europe/Berlin')).toBe('2025-10-26');
    expect(localDate('2025-10-26T23:00:00.000Z', 'Europe/Berlin')).toBe('2025-10-27');
  });
});

describe('dayStartingAtOrAfter: the first day whose start an instant has reached', () => {
  it('given an instant exactly at local midnight, then that day', () => {
    expect(firstDayFrom('2025-06-04T00:00:00.000Z', 'UTC')).toBe('2025-06-04');
    expect(firstDayFrom('2025-03-30T22:00:00.000Z', 'Europe/Berlin')).toBe('2025-03-31');
  });

  it('given an instant one millisecond after local midnight, then the next day', () => {
    expect(firstDayFrom('2025-06-04T00:00:00.001Z', 'UTC')).toBe('2025-06-05');
    expect(firstDayFrom('2025-03-30T22:00:00.001Z', 'Europe/Berlin')).toBe('2025-04-01');
  });

  it('given UTC midnight in Berlin (02:00 local), then the day after, since that day started earlier', () => {
    expect(firstDayFrom('2025-03-31T00:00:00.000Z', 'Europe/Berlin')).toBe('2025-04-01');
  });

  it('given a zone whose clock skips midnight (Santiago, 2024-09-08 starts at 01:00), then the day starts at its first instant', () => {
    expect(localDate('2024-09-08T03:59:59.999Z', 'America/Santiago')).toBe('2024-09-07');
    expect(firstDayFrom('2024-09-08T04:00:00.000Z', 'America/Santiago')).toBe('2024-09-08');
    expect(firstDayFrom('2024-09-08T04:00:00.001Z', 'America/Santiago')).toBe('2024-09-09');
  });
});

describe('isValidTimeZone', () => {
  it('given IANA names, then they are accepted; given anything else, then it is refused', () => {
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
