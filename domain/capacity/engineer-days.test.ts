import { describe, expect, it } from 'vitest';
import { capacityOverTime, type CapacityFacts, type CapacityView } from './capacity-over-time.ts';
import { dayOfDate } from './calendar-days.ts';
import { dayOffReason, holidayDaysByCalendar, largestDay } from './engineer-days.ts';
import type { CapacityAssignment, CapacityEngineer } from './inputs.ts';

// June 2025: Monday the 2nd to Sunday the 8th is week 23; Monday the 9th starts week 24.
const ada: CapacityEngineer = { _id: 'ada', name: 'Ada', maxCapacity: 100 };
const FOUR_DAYS = [100, 100, 100, 100, 0, 0, 0];

const assignment = (allocationPercentage: number, start: string, end: string, more: Partial<CapacityAssignment> = {}): CapacityAssignment => ({
  _id: 'a1',
  engineerId: 'ada',
  projectId: 'p1',
  allocationPercentage,
  startDate: start.includes('T') ? start : `${start}T00:00:00.000Z`,
  endDate: end.includes('T') ? end : `${end}T00:00:00.000Z`,
  ...more,
});

const rows = (facts: Partial<CapacityFacts>, view: CapacityView) => capacityOverTime({ engineers: [ada], assignments: [], ...facts }, view).engineers;
const weeks = (engineer: CapacityEngineer, facts: Partial<CapacityFacts> = {}, view: CapacityView = { from: '2025-06-02', to: '2025-06-15', step: 'week' }) =>
  capacityOverTime({ engineers: [engineer], assignments: [], ...facts }, view).engineers[0]!;

describe('a work week of their own', () => {
  it('given Monday to Thursday from next week, then that week has 4 working days and 400 capacity; this week keeps 5 and 500', () => {
    const row = weeks({ ...ada, workWeeks: [{ from: '2025-06-09', days: FOUR_DAYS }] });
    expect(row.periods.map((p) => [p.workingDays, p.capacity])).toEqual([[5, 500], [4, 400]]);
  });

  it('given a change mid-week (Wednesday), then the days before it keep the old week and the days from it take the new one', () => {
    // Old week: Mon-Fri at 100. New from Wed 4 June: 50 % every weekday. Mon+Tue 200, Wed-Fri 150.
    const row = weeks({ ...ada, workWeeks: [{ from: '2025-06-04', days: [50, 50, 50, 50, 50, 0, 0] }] }, {}, { from: '2025-06-02', to: '2025-06-08', step: 'week' });
    expect(row.periods[0]).toMatchObject({ workingDays: 5, capacity: 350 });
  });

  it('given a 4-day week and 50 % booked all week, then free is counted per day she works: 50 %, not 40 %', () => {
    const row = weeks({ ...ada, workWeeks: [{ from: '2025-01-01', days: FOUR_DAYS }] }, { assignments: [assignment(50, '2025-06-02', '2025-06-09')] }, { from: '2025-06-02', to: '2025-06-08', step: 'week' });
    expect(row.periods[0]).toMatchObject({ workingDays: 4, capacity: 400, booked: 200, utilization: 50, free: 50 });
  });

  it('given work on her day off in the week, then it is not counted and is not a conflict (like a weekend)', () => {
    const row = weeks({ ...ada, workWeeks: [{ from: '2025-01-01', days: FOUR_DAYS }] }, { assignments: [assignment(100, '2025-06-06', '2025-06-07')] }, { from: '2025-06-02', to: '2025-06-08', step: 'week' });
    expect(row.periods[0]).toMatchObject({ booked: 0 });
    expect(row.conflicts).toEqual([]);
  });

  it('given a part day (Friday at 40), then Friday counts as a working day of 40', () => {
    const row = weeks({ ...ada, workWeeks: [{ from: '2025-01-01', days: [100, 100, 100, 100, 40, 0, 0] }] }, {}, { from: '2025-06-06', to: '2025-06-06', step: 'day' });
    expect(row.periods[0]).toMatchObject({ workingDays: 1, capacity: 40 });
  });

  it('the largest day of the latest work week is what maxCapacity means', () => {
    expect(largestDay([{ from: '2025-01-01', days: [100, 100, 100, 100, 100, 0, 0] }, { from: '2025-03-01', days: [80, 80, 80, 60, 0, 0, 0] }])).toBe(80);
  });
});

describe('holiday calendars', () => {
  const holidays = [
    { date: '2025-06-09', name: 'Whit Monday', calendarId: 'de' },
    { date: '2025-06-19', name: 'Juneteenth' },
    { date: '2025-06-06', name: 'Day off in Berlin (a Friday)', calendarId: 'de' },
  ];

  it('given a calendar change mid-month, then the old calendar holds before the change and the new one from it', () => {
    // Follows Germany from 10 June: Whit Monday on the 9th is still under the default calendar (no holiday),
    // the default's Juneteenth on the 19th no longer applies.
    const engineer = { ...ada, calendars: [{ from: '2025-06-10', calendarId: 'de' }] };
    const [row] = rows({ engineers: [engineer], holidays }, { from: '2025-06-01', to: '2025-06-30', step: 'month' });
    expect(row!.periods[0]).toMatchObject({ workingDays: 21, capacity: 2100, holidays: [] });
    const [before] = rows({ engineers: [{ ...ada, calendars: [{ from: '2025-06-01', calendarId: 'de' }] }], holidays }, { from: '2025-06-01', to: '2025-06-30', step: 'month' });
    expect(before!.periods[0]).toMatchObject({ workingDays: 19, holidays: [{ date: '2025-06-06', name: 'Day off in Berlin (a Friday)' }, { date: '2025-06-09', name: 'Whit Monday' }] });
  });

  it('given two engineers on two calendars, then a holiday takes the day only from the one who follows its calendar', () => {
    const berlin = { _id: 'bo', name: 'Bo', maxCapacity: 100, calendars: [{ from: '2025-01-01', calendarId: 'de' }] };
    const result = capacityOverTime({ engineers: [ada, berlin], assignments: [], holidays }, { from: '2025-06-09', to: '2025-06-09', step: 'day' });
    expect(result.engineers.map((e) => [e.engineer._id, e.periods[0]!.capacity, e.periods[0]!.status])).toEqual([['ada', 100, 'underutilized'], ['bo', 0, 'off']]);
    expect(result.totals[0]!.capacity).toBe(100);
  });

  it('given a holiday of her calendar on a day off of her work week, then it changes nothing and is not listed', () => {
    const engineer = { ...ada, workWeeks: [{ from: '2025-01-01', days: FOUR_DAYS }], calendars: [{ from: '2025-01-01', calendarId: 'de' }] };
    const row = weeks(engineer, { holidays }, { from: '2025-06-02', to: '2025-06-08', step: 'week' });
    expect(row.periods[0]).toMatchObject({ workingDays: 4, capacity: 400, holidays: [] });
    expect(dayOffReason(engineer, '2025-06-06', holidayDaysByCalendar(holidays, dayOfDate('2025-06-01'), dayOfDate('2025-06-30')))).toEqual({ kind: 'not-in-work-week' });
  });

  it('says why a day is off: the holiday of her calendar, by name', () => {
    const engineer = { ...ada, calendars: [{ from: '2025-01-01', calendarId: 'de' }] };
    const days = holidayDaysByCalendar(holidays, dayOfDate('2025-06-01'), dayOfDate('2025-06-30'));
    expect(dayOffReason(engineer, '2025-06-09', days)).toEqual({ kind: 'holiday', name: 'Whit Monday', calendarId: 'de' });
    expect(dayOffReason(engineer, '2025-06-19', days)).toBeNull();
    expect(dayOffReason(ada, '2025-06-19', days)).toEqual({ kind: 'holiday', name: 'Juneteenth', calendarId: 'default' });
  });
});

describe('joiners and leavers', () => {
  it("given a joiner starting on Wednesday, then her first week has 3 working days and 300 capacity, and she is fully free on them", () => {
    const row = weeks({ ...ada, startDate: '2025-06-04' }, {}, { from: '2025-06-02', to: '2025-06-08', step: 'week' });
    expect(row.periods[0]).toMatchObject({ workingDays: 3, capacity: 300, booked: 0, free: 100 });
  });

  it('given a joiner whose assignment starts before her start date, then the days before are conflicts and not counted', () => {
    const row = weeks({ ...ada, startDate: '2025-06-04' }, { assignments: [assignment(100, '2025-06-02', '2025-06-07')] }, { from: '2025-06-02', to: '2025-06-08', step: 'week' });
    expect(row.periods[0]).toMatchObject({ capacity: 300, booked: 300, status: 'optimal' });
    expect(row.conflicts.map((c) => c.date)).toEqual(['2025-06-02', '2025-06-03']);
  });

  it('given a future joiner, then the weeks before the start are off (no capacity, no free figure)', () => {
    const row = weeks({ ...ada, startDate: '2025-06-09' });
    expect(row.periods.map((p) => [p.status, p.free, p.workingDays])).toEqual([['off', null, 0], ['underutilized', 100, 5]]);
  });

  it('given a leaver with assignments past the leave date, then capacity stops at the leave date and the work after it is flagged, not counted', () => {
    const row = weeks({ ...ada, leaveDate: '2025-06-06' }, { assignments: [assignment(100, '2025-06-02', '2025-06-14')] });
    expect(row.periods.map((p) => [p.workingDays, p.capacity, p.booked])).toEqual([[4, 400, 400], [0, 0, 0]]);
    expect(row.conflicts.map((c) => c.date)).toEqual(['2025-06-06', '2025-06-09', '2025-06-10', '2025-06-11', '2025-06-12', '2025-06-13']);
    expect(dayOffReason({ ...ada, leaveDate: '2025-06-06' }, '2025-06-10', new Map())).toEqual({ kind: 'left', date: '2025-06-06' });
  });

  it('a holiday after the leave date is not theirs to list: the weeks after are simply off', () => {
    const row = weeks({ ...ada, leaveDate: '2025-06-06' }, { holidays: [{ date: '2025-06-10', name: 'A Tuesday holiday' }] });
    expect(row.periods[1]).toMatchObject({ workingDays: 0, holidays: [], status: 'off' });
  });

  it('the totals sum what each brings: a leaver adds nothing after leaving', () => {
    const result = capacityOverTime({ engineers: [ada, { _id: 'bo', maxCapacity: 100, leaveDate: '2025-06-09' }], assignments: [] }, { from: '2025-06-02', to: '2025-06-15', step: 'week' });
    expect(result.totals.map((t) => t.capacity)).toEqual([1000, 500]);
  });
});

describe("a clock change in the organisation's time zone", () => {
  it('given a 4-day week in Europe/Berlin across the end of summer time, then each day still counts once, by its local date', () => {
    // Sunday 26 October 2025 has 25 hours in Berlin. An assignment from Monday 00:00 local (Sunday 23:00 UTC) to the
    // next Monday 00:00 local covers Monday to Thursday of a Monday-Thursday week: 400 booked on 400 capacity.
    const row = capacityOverTime(
      {
        engineers: [{ ...ada, workWeeks: [{ from: '2025-10-01', days: FOUR_DAYS }] }],
        assignments: [assignment(100, '2025-10-26T23:00:00.000Z', '2025-11-02T23:00:00.000Z')],
        timeZone: 'Europe/Berlin',
      },
      { from: '2025-10-20', to: '2025-11-02', step: 'week' },
    ).engineers[0]!;
    expect(row.periods.map((p) => [p.key, p.capacity, p.booked])).toEqual([['2025-W43', 400, 0], ['2025-W44', 400, 400]]);
  });
});
