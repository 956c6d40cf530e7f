import { describe, expect, it } from 'vitest';
import { clampDays, draggedDates, shiftByDays } from './drag.ts';

const a = { startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-03-16T00:00:00.000Z' }; // 15 days, both ends included

describe('dragging a bar', () => {
  it('moves both dates by whole days', () => {
    expect(draggedDates(a, 'move', 14, 'UTC')).toEqual({ startDate: '2026-03-16T00:00:00.000Z', endDate: '2026-03-30T00:00:00.000Z' });
    expect(draggedDates(a, 'move', -3, 'UTC')).toEqual({ startDate: '2026-02-27T00:00:00.000Z', endDate: '2026-03-13T00:00:00.000Z' });
  });

  it('resizes from either edge, keeping at least one day (its start day on its end day)', () => {
    expect(draggedDates(a, 'end', 7, 'UTC')).toEqual({ startDate: a.startDate, endDate: '2026-03-23T00:00:00.000Z' });
    expect(draggedDates(a, 'start', -2, 'UTC')).toEqual({ startDate: '2026-02-28T00:00:00.000Z', endDate: a.endDate });
    expect(draggedDates(a, 'start', 30, 'UTC')).toEqual({ startDate: '2026-03-16T00:00:00.000Z', endDate: a.endDate });
    expect(draggedDates(a, 'end', -30, 'UTC')).toEqual({ startDate: a.startDate, endDate: '2026-03-02T00:00:00.000Z' });
    expect(clampDays(a, 'move', -30, 'UTC')).toBe(-30);
  });

  it('keeps the wall-clock time across a clock change of the organisation', () => {
    // Berlin midnight before (UTC+1) and after (UTC+2) the change of 2026-03-29.
    expect(shiftByDays('2026-03-26T23:00:00.000Z', 7, 'Europe/Berlin')).toBe('2026-04-02T22:00:00.000Z');
    expect(shiftByDays('2026-04-02T22:00:00.000Z', -7, 'Europe/Berlin')).toBe('2026-03-26T23:00:00.000Z');
    expect(shiftByDays('2026-03-26T09:30:00.000Z', 1, 'UTC')).toBe('2026-03-27T09:30:00.000Z');
  });
});
