import { describe, expect, it } from 'vitest';
import { capacityOverTime, overloadText, type CapacityFacts, type CapacityView, type EngineerPeriod } from './capacity-over-time.ts';
import type { CapacityAssignment, CapacityEngineer } from './inputs.ts';

// The week of Monday 2025-06-02 to Sunday 2025-06-08 is the default stage.
const WEEK: CapacityView = { from: '2025-06-02', to: '2025-06-08', step: 'week' };
const ada: CapacityEngineer = { _id: 'ada', name: 'Ada', maxCapacity: 100 };

let nextId = 1;
/** An assignment between two instants; a bare date means UTC midnight of that date. */
const assignment = (
  allocationPercentage: number,
  start: string,
  end: string,
  more: Partial<CapacityAssignment> = {},
): CapacityAssignment => ({
  _id: `a${nextId++}`,
  engineerId: 'ada',
  projectId: 'p1',
  allocationPercentage,
  startDate: start.includes('T') ? start : `${start}T00:00:00.000Z`,
  endDate: end.includes('T') ? end : `${end}T00:00:00.000Z`,
  ...more,
});

const view = (facts: Partial<CapacityFacts>, range: CapacityView = WEEK) =>
  capacityOverTime({ engineers: [ada], assignments: [], ...facts }, range);

/** Ada's periods: the row under test in most cases. */
const periodsOf = (facts: Partial<CapacityFacts>, range: CapacityView = WEEK): EngineerPeriod[] => view(facts, range).engineers[0]!.periods;
const onlyPeriod = (facts: Partial<CapacityFacts>, range: CapacityView = WEEK) => periodsOf(facts, range)[0]!;
const figures = (p: EngineerPeriod) => ({
  capacity: p.capacity,
  booked: p.booked,
  tentative: p.tentative,
  utilization: p.utilization,
  status: p.status,
  free: p.free,
});

describe('a plain week', () => {
  it('given a full-timer at 50 % all week, then 500 capacity, 250 booked, 50 % utilised, optimal, 50 % free', () => {
    const week = onlyPeriod({ assignments: [assignment(50, '2025-06-02', '2025-06-09')] });
    expect(week).toMatchObject({ key: '2025-W23', start: '2025-06-02', end: '2025-06-08', workingDays: 5, timeOffDays: 0, holidays: [] });
    expect(figures(week)).toEqual({ capacity: 500, booked: 250, tentative: 0, utilization: 50, status: 'optimal', free: 50 });
  });

  it('given nothing booked, then underutilised at 0 % and fully free', () => {
    expect(figures(onlyPeriod({}))).toEqual({ capacity: 500, booked: 0, tentative: 0, utilization: 0, status: 'underutilized', free: 100 });
  });

  it('given two assignments adding up to 120 % on four days (Monday through Thursday, both included), then overloaded that week and free goes negative', () => {
    const week = onlyPeriod({
      assignments: [assignment(100, '2025-06-02', '2025-06-09'), assignment(20, '2025-06-02', '2025-06-05')],
    });
    // 5 days x 100 + 4 days (Mon 2 to Thu 5) x 20 = 580 of 500.
    expect(figures(week)).toEqual({ capacity: 500, booked: 580, tentative: 0, utilization: 116, status: 'overloaded', free: -16 });
  });

  it('given fractional allocations, then the sums stay exact (no 99.99999 from floating point)', () => {
    const week = onlyPeriod({
      assignments: [33.3, 33.3, 33.4].map((allocation) => assignment(allocation, '2025-06-02', '2025-06-09')),
    });
    expect(week.booked).toBe(500);
    expect(week.status).toBe('optimal');
    expect(week.free).toBe(0);
  });
});

describe('weekends are ignored', () => {
  it('given an assignment on Saturday and Sunday only, then the week books nothing', () => {
    expect(onlyPeriod({ assignments: [assignment(100, '2025-06-07', '2025-06-09')] }).booked).toBe(0);
  });

  it('given time off on a weekend, then no working day is lost and nothing conflicts', () => {
    const result = view({
      assignments: [assignment(100, '2025-06-02', '2025-06-09')],
      timeOff: [{ engineerId: 'ada', from: '2025-06-07', to: '2025-06-08' }],
    });
    expect(result.engineers[0]!.periods[0]).toMatchObject({ capacity: 500, booked: 500, timeOffDays: 0 });
    expect(result.engineers[0]!.conflicts).toEqual([]);
  });

  it('given day steps, then Saturday and Sunday are off periods without working days', () => {
    const days = periodsOf({ assignments: [assignment(100, '2025-06-02', '2025-06-09')] }, { ...WEEK, step: 'day' });
    expect(days.map((d) => d.key)).toEqual(['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08']);
    expect(days.map((d) => d.status)).toEqual(['optimal', 'optimal', 'optimal', 'optimal', 'optimal', 'off', 'off']);
    expect(days[5]).toMatchObject({ workingDays: 0, capacity: 0, booked: 0, utilization: null, free: null });
  });
});

describe('holidays', () => {
  const holidays = [{ date: '2025-06-04', name: 'Founders Day' }];

  it('given a holiday on Wednesday, then the week has 4 working days and names the holiday', () => {
    const week = onlyPeriod({ holidays, assignments: [assignment(50, '2025-06-02', '2025-06-09')] });
    expect(week).toMatchObject({ workingDays: 4, holidays: [{ date: '2025-06-04', name: 'Founders Day' }] });
    expect(figures(week)).toEqual({ capacity: 400, booked: 200, tentative: 0, utilization: 50, status: 'optimal', free: 50 });
  });

  it('given a holiday on a Saturday, then it costs nothing and is not listed', () => {
    const week = onlyPeriod({ holidays: [{ date: '2025-06-07', name: 'Saturday fair' }] });
    expect(week).toMatchObject({ workingDays: 5, capacity: 500, holidays: [] });
  });

  it('given a holiday outside the range, then the week is untouched', () => {
    expect(onlyPeriod({ holidays: [{ date: '2025-06-11', name: 'Later' }] }).workingDays).toBe(5);
  });

  it('given time off on the holiday, then it is not counted as a day off', () => {
    const week = onlyPeriod({ holidays, timeOff: [{ engineerId: 'ada', from: '2025-06-04', to: '2025-06-04' }] });
    expect(week).toMatchObject({ workingDays: 4, capacity: 400, timeOffDays: 0 });
  });
});

describe('time off', () => {
  const twoDaysOff = [{ engineerId: 'ada', from: '2025-06-05', to: '2025-06-06' }];

  it('given a full-timer with nothing booked and two days off, then 60 % free that week', () => {
    const week = onlyPeriod({ timeOff: twoDaysOff });
    expect(week).toMatchObject({ workingDays: 5, timeOffDays: 2 });
    expect(figures(week)).toEqual({ capacity: 300, booked: 0, tentative: 0, utilization: 0, status: 'underutilized', free: 60 });
  });

  it('given a full-time assignment across the two days off, then only the three days with capacity count', () => {
    const week = onlyPeriod({ timeOff: twoDaysOff, assignments: [assignment(100, '2025-06-02', '2025-06-09')] });
    expect(figures(week)).toEqual({ capacity: 300, booked: 300, tentative: 0, utilization: 100, status: 'optimal', free: 0 });
  });

  it('given overlapping entries of time off, then each day is off once', () => {
    const week = onlyPeriod({ timeOff: [...twoDaysOff, { engineerId: 'ada', from: '2025-06-06', to: '2025-06-10' }] });
    expect(week).toMatchObject({ timeOffDays: 2, capacity: 300 });
  });

  it('given time off for someone else, then Ada keeps her capacity', () => {
    expect(onlyPeriod({ timeOff: [{ engineerId: 'bob', from: '2025-06-02', to: '2025-06-08' }] }).capacity).toBe(500);
  });

  it('given the whole week off, then no capacity: utilisation null, status off, 0 % free', () => {
    const result = view({ timeOff: [{ engineerId: 'ada', from: '2025-06-01', to: '2025-06-30' }], assignments: [assignment(40, '2025-06-02', '2025-06-09')] });
    const row = result.engineers[0]!;
    expect(figures(row.periods[0]!)).toEqual({ capacity: 0, booked: 0, tentative: 0, utilization: null, status: 'off', free: 0 });
    expect(row.peakUtilization).toBeNull();
    expect(row.minFree).toBe(0);
  });
});

describe('conflicts: work planned on a day off', () => {
  it('given an assignment over two days off, then one conflict per day, in date order, not counted as load', () => {
    const a = assignment(60, '2025-06-02', '2025-06-09');
    const result = view({ assignments: [a], timeOff: [{ engineerId: 'ada', from: '2025-06-05', to: '2025-06-06' }] });
    expect(result.engineers[0]!.conflicts).toEqual([
      { assignmentId: a._id, projectId: 'p1', date: '2025-06-05', tentative: false },
      { assignmentId: a._id, projectId: 'p1', date: '2025-06-06', tentative: false },
    ]);
    expect(result.engineers[0]!.periods[0]!.booked).toBe(180);
  });

  it('given a tentative assignment on a day off, then the conflict says tentative', () => {
    const result = view({
      assignments: [assignment(30, '2025-06-05', '2025-06-06', { projectId: 'pipeline', _id: 'maybe' })],
      tentativeProjectIds: ['pipeline'],
      timeOff: [{ engineerId: 'ada', from: '2025-06-05', to: '2025-06-05' }],
    });
    expect(result.engineers[0]!.conflicts).toEqual([{ assignmentId: 'maybe', projectId: 'pipeline', date: '2025-06-05', tentative: true }]);
  });

  it('given time off that no assignment touches, then no conflicts', () => {
    const result = view({ assignments: [assignment(60, '2025-06-02', '2025-06-04')], timeOff: [{ engineerId: 'ada', from: '2025-06-05', to: '2025-06-06' }] });
    expect(result.engineers[0]!.conflicts).toEqual([]);
  });

  it('given an assignment without an id, then the conflict still names the project and date', () => {
    const { _id: _, ...anonymous } = assignment(60, '2025-06-02', '2025-06-03');
    const result = view({ assignments: [anonymous], timeOff: [{ engineerId: 'ada', from: '2025-06-02', to: '2025-06-02' }] });
    expect(result.engineers[0]!.conflicts).toEqual([{ projectId: 'p1', date: '2025-06-02', tentative: false }]);
  });
});

describe('part-timers (maxCapacity 50)', () => {
  const half = { ...ada, maxCapacity: 50 };
  const partTime = (allocation: number) =>
    capacityOverTime({ engineers: [half], assignments: [assignment(allocation, '2025-06-02', '2025-06-09')] }, WEEK).engineers[0]!.periods[0]!;

  it('given 30 % all week, then 250 capacity, 60 % utilised, optimal, 20 % of a day free', () => {
    expect(figures(partTime(30))).toEqual({ capacity: 250, booked: 150, tentative: 0, utilization: 60, status: 'optimal', free: 20 });
  });

  it('given 60 %, then overloaded against their own capacity', () => {
    expect(partTime(60).status).toBe('overloaded');
  });

  it('given 20 %, then underutilised (under half of 50)', () => {
    expect(partTime(20).status).toBe('underutilized');
  });

  it('given an engineer without any capacity (maxCapacity 0), then nothing is booked and every period is off', () => {
    const none = capacityOverTime({ engineers: [{ ...ada, maxCapacity: 0 }], assignments: [assignment(50, '2025-06-02', '2025-06-09')] }, WEEK);
    expect(figures(none.engineers[0]!.periods[0]!)).toEqual({ capacity: 0, booked: 0, tentative: 0, utilization: null, status: 'off', free: 0 });
  });

  it('given nothing booked, then 50 % of a day free', () => {
    expect(capacityOverTime({ engineers: [half], assignments: [] }, WEEK).engineers[0]!.periods[0]!.free).toBe(50);
  });
});

describe('which days an assignment is on: the day its start falls on through the day its end falls on, both included', () => {
  const onDays = (a: CapacityAssignment) =>
    periodsOf({ assignments: [a] }, { ...WEEK, step: 'day' })
      .filter((d) => d.booked > 0)
      .map((d) => d.key);

  it('given a start on Wednesday at midnight and an end on Friday at midnight, then Wednesday through Friday', () => {
    expect(onDays(assignment(100, '2025-06-04', '2025-06-06'))).toEqual(['2025-06-04', '2025-06-05', '2025-06-06']);
  });

  it('given a start on Wednesday at 09:00, then Wednesday counts (the day it falls on), through Friday (Saturday is off)', () => {
    expect(onDays(assignment(100, '2025-06-04T09:00:00.000Z', '2025-06-07'))).toEqual(['2025-06-04', '2025-06-05', '2025-06-06']);
  });

  it('given an end on Friday at 18:00, then Friday counts (the day the end falls on is the last day)', () => {
    expect(onDays(assignment(100, '2025-06-02', '2025-06-06T18:00:00.000Z'))).toEqual([
      '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06',
    ]);
  });

  it('given a start from Wednesday in a week view, then three days of load', () => {
    expect(onlyPeriod({ assignments: [assignment(100, '2025-06-04', '2025-06-30')] }).booked).toBe(300);
  });

  it('given an assignment within one day (09:00 to 17:00), then that day counts it', () => {
    expect(onDays(assignment(100, '2025-06-04T09:00:00.000Z', '2025-06-04T17:00:00.000Z'))).toEqual(['2025-06-04']);
  });

  it('given an end before the start or unreadable dates, then it is ignored', () => {
    expect(onDays(assignment(100, '2025-06-06', '2025-06-04'))).toEqual([]);
    expect(onDays(assignment(100, 'soon', 'later'))).toEqual([]);
  });

  it('given an assignment long before or after the range, then it is ignored', () => {
    expect(onDays(assignment(100, '2024-01-01', '2024-02-01'))).toEqual([]);
    expect(onDays(assignment(100, '2026-01-01', '2026-02-01'))).toEqual([]);
  });

  it('given the client\'s populated references, then they count like ids', () => {
    const populated = assignment(50, '2025-06-02', '2025-06-09', { engineerId: { _id: 'ada' }, projectId: { _id: 'p1' } });
    expect(onlyPeriod({ assignments: [populated] }).booked).toBe(250);
  });

  it('given an assignment of an engineer not in the view, then nobody\'s row changes', () => {
    const result = view({ assignments: [assignment(50, '2025-06-02', '2025-06-09', { engineerId: 'bob' })] });
    expect(result.engineers[0]!.periods[0]!.booked).toBe(0);
    expect(result.totals[0]!.confirmed).toBe(0);
  });
});

describe('a year end (ISO week 53, then week 1)', () => {
  const range: CapacityView = { from: '2026-12-21', to: '2027-01-10', step: 'week' };
  const holidays = [
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2027-01-01', name: 'New Year\'s Day' },
  ];
  const crossing = assignment(50, '2026-12-23', '2027-01-08');

  it('given weeks across the new year, then 2026-W52, 2026-W53 (Dec 28 to Jan 3), 2027-W01', () => {
    const weeks = periodsOf({ holidays, assignments: [crossing] }, range);
    expect(weeks.map((w) => [w.key, w.start, w.end, w.workingDays])).toEqual([
      ['2026-W52', '2026-12-21', '2026-12-27', 4],
      ['2026-W53', '2026-12-28', '2027-01-03', 4],
      ['2027-W01', '2027-01-04', '2027-01-10', 5],
    ]);
  });

  it('given an assignment from Dec 23 through Jan 8, then each week counts its own working days of it, the last day included', () => {
    const weeks = periodsOf({ holidays, assignments: [crossing] }, range);
    // W52: Wed 23, Thu 24 (Fri 25 a holiday); W53: Mon 28 to Thu 31 (Jan 1 a holiday); W01: Mon 4 through Fri 8.
    expect(weeks.map((w) => w.booked)).toEqual([100, 200, 250]);
    expect(weeks[1]!.holidays).toEqual([{ date: '2027-01-01', name: 'New Year\'s Day' }]);
  });

  it('given month steps, then December and January each get their part (Jan 4 through Fri Jan 8: five days)', () => {
    const months = periodsOf({ holidays, assignments: [crossing] }, { ...range, step: 'month' });
    expect(months.map((m) => [m.key, m.start, m.end, m.workingDays, m.booked])).toEqual([
      ['2026-12', '2026-12-21', '2026-12-31', 8, 300],
      ['2027-01', '2027-01-01', '2027-01-10', 5, 250],
    ]);
  });
});

describe('a clock change in the organisation\'s time zone (Europe/Berlin)', () => {
  const berlin = { timeZone: 'Europe/Berlin' };
  const spring: CapacityView = { from: '2025-03-24', to: '2025-04-06', step: 'week' };

  it('given a start at local midnight of the Monday after the spring change (22:00 UTC), then the whole week counts', () => {
    const weeks = periodsOf({ ...berlin, assignments: [assignment(100, '2025-03-30T22:00:00.000Z', '2025-04-30')] }, spring);
    expect(weeks.map((w) => w.booked)).toEqual([0, 500]);
  });

  it('given a start one hour later (23:00 UTC, 01:00 on Monday in Berlin), then it still begins on Monday, the day it falls on', () => {
    const weeks = periodsOf({ ...berlin, assignments: [assignment(100, '2025-03-30T23:00:00.000Z', '2025-04-30')] }, spring);
    expect(weeks.map((w) => w.booked)).toEqual([0, 500]);
  });

  it('given a start one hour earlier (21:00 UTC, 23:00 on Sunday in Berlin), then Sunday is its first day, off: the week still books five days', () => {
    const weeks = periodsOf({ ...berlin, assignments: [assignment(100, '2025-03-30T21:00:00.000Z', '2025-04-30')] }, spring);
    expect(weeks.map((w) => w.booked)).toEqual([0, 500]);
  });

  it('given an end at local midnight of Saturday before the change (23:00 UTC, winter time), then Saturday is its last day: the week\'s five days, nothing after', () => {
    const weeks = periodsOf({ ...berlin, assignments: [assignment(100, '2025-03-01', '2025-03-28T23:00:00.000Z')] }, spring);
    expect(weeks.map((w) => w.booked)).toEqual([500, 0]);
  });

  it('given an end at 22:30 UTC on Thursday, then in Berlin its last day is Friday and in UTC Thursday: the zone decides', () => {
    const a = assignment(100, '2025-03-31T08:00:00.000Z', '2025-04-03T22:30:00.000Z');
    expect(periodsOf({ ...berlin, assignments: [a] }, spring).map((w) => w.booked)).toEqual([0, 500]);
    expect(periodsOf({ assignments: [a] }, spring).map((w) => w.booked)).toEqual([0, 400]);
  });

  it('given an assignment from one local midnight (Mon 20, summer time) to the next Monday\'s local midnight across the autumn change (winter time), then that week and that Monday, its last day', () => {
    const autumn: CapacityView = { from: '2025-10-20', to: '2025-11-02', step: 'week' };
    const a = assignment(100, '2025-10-19T22:00:00.000Z', '2025-10-26T23:00:00.000Z');
    expect(periodsOf({ ...berlin, assignments: [a] }, autumn).map((w) => w.booked)).toEqual([500, 100]);
  });

  it('given an assignment from Monday\'s local midnight through Sunday\'s local midnight of the autumn change (22:00 UTC, still summer time), then exactly that week', () => {
    const autumn: CapacityView = { from: '2025-10-20', to: '2025-11-02', step: 'day' };
    const a = assignment(100, '2025-10-19T22:00:00.000Z', '2025-10-25T22:00:00.000Z');
    const days = periodsOf({ ...berlin, assignments: [a] }, autumn).filter((d) => d.booked > 0).map((d) => d.key);
    expect(days).toEqual(['2025-10-20', '2025-10-21', '2025-10-22', '2025-10-23', '2025-10-24']);
    // Read in UTC the same instants fall a day earlier: Sunday 19 (off) through Saturday 25 (off), the same five days.
    expect(periodsOf({ assignments: [a] }, autumn).filter((d) => d.booked > 0).map((d) => d.key)).toEqual(days);
  });

  it('given day steps over the spring change, then each date appears once and Sunday stays off', () => {
    const days = periodsOf({ ...berlin }, { from: '2025-03-29', to: '2025-04-01', step: 'day' });
    expect(days.map((d) => [d.key, d.workingDays])).toEqual([
      ['2025-03-29', 0],
      ['2025-03-30', 0],
      ['2025-03-31', 1],
      ['2025-04-01', 1],
    ]);
  });
});

describe('steps and ranges', () => {
  it('given month steps over June and July 2025, then 21 and 23 working days', () => {
    const months = periodsOf({ assignments: [assignment(50, '2025-06-01', '2025-08-01')] }, { from: '2025-06-01', to: '2025-07-31', step: 'month' });
    expect(months.map((m) => [m.key, m.start, m.end, m.workingDays, m.capacity, m.booked, m.utilization])).toEqual([
      ['2025-06', '2025-06-01', '2025-06-30', 21, 2100, 1050, 50],
      ['2025-07', '2025-07-01', '2025-07-31', 23, 2300, 1150, 50],
    ]);
  });

  it('given a range from a Wednesday to the next Tuesday, then each cut week counts only its days inside the range', () => {
    const weeks = periodsOf({ assignments: [assignment(100, '2025-06-01', '2025-06-30')] }, { from: '2025-06-04', to: '2025-06-10', step: 'week' });
    expect(weeks.map((w) => [w.key, w.start, w.end, w.workingDays, w.capacity, w.booked, w.free])).toEqual([
      ['2025-W23', '2025-06-04', '2025-06-08', 3, 300, 300, 0],
      ['2025-W24', '2025-06-09', '2025-06-10', 2, 200, 200, 0],
    ]);
  });

  it('given a range of one day, then one period of that day', () => {
    expect(periodsOf({}, { from: '2025-06-04', to: '2025-06-04', step: 'week' }).map((p) => [p.start, p.end, p.capacity])).toEqual([
      ['2025-06-04', '2025-06-04', 100],
    ]);
  });

  it('given a range that ends before it starts, then it throws (the input schema refuses it earlier)', () => {
    expect(() => view({}, { from: '2025-06-08', to: '2025-06-02', step: 'week' })).toThrow(RangeError);
  });
});

describe('tentative work', () => {
  const facts: Partial<CapacityFacts> = {
    assignments: [assignment(40, '2025-06-02', '2025-06-09'), assignment(50, '2025-06-02', '2025-06-09', { projectId: 'pipeline' })],
    tentativeProjectIds: new Set(['pipeline']),
  };

  it('given a tentative project, then its load is shown apart and not booked', () => {
    expect(figures(onlyPeriod(facts))).toEqual({ capacity: 500, booked: 200, tentative: 250, utilization: 40, status: 'underutilized', free: 60 });
  });

  it('given includeTentative, then booked, utilisation, status and free include it', () => {
    expect(figures(onlyPeriod(facts, { ...WEEK, includeTentative: true }))).toEqual({
      capacity: 500, booked: 450, tentative: 250, utilization: 90, status: 'optimal', free: 10,
    });
  });

  it('given includeTentative, then the totals still keep confirmed and tentative apart', () => {
    const totals = view(facts, { ...WEEK, includeTentative: true }).totals[0]!;
    expect(totals).toMatchObject({ capacity: 500, confirmed: 200, tentative: 250 });
  });

  it('given tentative work on days off, then it is not counted either', () => {
    const week = onlyPeriod({ ...facts, timeOff: [{ engineerId: 'ada', from: '2025-06-02', to: '2025-06-03' }] });
    expect(week).toMatchObject({ capacity: 300, booked: 120, tentative: 150 });
  });
});

describe('totals and placeholders', () => {
  const bob: CapacityEngineer = { _id: 'bob', name: 'Bob', maxCapacity: 50 };
  const placeholder = { projectId: 'p9', allocationPercentage: 50, startDate: '2025-06-04T00:00:00.000Z', endDate: '2025-06-30T00:00:00.000Z' };

  it('given two engineers, then the totals add up their capacity and confirmed load (Bob Mon through Wed at 50 %: 150)', () => {
    const result = capacityOverTime(
      {
        engineers: [ada, bob],
        assignments: [assignment(50, '2025-06-02', '2025-06-09'), assignment(50, '2025-06-02', '2025-06-04', { engineerId: 'bob' })],
        timeOff: [{ engineerId: 'bob', from: '2025-06-06', to: '2025-06-06' }],
      },
      WEEK,
    );
    expect(result.totals).toEqual([
      { key: '2025-W23', start: '2025-06-02', end: '2025-06-08', workingDays: 5, holidays: [], capacity: 700, confirmed: 400, tentative: 0, placeholder: 0 },
    ]);
  });

  it('given a placeholder from Wednesday, then it is demand in the totals and in no engineer\'s row', () => {
    const withPlaceholder = view({ placeholders: [placeholder], assignments: [assignment(50, '2025-06-02', '2025-06-09')] });
    const without = view({ assignments: [assignment(50, '2025-06-02', '2025-06-09')] });
    expect(withPlaceholder.totals[0]!.placeholder).toBe(150);
    expect(withPlaceholder.engineers).toEqual(without.engineers);
    expect(withPlaceholder.totals[0]!.confirmed).toBe(without.totals[0]!.confirmed);
  });

  it('given a holiday under a placeholder, then no demand that day', () => {
    const result = view({ placeholders: [placeholder], holidays: [{ date: '2025-06-05', name: 'Feast' }] });
    expect(result.totals[0]!.placeholder).toBe(100);
  });

  it('given no engineers, then the totals still show placeholder demand', () => {
    const result = capacityOverTime({ engineers: [], assignments: [], placeholders: [placeholder] }, { ...WEEK, step: 'day' });
    expect(result.totals.map((t) => t.placeholder)).toEqual([0, 0, 50, 50, 50, 0, 0]);
    expect(result.totals.every((t) => t.capacity === 0)).toBe(true);
  });
});

describe('peak utilisation and lowest free of a row', () => {
  it('given a light week and a heavy week, then the peak is the heavy one and min free the tightest', () => {
    const row = view(
      { assignments: [assignment(30, '2025-06-02', '2025-06-16'), assignment(90, '2025-06-09', '2025-06-14')] },
      { from: '2025-06-02', to: '2025-06-15', step: 'week' },
    ).engineers[0]!;
    expect(row.periods.map((p) => p.utilization)).toEqual([30, 120]);
    expect(row.peakUtilization).toBe(120);
    expect(row.minFree).toBe(-20);
  });

  it('given a view with only weekend days, then neither peak nor free exist', () => {
    const row = view({}, { from: '2025-06-07', to: '2025-06-08', step: 'day' }).engineers[0]!;
    expect(row.peakUtilization).toBeNull();
    expect(row.minFree).toBeNull();
  });
});

/*
 * Overloads show at every zoom. Every span here ends at a Saturday's midnight, or is checked on days
 * well inside it, so the figures hold whether a span's last day is the day before its end or its end.
 */
describe('overloads at every zoom: overloaded days and the highest day of a period', () => {
  const JUNE: CapacityView = { from: '2025-06-01', to: '2025-06-30', step: 'month' };
  const overload = (p: EngineerPeriod) => ({ utilization: p.utilization, status: p.status, overloadedDays: p.overloadedDays, peak: p.peak });
  // All of June at 80 %, from the Sunday before it to a Saturday after it.
  const june80 = assignment(80, '2025-06-01', '2025-07-05');

  it('given 80 % all June and 50 % more on one Friday, then June averages 82.4 % yet is overloaded on 1 day with a peak of 130 %', () => {
    const result = view({ assignments: [june80, assignment(50, '2025-06-13', '2025-06-14')] }, JUNE);
    const june = result.engineers[0]!.periods[0]!;
    expect(june.workingDays).toBe(21);
    expect(overload(june)).toEqual({ utilization: 82.4, status: 'overloaded', overloadedDays: 1, peak: 130 });
    expect(result.engineers[0]!.peakUtilization).toBe(130);
  });

  it('given 80 % all June and nothing more, then no day is over: optimal, peak 80 %', () => {
    expect(overload(onlyPeriod({ assignments: [june80] }, JUNE))).toEqual({ utilization: 80, status: 'optimal', overloadedDays: 0, peak: 80 });
  });

  it('given a day booked at exactly its capacity, then it is not over (above capacity is over, as the status rule says)', () => {
    const june = onlyPeriod({ assignments: [june80, assignment(20, '2025-06-13', '2025-06-14')] }, JUNE);
    expect(overload(june)).toEqual({ utilization: 81, status: 'optimal', overloadedDays: 0, peak: 100 });
  });

  it('given an overloaded week before the range and in its first days, then the period cut by the range counts only its days inside', () => {
    // 100 % all June, 20 % more Monday 2 to Friday 6; the range starts on Wednesday 4.
    const cut = periodsOf(
      { assignments: [assignment(100, '2025-06-01', '2025-07-05'), assignment(20, '2025-06-02', '2025-06-07')] },
      { from: '2025-06-04', to: '2025-06-10', step: 'week' },
    );
    expect(cut.map((w) => [w.key, w.workingDays, w.overloadedDays, w.peak, w.status])).toEqual([
      ['2025-W23', 3, 3, 120, 'overloaded'],
      ['2025-W24', 2, 0, 100, 'optimal'],
    ]);
  });

  it('given a month cut by the range, then its overloaded days are those inside the range', () => {
    // 130 % from Monday June 9 to Friday June 20 (ten working days); the range starts on Monday June 16.
    const months = periodsOf(
      { assignments: [june80, assignment(50, '2025-06-09', '2025-06-21')] },
      { from: '2025-06-16', to: '2025-07-31', step: 'month' },
    );
    expect(months.map((m) => [m.key, m.workingDays, m.overloadedDays, m.peak, m.status])).toEqual([
      ['2025-06', 11, 5, 130, 'overloaded'],
      // July has 80 % on its first four days only: under half on average, its peak still 80 %.
      ['2025-07', 23, 0, 80, 'underutilized'],
    ]);
  });

  it('given a part-timer (50 %) at 40 % all week and 20 % more on Thursday and Friday, then 2 days over their own capacity, peak 120 %', () => {
    const half = { ...ada, maxCapacity: 50 };
    const week = capacityOverTime(
      { engineers: [half], assignments: [assignment(40, '2025-06-02', '2025-06-07'), assignment(20, '2025-06-05', '2025-06-07')] },
      WEEK,
    ).engineers[0]!.periods[0]!;
    expect(overload(week)).toEqual({ utilization: 96, status: 'overloaded', overloadedDays: 2, peak: 120 });
  });

  it('given a work week with a short Friday (40 %) and 60 % booked all week, then Friday is over its own capacity though the week averages 68.2 %', () => {
    const shortFriday = { ...ada, workWeeks: [{ from: '2025-01-01', days: [100, 100, 100, 100, 40, 0, 0] }] };
    const week = capacityOverTime({ engineers: [shortFriday], assignments: [assignment(60, '2025-06-02', '2025-06-07')] }, WEEK).engineers[0]!.periods[0]!;
    expect(overload(week)).toEqual({ utilization: 68.2, status: 'overloaded', overloadedDays: 1, peak: 150 });
  });

  it('given extra work on a Friday that is a holiday, then nothing is over: a holiday has no capacity and its load does not count', () => {
    const extra = { assignments: [assignment(100, '2025-06-01', '2025-06-07'), assignment(50, '2025-06-06', '2025-06-07')] };
    expect(overload(onlyPeriod({ ...extra, holidays: [{ date: '2025-06-06', name: 'Founders Day' }] }))).toEqual({ utilization: 100, status: 'optimal', overloadedDays: 0, peak: 100 });
    expect(overload(onlyPeriod(extra))).toEqual({ utilization: 110, status: 'overloaded', overloadedDays: 1, peak: 150 });
  });

  it('given 120 % all week and Monday off, then the four days with capacity are over and the day off is not', () => {
    const week = onlyPeriod({ assignments: [assignment(120, '2025-06-01', '2025-06-07')], timeOff: [{ engineerId: 'ada', from: '2025-06-02', to: '2025-06-02' }] });
    expect(week).toMatchObject({ timeOffDays: 1, overloadedDays: 4, peak: 120 });
  });

  describe('tentative work, counted as booked is', () => {
    // 90 % confirmed all week, 20 % tentative on Thursday and Friday.
    const facts: Partial<CapacityFacts> = {
      assignments: [assignment(90, '2025-06-01', '2025-06-07'), assignment(20, '2025-06-05', '2025-06-07', { projectId: 'pipeline' })],
      tentativeProjectIds: ['pipeline'],
    };

    it('given tentative work not included, then no day is over: peak 90 %', () => {
      expect(overload(onlyPeriod(facts))).toEqual({ utilization: 90, status: 'optimal', overloadedDays: 0, peak: 90 });
    });

    it('given tentative work included, then Thursday and Friday are over at 110 % though the week averages 98 %', () => {
      expect(overload(onlyPeriod(facts, { ...WEEK, includeTentative: true }))).toEqual({ utilization: 98, status: 'overloaded', overloadedDays: 2, peak: 110 });
    });
  });

  it('given no capacity (the whole week off), then no overloaded day and no peak', () => {
    const week = onlyPeriod({ assignments: [assignment(150, '2025-06-01', '2025-06-07')], timeOff: [{ engineerId: 'ada', from: '2025-06-02', to: '2025-06-06' }] });
    expect(overload(week)).toEqual({ utilization: null, status: 'off', overloadedDays: 0, peak: null });
  });

  it('given day steps, then a day is over or not, and its peak is its utilisation', () => {
    const days = periodsOf({ assignments: [assignment(80, '2025-06-01', '2025-06-07'), assignment(50, '2025-06-04', '2025-06-05')] }, { ...WEEK, step: 'day' });
    const wednesday = days.find((d) => d.key === '2025-06-04')!;
    const monday = days.find((d) => d.key === '2025-06-02')!;
    expect(overload(wednesday)).toEqual({ utilization: 130, status: 'overloaded', overloadedDays: 1, peak: 130 });
    expect(overload(monday)).toEqual({ utilization: 80, status: 'optimal', overloadedDays: 0, peak: 80 });
    expect(days.every((d) => d.peak === d.utilization)).toBe(true);
  });

  it('given weeks with one day at 120 % in a week averaging 72 %, then the row\'s peak is that day, not the heaviest week (90 %)', () => {
    const row = view(
      { assignments: [assignment(90, '2025-06-01', '2025-06-07'), assignment(60, '2025-06-08', '2025-06-14'), assignment(60, '2025-06-13', '2025-06-14')] },
      { from: '2025-06-02', to: '2025-06-15', step: 'week' },
    ).engineers[0]!;
    expect(row.periods.map((p) => [p.utilization, p.peak, p.overloadedDays])).toEqual([[90, 90, 0], [72, 120, 1]]);
    expect(row.peakUtilization).toBe(120);
  });

  it('given a period over on some days, then it says how many of its days with capacity, and the highest day', () => {
    const june = onlyPeriod({ assignments: [june80, assignment(50, '2025-06-13', '2025-06-14')], timeOff: [{ engineerId: 'ada', from: '2025-06-02', to: '2025-06-03' }] }, JUNE);
    expect(overloadText(june)).toBe('over capacity on 1 of 19 days, peak 130%');
    expect(overloadText(onlyPeriod({ assignments: [june80] }, JUNE))).toBeNull();
  });

  it('given the totals, then they stay sums of capacity and load (no day figures)', () => {
    const totals = view({ assignments: [june80, assignment(50, '2025-06-13', '2025-06-14')] }, JUNE).totals[0]!;
    expect(totals).toEqual({ key: '2025-06', start: '2025-06-01', end: '2025-06-30', workingDays: 21, holidays: [], capacity: 2100, confirmed: 1730, tentative: 0, placeholder: 0 });
  });
});
