import { describe, expect, it } from 'vitest';
import type { ActualsVariance } from './contracts.ts';
import { actualLoad, endedBeforeThisWeek, pastPart, recordedPeriods, recordedTotals } from './shown.ts';

const TODAY = '2026-03-18'; // a Wednesday in 2026-W12, which starts on Monday 2026-03-16

const cell = (key: string, actualHours: number) => ({ key, plannedHours: 0, actualHours, varianceHours: actualHours });

describe('which periods show actuals', () => {
  it('only periods that ended before the current ISO week', () => {
    expect(endedBeforeThisWeek('2026-03-15', TODAY)).toBe(true);
    expect(endedBeforeThisWeek('2026-03-16', TODAY)).toBe(false);
    expect(endedBeforeThisWeek('2026-03-22', TODAY)).toBe(false);
    // February ended before this week; March has not.
    expect(endedBeforeThisWeek('2026-02-28', TODAY)).toBe(true);
    expect(endedBeforeThisWeek('2026-03-31', TODAY)).toBe(false);
  });

  it('a range is clipped to the Sunday before this week, and is nothing when it starts this week', () => {
    expect(pastPart({ from: '2026-02-16', to: '2026-05-10' }, TODAY)).toEqual({ from: '2026-02-16', to: '2026-03-15' });
    expect(pastPart({ from: '2026-01-05', to: '2026-02-01' }, TODAY)).toEqual({ from: '2026-01-05', to: '2026-02-01' });
    expect(pastPart({ from: '2026-03-16', to: '2026-06-07' }, TODAY)).toBeNull();
    // On a Monday, last week is over.
    expect(pastPart({ from: '2026-03-09', to: '2026-03-29' }, '2026-03-16')).toEqual({ from: '2026-03-09', to: '2026-03-15' });
  });

  it('asks from the Monday of the first week, so a month view starting on the 1st keeps its first week whole', () => {
    // 2025-10-01 is a Wednesday: October's first week (its Thursday is Oct 02) runs from Monday Sep 29.
    expect(pastPart({ from: '2025-10-01', to: '2026-03-31' }, TODAY)).toEqual({ from: '2025-09-29', to: '2026-03-15' });
  });
});

describe('recorded hours against capacity', () => {
  it('capacity in percent-days becomes hours (x HOURS_PER_DAY / 100), then the plan\'s status rule', () => {
    // A full-timer's week: 500 percent-days, 40 hours at 8 a day.
    expect(actualLoad(30, 500, 8)).toEqual({ capacityHours: 40, utilization: 75, status: 'optimal' });
    expect(actualLoad(44, 500, 8)).toEqual({ capacityHours: 40, utilization: 110, status: 'overloaded' });
    expect(actualLoad(10, 500, 8)).toEqual({ capacityHours: 40, utilization: 25, status: 'underutilized' });
    expect(actualLoad(20, 500, 8).status).toBe('optimal');
    // 7.5-hour days: a part-timer's 250 percent-days are 18.75 hours.
    expect(actualLoad(18.75, 250, 7.5)).toEqual({ capacityHours: 18.75, utilization: 100, status: 'optimal' });
    expect(actualLoad(5, 0, 8)).toEqual({ capacityHours: 0, utilization: null, status: 'off' });
  });
});

describe('the answer laid over the schedule\'s periods', () => {
  const weeks = [
    { key: '2026-W10', start: '2026-03-02', end: '2026-03-08', toDate: false },
    { key: '2026-W11', start: '2026-03-09', end: '2026-03-15', toDate: false },
    { key: '2026-W12', start: '2026-03-16', end: '2026-03-22', toDate: true },
  ];
  const answer: ActualsVariance = {
    periods: weeks.slice(0, 2),
    rows: [
      { engineer: { _id: 'sam', name: 'Sam' }, plannedHours: 0, actualHours: 30, varianceHours: 30, periods: [cell('2026-W10', 0), cell('2026-W11', 30)] },
      { engineer: { _id: 'priya', name: 'Priya' }, plannedHours: 0, actualHours: 0, varianceHours: 0, periods: [cell('2026-W10', 0), cell('2026-W11', 0)] },
    ],
    missing: [{ engineerId: 'sam', name: 'Sam', week: '2026-W10' }, { engineerId: 'mei', name: 'Mei', week: '2026-W11' }],
    hoursPerDay: 8,
  };

  it('past weeks get the hours and the weeks not filled; this week stays the plan', () => {
    const { byEngineer, none } = recordedPeriods(answer, weeks, TODAY);
    expect(byEngineer.get('sam')).toEqual([
      { hours: 0, unfilled: ['2026-W10'], from: '2026-03-02', to: '2026-03-08', hoursPerDay: 8 },
      { hours: 30, unfilled: [], from: '2026-03-09', to: '2026-03-15', hoursPerDay: 8 },
      null,
    ]);
    // Someone only missing (no planned or recorded hours at all) still has a row.
    expect(byEngineer.get('mei')?.map((p) => p?.unfilled)).toEqual([[], ['2026-W11'], undefined]);
    expect(byEngineer.get('priya')?.map((p) => p?.hours)).toEqual([0, 0, undefined]);
    expect(none).toEqual([
      { hours: 0, unfilled: [], from: '2026-03-02', to: '2026-03-08', hoursPerDay: 8 },
      { hours: 0, unfilled: [], from: '2026-03-09', to: '2026-03-15', hoursPerDay: 8 },
      null,
    ]);
  });

  it('a month holds the weeks whose Thursday is in it, and names each week not filled', () => {
    const months = [
      { key: '2026-01', start: '2026-01-01', end: '2026-01-31' },
      { key: '2026-02', start: '2026-02-01', end: '2026-02-28' },
      { key: '2026-03', start: '2026-03-01', end: '2026-03-31' },
    ];
    const byMonth: ActualsVariance = {
      // The weeks of 2026-02 run from Monday 2 February to Sunday 1 March.
      periods: [{ key: '2026-01', start: '2025-12-29', end: '2026-02-01', toDate: false }, { key: '2026-02', start: '2026-02-02', end: '2026-03-01', toDate: false }],
      rows: [{ engineer: { _id: 'sam', name: 'Sam' }, plannedHours: 0, actualHours: 100, varianceHours: 100, periods: [cell('2026-01', 60), cell('2026-02', 40)] }],
      missing: [{ engineerId: 'sam', name: 'Sam', week: '2026-W07' }, { engineerId: 'sam', name: 'Sam', week: '2026-W08' }],
      hoursPerDay: 8,
    };
    const sam = recordedPeriods(byMonth, months, TODAY).byEngineer.get('sam')!;
    expect(sam[0]).toEqual({ hours: 60, unfilled: [], from: '2025-12-29', to: '2026-02-01', hoursPerDay: 8 });
    expect(sam[1]).toEqual({ hours: 40, unfilled: ['2026-W07', '2026-W08'], from: '2026-02-02', to: '2026-03-01', hoursPerDay: 8 });
    expect(sam[2]).toBeNull();
  });

  it('a past period the answer does not cover keeps the plan', () => {
    const { byEngineer } = recordedPeriods({ ...answer, periods: [answer.periods[1]!], rows: [], missing: [] }, weeks, TODAY);
    expect(byEngineer.size).toBe(0);
    expect(recordedPeriods({ ...answer, periods: [answer.periods[1]!], rows: [], missing: [] }, weeks, TODAY).none.map((p) => p?.hours ?? null)).toEqual([null, 0, null]);
  });
});

describe('the totals of what was recorded', () => {
  const period = (hours: number, unfilled: string[] = []) => ({ hours, unfilled, from: '2026-11-02', to: '2026-11-08', hoursPerDay: 8 });
  it('sums the people in view per past period, counts who left weeks unfilled, and leaves the plan\'s periods null', () => {
    const rows = [
      [period(30), period(0, ['2026-W46']), null],
      [period(12.25, ['2026-W45']), period(40), null],
      [period(0), period(0), null],
    ];
    expect(recordedTotals(rows, 3)).toEqual([
      { hours: 42.3, unfilledPeople: 1, hoursPerDay: 8 },
      { hours: 40, unfilledPeople: 1, hoursPerDay: 8 },
      null,
    ]);
  });
  it('is all null with nobody in view or no past period', () => {
    expect(recordedTotals([], 2)).toEqual([null, null]);
    expect(recordedTotals([[null, null]], 2)).toEqual([null, null]);
  });
});
