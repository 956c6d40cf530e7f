import { describe, expect, it } from 'vitest';
import { dayOfDate } from '../../../domain/capacity/calendar-days.ts';
import { barGeometry, dayAtX, daysDragged, daysOffGeometry, fittedColumnWidth, scheduleAxis, xOfDay } from './axis.ts';

const day = dayOfDate;
const weeks = scheduleAxis(
  [
    { start: '2026-03-02', end: '2026-03-08' },
    { start: '2026-03-09', end: '2026-03-15' },
    { start: '2026-03-16', end: '2026-03-22' },
    { start: '2026-03-23', end: '2026-03-29' },
  ],
  70,
);
const months = scheduleAxis(
  [
    { start: '2026-02-01', end: '2026-02-28' },
    { start: '2026-03-01', end: '2026-03-31' },
  ],
  100,
);

describe('the schedule axis', () => {
  it('gives a day a seventh of a week column, and a month column its own number of days', () => {
    expect(weeks.width).toBe(280);
    expect(xOfDay(weeks, day('2026-03-09'))).toBe(70);
    expect(xOfDay(weeks, day('2026-03-12'))).toBe(100);
    expect(xOfDay(months, day('2026-02-15'))).toBe(50);
    expect(xOfDay(months, day('2026-03-16'))).toBeCloseTo(100 + (15 / 31) * 100);
    expect(xOfDay(weeks, day('2026-01-01'))).toBe(0);
    expect(xOfDay(weeks, day('2026-05-01'))).toBe(280);
  });

  it('snaps a position to the nearest day boundary', () => {
    expect(dayAtX(weeks, 104)).toBe(day('2026-03-12'));
    expect(dayAtX(weeks, 106)).toBe(day('2026-03-13'));
    expect(dayAtX(months, 50)).toBe(day('2026-02-15'));
  });

  it('turns a drag into whole days: two week columns are fourteen days', () => {
    expect(daysDragged(weeks, day('2026-03-04'), 140)).toBe(14);
    expect(daysDragged(weeks, day('2026-03-04'), -9)).toBe(-1);
    expect(daysDragged(weeks, day('2026-03-04'), 4)).toBe(0);
  });

  it('places a bar on the days the capacity model counts, clipped at the edges', () => {
    // From Wednesday 09:00 the first day is that Wednesday; ending Friday 00:00 the last is that Friday (both included).
    const bar = barGeometry({ startDate: '2026-03-11T09:00:00.000Z', endDate: '2026-03-20T00:00:00.000Z' }, weeks, 'UTC')!;
    expect(bar).toMatchObject({ left: 90, width: 100, startDay: day('2026-03-11'), endDay: day('2026-03-21'), clippedStart: false, clippedEnd: false });
    const long = barGeometry({ startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z' }, weeks, 'UTC')!;
    expect(long).toMatchObject({ left: 0, width: 280, clippedStart: true, clippedEnd: true });
    expect(barGeometry({ startDate: '2026-04-01T00:00:00.000Z', endDate: '2026-05-01T00:00:00.000Z' }, weeks, 'UTC')).toBeNull();
    // Midnight in Berlin is 23:00 UTC the day before: Monday 9th through Monday 16th there, eight days.
    expect(barGeometry({ startDate: '2026-03-08T23:00:00.000Z', endDate: '2026-03-15T23:00:00.000Z' }, weeks, 'Europe/Berlin')).toMatchObject({ left: 70, width: 80 });
    // A one-day span is one day wide.
    expect(barGeometry({ startDate: '2026-03-11T00:00:00.000Z', endDate: '2026-03-11T00:00:00.000Z' }, weeks, 'UTC')).toMatchObject({ left: 90, width: 10 });
  });

  it('places days off with both dates included', () => {
    expect(daysOffGeometry({ from: '2026-03-16', to: '2026-03-20' }, weeks)).toMatchObject({ left: 140, width: 50 });
  });
});

describe('column widths', () => {
  it('fill the room beside the names, between the narrowest and twice that', () => {
    expect(fittedColumnWidth(1100, 248, 12, 60)).toBe(71);
    expect(fittedColumnWidth(1100, 248, 4, 60)).toBe(120);
    expect(fittedColumnWidth(1100, 248, 26, 60)).toBe(60);
    expect(fittedColumnWidth(0, 248, 12, 60)).toBe(60);
    // Three months fill the room beside the names, where they used to stop at 192 px and leave a third of it empty.
    expect(fittedColumnWidth(1100, 248, 3, 96, Number.POSITIVE_INFINITY)).toBe(284);
    expect(fittedColumnWidth(1100, 248, 3, 96)).toBe(192);
  });
});
