import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, mondayOfDate, weeksFrom, workedDates } from './weeks.ts';

describe('week arithmetic on calendar dates', () => {
  it('finds the Monday of a date and whole weeks from it', () => {
    expect(mondayOfDate('2026-03-05')).toBe('2026-03-02');
    expect(mondayOfDate('2026-03-08')).toBe('2026-03-02');
    expect(weeksFrom('2026-03-05', 12)).toEqual({ from: '2026-03-02', to: '2026-05-24' });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysBetween('2026-03-02', '2026-03-15')).toBe(14);
  });

  it('the days an assignment is on run through its end date, both included; one day when they are the same', () => {
    // Pickers give the local midnight of the picked day; this test file runs in the machine's zone.
    const start = new Date(2026, 2, 2).toISOString();
    const end = new Date(2026, 2, 30).toISOString();
    expect(workedDates(start, end)).toEqual({ from: '2026-03-02', to: '2026-03-30' });
    expect(workedDates(start, start)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(workedDates(end, start)).toBeNull();
    expect(workedDates('', end)).toBeNull();
  });
});
