import { describe, expect, it } from 'vitest';
import type { RecordedPeriod } from '../../../domain/actuals/shown.ts';
import {
  cellLines, cellLook, ownDaysLines, conflictDaysIn, conflictProjectsIn, type PeriodFigures, periodHeading, recordedTotalLook, rowFigure, timeOffIn, timeOffLine, totalLook,
} from './cellLook.ts';

const week = (over: Partial<PeriodFigures>): PeriodFigures => ({
  key: '2026-W12',
  start: '2026-03-16',
  end: '2026-03-22',
  workingDays: 5,
  holidays: [],
  capacity: 500,
  booked: 300,
  tentative: 0,
  timeOffDays: 0,
  utilization: 60,
  status: 'optimal',
  free: 40,
  overloadedDays: 0,
  peak: 60,
  ...over,
});

describe('a schedule cell', () => {
  it('shows the load in percent, coloured by status', () => {
    expect(cellLook(week({}))).toEqual({ tone: 'optimal', label: '60%', hatched: false, offShare: 0 });
    const over = week({ booked: 600, utilization: 120, status: 'overloaded', free: -20, overloadedDays: 5, peak: 120 });
    expect(cellLook(over)).toMatchObject({ tone: 'overloaded', label: '120%' });
    expect(cellLines(over, false)).toEqual(['120% of capacity booked', 'Over capacity on 5 of 5 days, peak 120%', 'Over by 1 day this week']);
    expect(cellLook(week({ booked: 100, utilization: 20, status: 'underutilized', free: 80 })).tone).toBe('underutilized');
    expect(cellLook(week({ booked: 0, utilization: 0, status: 'underutilized', free: 100 }))).toMatchObject({ tone: 'empty', label: '0%' });
    expect(cellLook(week({ utilization: 66.7, booked: 333.5 })).label).toBe('67%');
  });

  it('hatches tentative load, and says whether it counts', () => {
    expect(cellLook(week({ tentative: 100 })).hatched).toBe(true);
    expect(cellLines(week({ tentative: 100 }), false)).toContain('Tentative: 20% of capacity (not counted)');
    expect(cellLines(week({ tentative: 100 }), true)).toEqual([
      '60% of capacity booked (tentative included)',
      '2 days free this week',
      'Tentative: 20% of capacity',
    ]);
  });

  it('greys a period away, and names holidays and time off in the tooltip', () => {
    const away = week({ capacity: 0, booked: 0, utilization: null, status: 'off', free: 0, timeOffDays: 5 });
    expect(cellLook(away)).toMatchObject({ tone: 'off', label: 'Off' });
    expect(cellLines(away, false, ['Vacation: Mar 16 - Mar 20'])).toEqual(['Away: 5 days off', 'Vacation: Mar 16 - Mar 20']);
    const holiday = week({ workingDays: 0, capacity: 0, booked: 0, utilization: null, status: 'off', free: null, holidays: [{ date: '2026-12-25', name: 'Christmas Day' }] });
    expect(cellLook(holiday)).toMatchObject({ tone: 'off', label: 'Holiday' });
    expect(cellLines(holiday, false)).toEqual(['Holiday: Christmas Day (Dec 25)']);
    const weekend = week({ workingDays: 0, capacity: 0, booked: 0, utilization: null, status: 'off', free: null });
    expect(cellLook(weekend)).toMatchObject({ tone: 'weekend', label: '' });
    expect(cellLines(weekend, false)).toEqual(['No working day']);
  });

  it('names the days off on which work is planned, once a day however many bookings fall on it', () => {
    const conflicts = [
      { projectId: 'p1', date: '2026-03-16', tentative: false },
      { projectId: 'p2', date: '2026-03-16', tentative: true },
      { projectId: 'p1', date: '2026-03-17', tentative: false },
      { projectId: 'p1', date: '2026-03-23', tentative: false },
    ];
    const period = { start: '2026-03-16', end: '2026-03-22' };
    expect(conflictDaysIn(conflicts, period)).toBe(2);
    expect(conflictDaysIn([], period)).toBe(0);
    const partly = week({ capacity: 300, timeOffDays: 2, utilization: 100, status: 'optimal', free: 0 });
    expect(cellLines(partly, false, ['Vacation: Mar 16 - Mar 17'], 2).at(-1)).toBe('Work planned on 2 days off (not counted)');
    expect(cellLines(partly, false, [], 0).some((line) => line.startsWith('Work planned'))).toBe(false);
  });

  it('names the projects of that work, most days first, leaving out a project whose name has not loaded', () => {
    const conflicts = [
      { projectId: 'p2', date: '2026-03-16' },
      { projectId: 'p1', date: '2026-03-16' },
      { projectId: 'p1', date: '2026-03-17' },
      { projectId: 'p1', date: '2026-03-17' },
      { projectId: 'p3', date: '2026-03-18' },
      { projectId: 'p1', date: '2026-03-23' },
    ];
    const period = { start: '2026-03-16', end: '2026-03-22' };
    const names: Record<string, string> = { p1: 'Apollo', p2: 'Zephyr' };
    const projects = conflictProjectsIn(conflicts, period, (id) => names[id]);
    expect(projects).toEqual(['Apollo (2 days)', 'Zephyr (1 day)']);
    const partly = week({ capacity: 200, timeOffDays: 3, utilization: 100, status: 'optimal', free: 0 });
    expect(cellLines(partly, false, [], 3, projects).at(-1)).toBe('Work planned on 3 days off (not counted): Apollo (2 days), Zephyr (1 day)');
    expect(conflictProjectsIn(conflicts, period, () => undefined)).toEqual([]);
  });

  it('bands the weekdays of a week partly away, for time off or a holiday', () => {
    const partly = week({ capacity: 300, timeOffDays: 2, utilization: 100, status: 'optimal', free: 0 });
    expect(cellLook(partly).offShare).toBeCloseTo(0.4);
    expect(cellLines(partly, false)).toContain('2 days off');
    const holiday = week({ workingDays: 4, capacity: 400, holidays: [{ date: '2026-03-19', name: "Founders' Day" }] });
    expect(cellLook(holiday).offShare).toBeCloseTo(0.2);
    expect(cellLines(holiday, false)).toContain("Holiday: Founders' Day (Mar 19)");
    expect(cellLook(week({ timeOffDays: 4, workingDays: 4, capacity: 0, utilization: null, status: 'off', holidays: [{ date: '2026-03-19', name: 'X' }] })).offShare).toBe(0);
  });
});

describe('time off in a tooltip', () => {
  it('names the kind, the days and the note of the bookings in the period', () => {
    const bookings = [
      { kind: 'vacation', from: '2026-03-12', to: '2026-03-17', note: 'Family trip' },
      { kind: 'sick', from: '2026-03-20', to: '2026-03-20' },
      { kind: 'other', from: '2026-03-23', to: '2026-03-24' },
    ];
    const inWeek = timeOffIn(bookings, { start: '2026-03-16', end: '2026-03-22' });
    expect(inWeek.map(timeOffLine)).toEqual(['Vacation: Mar 12 - Mar 17 (Family trip)', 'Sick: Mar 20']);
  });
});

describe('the totals row', () => {
  it('reads confirmed load against capacity, with every kind of demand in person-days', () => {
    expect(totalLook({ capacity: 4000, confirmed: 2900, tentative: 400, placeholder: 250, holidays: [] })).toEqual({
      label: '73%',
      tone: 'optimal',
      demand: 3550,
      lines: ['Capacity: 40d', 'Confirmed: 29d (73%)', 'Tentative: 4d (10%)', 'Placeholders: 2.5d (6%)'],
    });
    expect(totalLook({ capacity: 100, confirmed: 150, tentative: 0, placeholder: 0, holidays: [] }).tone).toBe('overloaded');
    expect(totalLook({ capacity: 0, confirmed: 0, tentative: 0, placeholder: 0, holidays: [{ date: '2026-01-01', name: 'New Year' }] })).toMatchObject({
      label: '—',
      tone: 'off',
      lines: ['No capacity', 'Holiday: New Year (Jan 01)'],
    });
  });
});

describe('column headings', () => {
  it('names weeks, days and months briefly', () => {
    expect(periodHeading({ key: '2026-W12', start: '2026-03-16' }, 'week')).toEqual({ top: 'W12', bottom: 'Mar 16', title: 'Week 12, from Mar 16, 2026' });
    expect(periodHeading({ key: '2026-03-16', start: '2026-03-16' }, 'day')).toEqual({ top: 'Mo', bottom: '16', title: 'Mon, Mar 16, 2026' });
    expect(periodHeading({ key: '2026-03', start: '2026-03-01' }, 'month')).toEqual({ top: '2026', bottom: 'Mar', title: 'March 2026' });
  });
});

describe('what is free, said as a person says it', () => {
  it("was 'Free: 18.7% of a day'; is 'About 1 day free this week'", () => {
    expect(cellLines(week({ free: 18.7, utilization: 81.3, booked: 406.5 }), false)[1]).toBe('About 1 day free this week');
  });

  it('counts the working days of the period, to the nearest half day', () => {
    expect(cellLines(week({ free: 12 }), false)[1]).toBe('About half a day free this week');
    expect(cellLines(week({ free: 10 }), false)[1]).toBe('Half a day free this week');
    expect(cellLines(week({ free: 4 }), false)[1]).toBe('Less than half a day free this week');
    expect(cellLines(week({ free: 0 }), false)[1]).toBe('Fully booked this week');
    expect(cellLines(week({ free: 50, workingDays: 3 }), false)[1]).toBe('1.5 days free this week');
    expect(cellLines(week({ free: -30 }), false)[1]).toBe('Over by 1.5 days this week');
    expect(cellLines(week({ key: '2026-03', free: 25, workingDays: 21 }), false)[1]).toBe('About 5.5 days free this month');
    expect(cellLines(week({ key: '2026-03-16', free: 50, workingDays: 1 }), false)[1]).toBe('Half a day free that day');
  });
});

describe('a period over capacity on some day', () => {
  // A month averaging 98 % with 8 of its 21 days at 130 %.
  const month = week({ key: '2027-01', start: '2027-01-01', end: '2027-01-31', workingDays: 21, capacity: 2100, booked: 2058, utilization: 98, status: 'overloaded', free: 2, overloadedDays: 8, peak: 130 });

  it('is marked overloaded and still prints its average', () => {
    expect(cellLook(month)).toEqual({ tone: 'overloaded', label: '98%', hatched: false, offShare: 0, over: 'over capacity on 8 of 21 days, peak 130%' });
  });

  it('says on how many of its days with capacity, and the highest day, in its tooltip', () => {
    expect(cellLines(month, false)[1]).toBe('Over capacity on 8 of 21 days, peak 130%');
    // Two days off: 19 days with capacity.
    expect(cellLines({ ...month, timeOffDays: 2, overloadedDays: 1, peak: 112.5 }, false)).toContain('Over capacity on 1 of 19 days, peak 112.5%');
  });

  it('says nothing of the kind when no day is over', () => {
    expect(cellLook(week({})).over).toBeUndefined();
    expect(cellLines(week({}), false).some((line) => line.startsWith('Over capacity'))).toBe(false);
  });
});

describe('the figure beside a name', () => {
  it('is the peak of the row, its highest day, red above 100 %', () => {
    const row = { engineer: { _id: 'e', name: 'Aisha' }, periods: [], peakUtilization: 130, minFree: 2, conflicts: [] } as unknown as Parameters<typeof rowFigure>[0];
    expect(rowFigure(row, 'peak')).toEqual({ text: 'peak 130%', color: '#b91c1c' });
  });
});

describe("an engineer's own days", () => {
  const friday = { key: '2027-03-05', start: '2027-03-05', end: '2027-03-05', workingDays: 0, holidays: [], capacity: 0, booked: 0, tentative: 0, timeOffDays: 0, utilization: null, status: 'off' as const, free: null, overloadedDays: 0, peak: null };
  const fourDays = { maxCapacity: 100, workWeeks: [{ from: '2027-01-01', days: [100, 100, 100, 100, 0, 0, 0] }] };

  it('a weekday outside the work week is grey and says why', () => {
    expect(cellLook(friday, true)).toMatchObject({ tone: 'off', label: 'Off' });
    expect(cellLook(friday, false).tone).toBe('weekend');
    expect(ownDaysLines(fourDays, friday)).toEqual(['Not in their work week (Mon–Thu 100%)']);
    expect(cellLines(friday, false, [], 0, [], ownDaysLines(fourDays, friday))).toEqual(['Not in their work week (Mon–Thu 100%)']);
  });

  it('a Saturday stays a weekend, a week names the weekdays outside the work week, joiners and leavers their dates', () => {
    expect(cellLook({ ...friday, key: '2027-03-06', start: '2027-03-06', end: '2027-03-06' }, true).tone).toBe('weekend');
    expect(ownDaysLines(fourDays, { start: '2027-03-01', end: '2027-03-14' })).toEqual(['2 weekdays outside their work week (Mon–Thu 100%)']);
    expect(ownDaysLines({ maxCapacity: 100, leaveDate: '2027-03-03' }, { start: '2027-03-01', end: '2027-03-07' })).toEqual(['Leaves on Mar 03']);
    expect(ownDaysLines({ maxCapacity: 100, startDate: '2027-04-01' }, { start: '2027-03-01', end: '2027-03-07' })).toEqual(['Not started yet: starts Apr 01']);
    expect(ownDaysLines({ maxCapacity: 100 }, { start: '2027-03-01', end: '2027-03-07' })).toEqual([]);
  });
});

describe('a past cell in the Actual mode', () => {
  const recorded = (over: Partial<RecordedPeriod>): RecordedPeriod => ({ hours: 0, unfilled: [], from: '2026-03-16', to: '2026-03-22', hoursPerDay: 8, ...over });

  it('reads the recorded hours, coloured by hours against the capacity in hours (500 percent-days are 40 h)', () => {
    expect(cellLook(week({}), false, recorded({ hours: 30 }))).toEqual({ tone: 'optimal', label: '30 h', hatched: false, offShare: 0, actual: 'recorded' });
    expect(cellLook(week({}), false, recorded({ hours: 44 }))).toMatchObject({ tone: 'overloaded', label: '44 h' });
    expect(cellLook(week({}), false, recorded({ hours: 12.25 }))).toMatchObject({ tone: 'underutilized', label: '12.3 h' });
    // A part-timer at 7.5 hours a day: 250 percent-days are 18.75 h, so 18.75 h is full, not under half of 40.
    expect(cellLook(week({ capacity: 250, booked: 250, utilization: 100 }), false, recorded({ hours: 18.75, hoursPerDay: 7.5 })).tone).toBe('optimal');
    expect(cellLines(week({}), false, [], 0, [], [], recorded({ hours: 30 }))).toEqual([
      'Actual: 30 h of 40 h capacity (75%)',
      'Planned: 24 h (60% of capacity)',
    ]);
  });

  it('reads a week nobody filled as not filled, not as zero; a recorded empty week as 0 h', () => {
    const unfilled = recorded({ unfilled: ['2026-W12'] });
    expect(cellLook(week({}), false, unfilled)).toEqual({ tone: 'unfilled', label: '—', hatched: false, offShare: 0, actual: 'unfilled' });
    expect(cellLines(week({}), false, [], 0, [], [], unfilled)).toEqual(['Not filled', 'Planned: 24 h (60% of capacity)']);
    expect(cellLook(week({}), false, recorded({}))).toMatchObject({ tone: 'empty', label: '0 h', actual: 'recorded' });
  });

  it('a month with some weeks unfilled reads its hours, names those weeks and the days its weeks cover', () => {
    const month = week({ key: '2026-02', start: '2026-02-01', end: '2026-02-28', workingDays: 20, capacity: 2000, booked: 1600, utilization: 80 });
    const partial = recorded({ hours: 72, unfilled: ['2026-W08', '2026-W09'], from: '2026-02-02', to: '2026-03-01' });
    expect(cellLook(month, false, partial)).toMatchObject({ tone: 'underutilized', label: '72 h', actual: 'partial' });
    expect(cellLines(month, false, [], 0, [], [], partial)).toEqual([
      'Actual: 72 h of 160 h capacity (45%)',
      'Not filled: 2026-W08, 2026-W09',
      'Planned: 128 h (80% of capacity)',
      'Actuals of the weeks Feb 02 - Mar 01',
    ]);
  });

  it('a period without working time stays off unless hours were recorded in it; tentative work is not hatched', () => {
    const away = week({ capacity: 0, booked: 0, utilization: null, status: 'off', free: 0, timeOffDays: 5 });
    expect(cellLook(away, false, recorded({}))).toMatchObject({ tone: 'off', label: 'Off' });
    expect(cellLines(away, false, [], 0, [], [], recorded({}))).toEqual(['Away: 5 days off']);
    expect(cellLook(away, false, recorded({ hours: 6 }))).toMatchObject({ tone: 'overloaded', label: '6 h', actual: 'recorded' });
    expect(cellLines(away, false, [], 0, [], [], recorded({ hours: 6 }))[0]).toBe('Actual: 6 h recorded, with no capacity');
    expect(cellLook(week({ tentative: 100 }), false, recorded({ hours: 30 })).hatched).toBe(false);
    expect(cellLines(week({ tentative: 100 }), false, [], 0, [], [], recorded({ hours: 30 }))).not.toContain('Tentative: 20% of capacity (not counted)');
  });
});

describe('the totals row in the Actual mode', () => {
  const week = { capacity: 4000, confirmed: 2900, tentative: 400, placeholder: 250, holidays: [] };
  it('reads everyone\'s recorded hours against their capacity in hours, the plan and who did not fill beside', () => {
    // 40 person-days at 8 h: 320 h of capacity; 248 h recorded is 78 %.
    expect(recordedTotalLook(week, { hours: 248, unfilledPeople: 2, hoursPerDay: 8 })).toEqual({
      label: '78%',
      tone: 'optimal',
      lines: ['Actual: 248 h of 320 h capacity (78%)', 'Planned: 232 h (73%)', 'Not filled: 2 people'],
      bars: [{ percent: 77.5, color: '#0f766e' }],
    });
  });
  it('colours by the totals\' rule and caps the bar at the cell', () => {
    expect(recordedTotalLook(week, { hours: 100, unfilledPeople: 0, hoursPerDay: 8 })).toMatchObject({ label: '31%', tone: 'underutilized' });
    expect(recordedTotalLook(week, { hours: 400, unfilledPeople: 1, hoursPerDay: 8 })).toMatchObject({ label: '125%', tone: 'overloaded', bars: [{ percent: 100 }] });
  });
  it('reads not filled, not 0 %, while nothing is recorded and weeks wait to be filled', () => {
    expect(recordedTotalLook(week, { hours: 0, unfilledPeople: 8, hoursPerDay: 8 })).toEqual({
      label: '—', tone: 'unfilled', lines: ['Not filled: 8 people', 'Planned: 232 h (73%)'], bars: [],
    });
    expect(recordedTotalLook(week, { hours: 0, unfilledPeople: 0, hoursPerDay: 8 })).toMatchObject({ label: '0%', tone: 'underutilized' });
  });
  it('with no capacity, hours recorded read as such and nothing reads as a dash', () => {
    const off = { capacity: 0, confirmed: 0, tentative: 0, placeholder: 0, holidays: [{ date: '2026-12-25', name: 'Christmas Day' }] };
    expect(recordedTotalLook(off, { hours: 6, unfilledPeople: 0, hoursPerDay: 8 })).toMatchObject({ label: '6 h', tone: 'overloaded' });
    expect(recordedTotalLook(off, { hours: 0, unfilledPeople: 0, hoursPerDay: 8 })).toEqual({
      label: '—', tone: 'off', lines: ['No capacity', 'Holiday: Christmas Day (Dec 25)'], bars: [],
    });
  });
});
