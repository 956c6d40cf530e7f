import { describe, expect, it } from 'vitest';
import { DAY_MS, dateOfDay, dayOfDate, firstOfMonth, firstOfNextMonth, isCalendarDate, isoWeekday, isoWeekKey, isWeekend, LAST_DAY, mondayOf, instantOf } from './calendar-days.ts';

describe('day numbers', () => {
  it('given a date, when turned into a day number and back, then it is the same date', () => {
    expect(dayOfDate('1970-01-01')).toBe(0);
    expect(dayOfDate('1969-12-31')).toBe(-1);
    for (const date of ['2024-02-29', '2025-06-02', '2026-12-31', '2027-01-01']) expect(dateOfDay(dayOfDate(date))).toBe(date);
  });

  it('given every 7th day from 1899 to 2101, then the arithmetic agrees with Date (leap years and centuries included)', () => {
    for (let day = Date.UTC(1899, 0, 1) / DAY_MS; day < Date.UTC(2101, 0, 1) / DAY_MS; day += 7) {
      expect(dayOfDate(new Date(day * DAY_MS).toISOString().slice(0, 10))).toBe(day);
    }
    expect(dayOfDate('2000-02-29')).toBe(Date.UTC(2000, 1, 29) / DAY_MS);
    expect(dayOfDate('1900-02-29')).toBeNaN();
  });

  it('given the first and last dates of the years every date field takes, then they are calendar dates; LAST_DAY is the last', () => {
    expect(isCalendarDate('0001-01-01')).toBe(true);
    expect(dateOfDay(dayOfDate('9999-12-31'))).toBe('9999-12-31');
    expect(LAST_DAY).toBe(dayOfDate('9999-12-31'));
  });

  it('given consecutive dates across a year end, then their day numbers are consecutive', () => {
    expect(dayOfDate('2027-01-01') - dayOfDate('2026-12-31')).toBe(1);
  });

  it.each(['2025-02-29', '2025-02-30', '2025-13-01', '2025-6-2', '2025-06-02T00:00:00Z', '', 'yesterday', '0000-01-01', '0000-12-31'])(
    'given %j, then it is not a calendar date',
    (text) => {
      expect(isCalendarDate(text)).toBe(false);
      expect(dayOfDate(text)).toBeNaN();
    },
  );
});

describe('instantOf: epoch milliseconds of an ISO instant', () => {
  it('given stored instants, then exactly what Date.parse says', () => {
    for (let t = Date.UTC(2024, 0, 1, 0, 0, 0, 1); t < Date.UTC(2027, 0, 1); t += 7_777_777_777 / 97) {
      const iso = new Date(Math.round(t)).toISOString();
      expect(instantOf(iso)).toBe(Date.parse(iso));
    }
  });

  it.each(['2025-06-04T00:00:00Z', '2025-06-04T02:00:00.000+02:00', '2025-06-04', '2025-02-30T00:00:00.000Z', '2025-06-04T24:00:00.000Z'])(
    'given the other shape %s, then Date.parse decides',
    (iso) => {
      expect(instantOf(iso)).toBe(Date.parse(iso));
    },
  );

  it('given text that is no instant, then NaN', () => {
    expect(instantOf('soon')).toBeNaN();
    expect(instantOf('2025-06-04Tab:00:00.000Z')).toBeNaN();
  });
});

describe('weekdays and ISO weeks', () => {
  it('given the days of one week, then Monday is 0 and the weekend is Saturday and Sunday', () => {
    // 2025-06-02 is a Monday.
    const monday = dayOfDate('2025-06-02');
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => isoWeekday(monday + i))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => isWeekend(monday + i))).toEqual([false, false, false, false, false, true, true]);
    expect(mondayOf(monday + 6)).toBe(monday);
  });

  it('given days before 1970, then weekdays still come out right', () => {
    expect(isoWeekday(dayOfDate('1969-12-29'))).toBe(0);
  });

  it.each([
    ['2026-12-28', '2026-W53', 'Monday of a 53rd week'],
    ['2027-01-03', '2026-W53', 'a Sunday of January in the previous year\'s last week'],
    ['2027-01-04', '2027-W01', 'the first Monday of the new ISO year'],
    ['2024-12-30', '2025-W01', 'a December Monday in the next year\'s first week'],
    ['2025-06-04', '2025-W23', 'a Wednesday in the middle of the year'],
  ])('given %s, then its ISO week is %s (%s)', (date, key) => {
    expect(isoWeekKey(dayOfDate(date))).toBe(key);
  });
});

describe('months', () => {
  it('given a day, then its month starts on the 1st and the next month right after the last day', () => {
    expect(dateOfDay(firstOfMonth(dayOfDate('2024-02-29')))).toBe('2024-02-01');
    expect(dateOfDay(firstOfNextMonth(dayOfDate('2024-02-29')))).toBe('2024-03-01');
    expect(dateOfDay(firstOfNextMonth(dayOfDate('2026-12-15')))).toBe('2027-01-01');
  });
});
