import { describe, expect, it } from 'vitest';
import { dayOfDate } from './calendar-days.ts';
import { capacityOverTime, type CapacityFacts, type CapacityView } from './capacity-over-time.ts';
import type { CapacityAssignment, CapacityEngineer } from './inputs.ts';
import { dayOfInstant, spanDays, spanLength, todayOf } from './plan-days.ts';

// Planning dates are days, both ends included (design section 15). Monday 2026-12-07 to Friday 2026-12-11 is five days.
const ada: CapacityEngineer = { _id: 'ada', name: 'Ada', maxCapacity: 100 };
const berlin = 'Europe/Berlin';

let nextId = 1;
/** An assignment between two instants; a bare date means UTC midnight of that date. */
const assignment = (allocationPercentage: number, start: string, end: string): CapacityAssignment => ({
  _id: `a${nextId++}`,
  engineerId: 'ada',
  projectId: 'p1',
  allocationPercentage,
  startDate: start.includes('T') ? start : `${start}T00:00:00.000Z`,
  endDate: end.includes('T') ? end : `${end}T00:00:00.000Z`,
});

const periodsOf = (facts: Partial<CapacityFacts>, view: CapacityView) =>
  capacityOverTime({ engineers: [ada], assignments: [], ...facts }, view).engineers[0]!.periods;
const booked = (facts: Partial<CapacityFacts>, view: CapacityView) => periodsOf(facts, view).map((p) => p.booked);
const bookedDays = (facts: Partial<CapacityFacts>, view: CapacityView) =>
  periodsOf(facts, { ...view, step: 'day' }).filter((d) => d.booked > 0).map((d) => d.key);

describe('plan days: the day an instant falls on, and a span\'s first and last day', () => {
  it('given an instant, then its day is the calendar day it falls on in the zone', () => {
    expect(dayOfInstant('2026-12-07T00:00:00.000Z', 'UTC')).toBe(dayOfDate('2026-12-07'));
    expect(dayOfInstant('2026-12-07T23:59:59.999Z', 'UTC')).toBe(dayOfDate('2026-12-07'));
    // 23:00 UTC is midnight of the next day in Berlin (winter time).
    expect(dayOfInstant('2026-12-06T23:00:00.000Z', berlin)).toBe(dayOfDate('2026-12-07'));
    expect(dayOfInstant('2026-12-06T22:59:59.999Z', berlin)).toBe(dayOfDate('2026-12-06'));
  });

  it('given Monday Dec 7 to Friday Dec 11, then five days, both ends included', () => {
    const span = { startDate: '2026-12-07T00:00:00.000Z', endDate: '2026-12-11T00:00:00.000Z' };
    expect(spanDays(span, 'UTC')).toEqual({ first: dayOfDate('2026-12-07'), last: dayOfDate('2026-12-11') });
    expect(spanLength(span, 'UTC')).toBe(5);
  });

  it('given a span of one day (start and end on the same day), then one day', () => {
    expect(spanLength({ startDate: '2026-12-09T00:00:00.000Z', endDate: '2026-12-09T00:00:00.000Z' }, 'UTC')).toBe(1);
    expect(spanLength({ startDate: '2026-12-09T09:00:00.000Z', endDate: '2026-12-09T17:00:00.000Z' }, 'UTC')).toBe(1);
  });

  it('given an end the day before the start, then no day at all', () => {
    const backwards = { startDate: '2026-12-09T00:00:00.000Z', endDate: '2026-12-08T00:00:00.000Z' };
    expect(spanDays(backwards, 'UTC').last).toBeLessThan(spanDays(backwards, 'UTC').first);
    expect(spanLength(backwards, 'UTC')).toBe(0);
  });

  it('given a moment late in the evening, then today is that day in the zone, the next one in Berlin', () => {
    const late = new Date('2026-12-06T23:30:00.000Z');
    expect(todayOf(late, 'UTC')).toBe(dayOfDate('2026-12-06'));
    expect(todayOf(late, berlin)).toBe(dayOfDate('2026-12-07'));
  });
});

describe('the capacity model at a span\'s boundaries', () => {
  const december: CapacityView = { from: '2026-12-07', to: '2026-12-20', step: 'week' };

  it('given Mon Dec 7 through Fri Dec 11 at 50 %, then the week books 250 percent-days of 500: 50 %', () => {
    const [week] = periodsOf({ assignments: [assignment(50, '2026-12-07', '2026-12-11')] }, december);
    expect(week).toMatchObject({ start: '2026-12-07', end: '2026-12-13', workingDays: 5, capacity: 500, booked: 250, utilization: 50 });
  });

  it('given a span of one day (Wednesday Dec 9), then that day and only that day is booked', () => {
    const oneDay = { assignments: [assignment(100, '2026-12-09', '2026-12-09')] };
    expect(booked(oneDay, december)).toEqual([100, 0]);
    expect(bookedDays(oneDay, december)).toEqual(['2026-12-09']);
  });

  it('given a span ending on a Friday, then that Friday is booked and the next Monday is not', () => {
    const facts = { assignments: [assignment(100, '2026-12-07', '2026-12-11')] };
    expect(booked(facts, december)).toEqual([500, 0]);
    expect(bookedDays(facts, december).at(-1)).toBe('2026-12-11');
  });

  it('given a span ending on a holiday (Friday Dec 25), then its working days through Thursday are booked, the holiday is not', () => {
    const facts = { holidays: [{ date: '2026-12-25', name: 'Christmas Day' }], assignments: [assignment(100, '2026-12-21', '2026-12-25')] };
    const view: CapacityView = { from: '2026-12-21', to: '2027-01-03', step: 'week' };
    expect(periodsOf(facts, view).map((w) => [w.workingDays, w.booked])).toEqual([[4, 400], [5, 0]]);
    expect(bookedDays(facts, view)).toEqual(['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24']);
  });

  it('given a span ending on the last day of a month (Thursday Apr 30), then April books it and May nothing', () => {
    const months = periodsOf({ assignments: [assignment(100, '2026-04-27', '2026-04-30')] }, { from: '2026-04-27', to: '2026-05-10', step: 'month' });
    expect(months.map((m) => [m.key, m.workingDays, m.booked])).toEqual([['2026-04', 4, 400], ['2026-05', 6, 0]]);
  });

  it('given a span ending on the last day of a year (Thursday Dec 31), then week 53 books Dec 28-31; by months December has them and January nothing', () => {
    const facts = { assignments: [assignment(100, '2026-12-28', '2026-12-31')] };
    const range = { from: '2026-12-28', to: '2027-01-10' };
    expect(periodsOf(facts, { ...range, step: 'week' }).map((w) => [w.key, w.booked])).toEqual([['2026-W53', 400], ['2027-W01', 0]]);
    expect(periodsOf(facts, { ...range, step: 'month' }).map((m) => [m.key, m.booked])).toEqual([['2026-12', 400], ['2027-01', 0]]);
  });

  it('given a span through Friday Jan 1, then week 53 books all five days and the months split them 4 and 1', () => {
    const facts = { assignments: [assignment(100, '2026-12-28', '2027-01-01')] };
    const range = { from: '2026-12-28', to: '2027-01-10' };
    expect(periodsOf(facts, { ...range, step: 'week' }).map((w) => w.booked)).toEqual([500, 0]);
    expect(periodsOf(facts, { ...range, step: 'month' }).map((m) => m.booked)).toEqual([400, 100]);
  });

  it('given a period cut by the range (Wed Dec 9 to Tue Dec 15), then each cut week counts only its days inside, the last day of the span included', () => {
    const cut: CapacityView = { from: '2026-12-09', to: '2026-12-15', step: 'week' };
    expect(periodsOf({}, cut).map((w) => [w.start, w.end, w.workingDays])).toEqual([['2026-12-09', '2026-12-13', 3], ['2026-12-14', '2026-12-15', 2]]);
    // Mon Dec 7 through Fri Dec 11: only Wed to Fri are in the range.
    expect(booked({ assignments: [assignment(100, '2026-12-07', '2026-12-11')] }, cut)).toEqual([300, 0]);
    // Thu Dec 10 through Tue Dec 15, the range's last day: Thu, Fri, Mon, Tue.
    expect(booked({ assignments: [assignment(100, '2026-12-10', '2026-12-15')] }, cut)).toEqual([200, 200]);
  });

  it('given a span from one local midnight through another across the autumn clock change (Europe/Berlin), then its last day, the Monday, counts', () => {
    // Mon Oct 19 00:00 CEST is 22:00 UTC the day before; Mon Oct 26 00:00 CET is 23:00 UTC the day before.
    const facts = { timeZone: berlin, assignments: [assignment(100, '2026-10-18T22:00:00.000Z', '2026-10-25T23:00:00.000Z')] };
    const view: CapacityView = { from: '2026-10-19', to: '2026-11-01', step: 'week' };
    expect(booked(facts, view)).toEqual([500, 100]);
    expect(bookedDays(facts, view)).toEqual(['2026-10-19', '2026-10-20', '2026-10-21', '2026-10-22', '2026-10-23', '2026-10-26']);
  });

  it('given a span from one local midnight through another across the spring clock change (Europe/Berlin), then the same: the week and the last Monday', () => {
    // Mon Mar 23 00:00 CET is 23:00 UTC the day before; Mon Mar 30 00:00 CEST is 22:00 UTC the day before.
    const facts = { timeZone: berlin, assignments: [assignment(100, '2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z')] };
    expect(booked(facts, { from: '2026-03-23', to: '2026-04-05', step: 'week' })).toEqual([500, 100]);
    // Read in UTC the same instants fall on Sunday Mar 22 and Sunday Mar 29: the Monday after is not booked.
    expect(booked({ assignments: facts.assignments }, { from: '2026-03-23', to: '2026-04-05', step: 'week' })).toEqual([500, 0]);
  });
});
