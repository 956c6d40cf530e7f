import { describe, expect, it } from 'vitest';
import { isIsoWeek, weekBefore, weekDates, weekOf, weeksBetween } from './weeks.ts';

describe('ISO week keys', () => {
  it.each([
    ['2026-W48', true], ['2026-W01', true], ['2026-W53', true], ['2025-W53', false], ['2026-W00', false], ['2026-W54', false],
    ['2026-48', false], ['2026-w48', false], ['26-W48', false], ['', false],
  ])('%s is a week: %s', (week, valid) => {
    expect(isIsoWeek(week)).toBe(valid);
  });

  it('a week runs Monday to Sunday; 1 January 2027 is in 2026-W53', () => {
    expect(weekDates('2026-W48')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2027-01-01')).toBe('2026-W53');
    expect(weekBefore('2026-11-23')).toBe('2026-W47');
    expect(weeksBetween('2026-11-25', '2026-12-07')).toEqual(['2026-W48', '2026-W49', '2026-W50']);
  });
});
