import { describe, expect, it } from 'vitest';
import { allocationOfCapacity, capitalize, dateRange, dateRangeEnds, dateTime, loadPercent, momentParts, monthDay, monthDayRange, percent, personDays, planDay, plural, remembered, shortDate, weekdayDate } from './format.ts';

// Midday UTC keeps the calendar day the same in every time zone the tests may run in.
const nov5 = '2026-11-05T12:00:00.000Z';
const dec1 = '2026-12-01T12:00:00.000Z';

describe('format', () => {
  it('prints a day, a day in a year plain from its context, and a day with its weekday', () => {
    expect(shortDate(nov5)).toBe('Nov 05, 2026');
    expect(monthDay(nov5)).toBe('Nov 05');
    expect(weekdayDate('2026-12-25')).toBe('Fri, Dec 25, 2026');
    expect(weekdayDate('2027-01-01')).toBe('Fri, Jan 01, 2027');
  });
  it('prints a range with its year once, both years across a new year, and one day as that day', () => {
    expect(dateRange(nov5, dec1)).toBe('Nov 05 - Dec 01, 2026');
    expect(dateRange('2026-12-07', '2026-12-11')).toBe('Dec 07 - Dec 11, 2026');
    // A range over the year boundary: each end says its own year.
    expect(dateRange('2026-12-28', '2027-01-05')).toBe('Dec 28, 2026 - Jan 05, 2027');
    expect(dateRange('2026-12-31T00:00:00.000Z', '2027-01-01T00:00:00.000Z')).toBe('Dec 31, 2026 - Jan 01, 2027');
    expect(dateRange('2026-12-07', '2026-12-07')).toBe('Dec 07, 2026');
    expect(monthDayRange('2026-12-28', '2027-01-03')).toBe('Dec 28 - Jan 03');
    expect([dateRangeEnds('2026-12-07', '2026-12-11'), dateRangeEnds('2026-12-28', '2027-01-05'), dateRangeEnds('2026-12-07', '2026-12-07')]).toEqual([
      ['Dec 07', 'Dec 11, 2026'], ['Dec 28, 2026', 'Jan 05, 2027'], ['Dec 07, 2026'],
    ]);
  });
  it("reads a stored instant as its day in the organisation's time zone, never the browser's", () => {
    // Berlin's midnight of Dec 07 is 23:00 UTC on Dec 06: a day of Berlin, whatever zone prints it.
    expect(planDay('2026-12-06T23:00:00.000Z', 'Europe/Berlin')).toBe('2026-12-07');
    expect(planDay('2026-12-06T23:00:00.000Z', 'UTC')).toBe('2026-12-06');
    // New Year's Eve 23:30 in Los Angeles is already Jan 01 in UTC: the organisation's zone decides the year.
    expect(planDay('2027-01-01T07:30:00.000Z', 'America/Los_Angeles')).toBe('2026-12-31');
    expect(planDay('2027-01-01T07:30:00.000Z', 'Asia/Tokyo')).toBe('2027-01-01');
    // A plain day is that day; anything unreadable is no day.
    expect([planDay('2026-03-09', 'Asia/Tokyo'), planDay('', 'UTC'), planDay('soon', 'UTC')]).toEqual(['2026-03-09', '', '']);
    expect([shortDate('soon'), dateRange('', '')]).toEqual(['', ' - ']);
  });
  it('prints a moment with its time to the second, on the reader\'s clock', () => {
    const at = new Date(2026, 11, 31, 23, 59, 7);
    expect(dateTime(at.toISOString())).toBe('Dec 31, 2026 23:59:07');
    expect(momentParts(at)).toEqual({ day: 'Dec 31, 2026', time: '23:59:07' });
    expect(dateTime('not a moment')).toBe('');
  });
  it('capitalises roles and says Undefined when there is none', () => {
    expect(capitalize('engineer')).toBe('Engineer');
    expect(capitalize('')).toBe('Undefined');
    expect(capitalize(undefined)).toBe('Undefined');
  });
  it('words counts in singular or plural', () => {
    expect(plural(1, 'project')).toBe('1 project');
    expect(plural(0, 'project')).toBe('0 projects');
    expect(plural(3, 'engineer')).toBe('3 engineers');
  });
  it('prints percent-days as person-days to a tenth, thousands separated', () => {
    expect([personDays(250), personDays(0), personDays(1234), personDays(1_085_710), personDays(12_011_280), personDays(100_000)]).toEqual([
      '2.5d', '0d', '12.3d', '10,857.1d', '120,112.8d', '1,000d',
    ]);
  });
  it('prints percentages', () => {
    expect(percent(80)).toBe('80%');
    expect(percent(66.66)).toBe('66.7%');
  });
  it('prints a load to the whole percent, as the schedule does, and the allocation labelled', () => {
    expect([loadPercent(120), loadPercent(333.3), loadPercent(49.6)]).toEqual(['120%', '333%', '50%']);
    expect(allocationOfCapacity(60, 50)).toBe('60% allocated of 50%');
  });
  it('prints the same short date again from what it kept', () => {
    expect(shortDate(nov5)).toBe(shortDate(nov5));
    expect(shortDate('2026-03-09')).toBe('Mar 09, 2026');
    expect(shortDate('2026-03-09')).toBe('Mar 09, 2026');
  });
  it('remembers a formatter\'s answers up to its limit, then starts over', () => {
    const calls: string[] = [];
    const format = remembered((iso) => {
      calls.push(iso);
      return iso.toUpperCase();
    }, 2);
    expect([format('a'), format('b'), format('a')]).toEqual(['A', 'B', 'A']);
    expect(calls).toEqual(['a', 'b']);
    // A third input clears what was kept: 'a' is worked out again, once.
    expect([format('c'), format('a'), format('a')]).toEqual(['C', 'A', 'A']);
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
