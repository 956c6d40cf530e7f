import { describe, expect, it } from 'vitest';
import { employedIn, isIsoWeek, weekBefore, weekDates, weekOf, weeksBetween } from './weeks.ts';

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

describe('a week someone was employed in (2026-W49: Monday Nov 30 to Sunday Dec 6)', () => {
  it('is not one before they joined: a new engineer is not asked for the week before her start', () => {
    expect(employedIn('2026-W49', { startDate: '2026-12-07' })).toBe(false);
    expect(employedIn('2026-W49', { startDate: '2027-01-04' })).toBe(false);
  });

  it('is one they joined in, by its Sunday, or one with no start date at all', () => {
    expect(employedIn('2026-W49', { startDate: '2026-12-06' })).toBe(true);
    expect(employedIn('2026-W49', { startDate: '2026-11-30' })).toBe(true);
    expect(employedIn('2026-W49', {})).toBe(true);
  });

  it('is not one from their leave date on (their first day away)', () => {
    expect(employedIn('2026-W49', { leaveDate: '2026-11-30' })).toBe(false);
    expect(employedIn('2026-W49', { leaveDate: '2026-12-01' })).toBe(true);
  });
});
