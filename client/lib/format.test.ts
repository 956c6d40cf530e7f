import { describe, expect, it } from 'vitest';
import { capitalize, dateRange, longDate, monthDay, percent, personDays, plural, remembered, shortDate, shortRange } from './format.ts';

// Midday UTC keeps the calendar day the same in every time zone the tests may run in.
const nov5 = '2026-11-05T12:00:00.000Z';
const dec1 = '2026-12-01T12:00:00.000Z';

describe('format', () => {
  it('prints long US dates with a two-digit day', () => {
    expect(longDate(nov5)).toBe('November 05, 2026');
  });
  it('prints short dates and ranges', () => {
    expect(shortDate(nov5)).toBe('Nov 05, 2026');
    expect(monthDay(nov5)).toBe('Nov 05');
    expect(dateRange(nov5, dec1)).toBe('Nov 05, 2026 - Dec 01, 2026');
    expect(shortRange(nov5, dec1)).toBe('Nov 05 - Dec 01, 2026');
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
