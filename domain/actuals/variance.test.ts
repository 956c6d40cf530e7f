import { describe, expect, it } from 'vitest';
import type { CapacityAssignment, CapacityEngineer } from '../capacity/inputs.ts';
import { plannedHours } from './planned.ts';
import { actualsVariance, recordedShare, type RecordedWeek, viewWeeks } from './variance.ts';
import { weekDates } from './weeks.ts';

// November 2026: Sunday 1st; weeks W45 (Nov 02-08) to W48 (Nov 23-29); W49 runs Nov 30 - Dec 06.
const TODAY = '2026-12-06';
const sam: CapacityEngineer = { _id: 'sam', name: 'Sam', maxCapacity: 100 };
// Half a day from well before to well after every range here: neither end is inside a range, so the
// figures do not depend on whether a span's last day is worked.
const portal: CapacityAssignment = {
  _id: 'a1', engineerId: 'sam', projectId: 'portal', allocationPercentage: 50, startDate: '2026-09-01T00:00:00.000Z', endDate: '2027-03-01T00:00:00.000Z',
};
/** Sam recorded 40 hours on Portal in every week. */
const recorded = (weeks: string[]): RecordedWeek[] => weeks.map((week) => ({ engineerId: 'sam', week, entries: [{ projectId: 'portal', hours: 40 }], recorded: true }));

/** The variance over from..to as GET /api/actuals works it out, for Sam alone. */
function variance(from: string, to: string, step: 'week' | 'month', today = TODAY, facts: Parameters<typeof plannedHours>[0] = { engineers: [sam], assignments: [portal] }) {
  const view = viewWeeks(from, to, today)!;
  const cut = plannedHours(facts, { from: view.from, to: view.to, step: 'week' }, 8);
  const whole = view.weeks.map((w) => plannedHours(facts, { ...weekDates(w.week), step: 'week' }, 8).countedDays.get('sam')![0]!);
  const shareOf = (engineerId: string, w: number) => recordedShare(view.weeks[w]!, cut.countedDays.get(engineerId)![w]!, whole[w]!);
  return actualsVariance({ weeks: view.weeks, step, by: 'engineer', planned: cut.cells, actuals: recorded(view.weeks.map((w) => w.week)), nameOf: (id) => id, shareOf });
}

describe('the weeks a range counts', () => {
  it('cuts the weeks at both ends of the range to its days, and counts nothing after today', () => {
    const view = viewWeeks('2026-11-04', '2026-12-20', TODAY)!;
    expect(view.from).toBe('2026-11-04');
    expect(view.to).toBe(TODAY);
    expect(view.weeks.map((w) => [w.week, w.start, w.end, w.whole, w.toDate])).toEqual([
      ['2026-W45', '2026-11-04', '2026-11-08', false, false],
      ['2026-W46', '2026-11-09', '2026-11-15', true, false],
      ['2026-W47', '2026-11-16', '2026-11-22', true, false],
      ['2026-W48', '2026-11-23', '2026-11-29', true, false],
      ['2026-W49', '2026-11-30', '2026-12-06', true, true],
    ]);
  });

  it('a week today is in counts to date, even when the range ends before today', () => {
    const view = viewWeeks('2026-11-01', '2026-12-05', TODAY)!;
    expect(view.weeks.at(-1)).toEqual({ week: '2026-W49', start: '2026-11-30', end: '2026-12-05', whole: false, toDate: true });
    // The range starts on a Sunday: of its week, that Sunday alone.
    expect(view.weeks[0]).toEqual({ week: '2026-W44', start: '2026-11-01', end: '2026-11-01', whole: false, toDate: false });
    expect(viewWeeks('2027-01-04', '2027-01-10', TODAY)).toBeNull();
  });

  it('shares a recorded week out by the counted days inside the view, or by calendar days when it had none', () => {
    const cut = { week: '2026-W45', start: '2026-11-04', end: '2026-11-08', whole: false, toDate: false };
    expect(recordedShare(cut, 3, 5)).toBe(0.6);
    expect(recordedShare({ ...cut, whole: true }, 3, 5)).toBe(1);
    expect(recordedShare(cut, 0, 0)).toBe(5 / 7);
  });
});

describe('planned beside actual hours over a range that cuts weeks', () => {
  it('a range starting mid-week counts that week from its first day: Wednesday to Friday of a half-time week', () => {
    const { periods, rows } = variance('2026-11-04', '2026-11-15', 'week');
    expect(periods).toEqual([
      { key: '2026-W45', start: '2026-11-04', end: '2026-11-08', toDate: false },
      { key: '2026-W46', start: '2026-11-09', end: '2026-11-15', toDate: false },
    ]);
    // Planned: 3 days x 4 h, then 5 x 4. Recorded 40 h a week: 3 of its 5 working days are in view.
    expect(rows[0]!.periods.map((c) => [c.plannedHours, c.actualHours])).toEqual([[12, 24], [20, 40]]);
    expect(rows[0]).toMatchObject({ plannedHours: 32, actualHours: 64, varianceHours: 32 });
  });

  it('a range ending mid-week counts that week up to its last day', () => {
    const { periods, rows } = variance('2026-11-09', '2026-11-18', 'week');
    expect(periods.map((p) => [p.key, p.start, p.end])).toEqual([['2026-W46', '2026-11-09', '2026-11-15'], ['2026-W47', '2026-11-16', '2026-11-18']]);
    expect(rows[0]!.periods.map((c) => [c.plannedHours, c.actualHours])).toEqual([[20, 40], [12, 24]]);
  });

  it('a week cut by a holiday inside the range shares its hours by the working days the engineer had', () => {
    // Thursday Nov 05 is a holiday: W45 has 4 working days, 2 of them (Wed and Fri) inside the range.
    const facts = { engineers: [sam], assignments: [portal], holidays: [{ date: '2026-11-05', name: 'Founders day' }] };
    const { rows } = variance('2026-11-04', '2026-11-08', 'week', TODAY, facts);
    expect(rows[0]!.periods.map((c) => [c.plannedHours, c.actualHours])).toEqual([[8, 20]]);
  });

  it('a month from its 1st (a Sunday) to its 30th (a Monday) is its own days: not the October days of its first week, and one day of the next', () => {
    const byMonth = variance('2026-11-01', '2026-11-30', 'month');
    // Its last day is in the week not over yet, whose recorded hours may still grow: to date.
    expect(byMonth.periods).toEqual([{ key: '2026-11', start: '2026-11-01', end: '2026-11-30', toDate: true }]);
    // 21 working days in November 2026 at 4 h; recorded: 4 whole weeks (160 h) and 1 day of W49's 5 (8 h).
    expect(byMonth.rows[0]).toMatchObject({ plannedHours: 84, actualHours: 168 });
    const byWeek = variance('2026-11-01', '2026-11-30', 'week');
    expect(byWeek.periods.map((p) => p.key)).toEqual(['2026-W44', '2026-W45', '2026-W46', '2026-W47', '2026-W48', '2026-W49']);
    expect(byWeek.rows[0]!.periods.map((c) => [c.plannedHours, c.actualHours])).toEqual([[0, 0], [20, 40], [20, 40], [20, 40], [20, 40], [4, 8]]);
  });

  it('the Report\'s default range (five weeks to yesterday, from a Sunday) counts Nov 02 to Dec 05, its last week to date', () => {
    const { periods, rows } = variance('2026-11-01', '2026-12-05', 'week');
    expect(periods.at(-1)).toEqual({ key: '2026-W49', start: '2026-11-30', end: '2026-12-05', toDate: true });
    // Whole weeks from Oct 26 to Dec 06 were 6 x 20 = 120 h; the range holds 25 working days: 100 h.
    expect(rows[0]!.plannedHours).toBe(100);
  });
});
