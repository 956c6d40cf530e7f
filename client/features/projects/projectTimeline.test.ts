import { describe, expect, it } from 'vitest';
import { barOf, daysDragged, draggedDates, timelineAxis, todayX, weekLabel } from './projectTimeline.ts';

const a = { startDate: '2026-03-04T00:00:00.000Z', endDate: '2026-03-18T00:00:00.000Z' };
const project = { startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-04-30T00:00:00.000Z' };

describe('the project timeline', () => {
  it('runs in whole weeks from the Monday on or before the earliest date to the week after the latest', () => {
    const axis = timelineAxis([project, a, { startDate: '2026-02-25T00:00:00.000Z', endDate: '2026-03-01T00:00:00.000Z' }], 'UTC', 10);
    expect(weekLabel(axis.firstDay)).toBe('Feb 23');
    expect(axis.weeks[0]).toEqual({ day: axis.firstDay, left: 0, label: 'Feb 23' });
    expect(axis.weeks.at(-1)!.label).toBe('May 04');
    expect(axis.width).toBe((axis.endDay - axis.firstDay) * 10);
  });

  it('places a bar from its first day through its last (Mar 4 through Mar 18: 15 days)', () => {
    const axis = timelineAxis([project], 'UTC', 10);
    expect(barOf(axis, a, 'UTC')).toEqual({ left: 20, width: 150 });
  });

  it('turns pixels into whole days, and days into dates: a move shifts both, a resize keeps one day (start day = end day)', () => {
    expect(daysDragged({ dayWidth: 10 }, 26)).toBe(3);
    expect(daysDragged({ dayWidth: 10 }, -14)).toBe(-1);
    expect(draggedDates(a, 'move', 7, 'UTC')).toEqual({ startDate: '2026-03-11T00:00:00.000Z', endDate: '2026-03-25T00:00:00.000Z' });
    expect(draggedDates(a, 'end', -30, 'UTC')).toEqual({ startDate: a.startDate, endDate: '2026-03-04T00:00:00.000Z' });
    expect(draggedDates(a, 'start', 30, 'UTC')).toEqual({ startDate: '2026-03-18T00:00:00.000Z', endDate: a.endDate });
  });

  it("keeps local midnight across a clock change in the organisation's time zone", () => {
    const berlin = { startDate: '2026-03-22T23:00:00.000Z', endDate: '2026-04-05T22:00:00.000Z' };
    expect(draggedDates(berlin, 'move', 7, 'Europe/Berlin')).toEqual({ startDate: '2026-03-29T22:00:00.000Z', endDate: '2026-04-12T22:00:00.000Z' });
  });

  it('marks today when it is on the axis', () => {
    const axis = timelineAxis([project], 'UTC', 10);
    expect(todayX(axis, new Date('2026-03-04T12:00:00Z'), 'UTC')).toBe(20);
    expect(todayX(axis, new Date('2027-01-01T12:00:00Z'), 'UTC')).toBeNull();
  });
});
