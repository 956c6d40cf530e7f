import { describe, expect, it } from 'vitest';
import type { TimeOff } from '../../../../domain/entities.ts';
import { cancelTimeOffAction, timeOffSpan, upcomingTimeOff } from './timeOffRows.ts';

const booking = (id: string, engineerId: string, from: string, to: string): TimeOff => ({ _id: id, engineerId, from, to, kind: 'vacation', version: 2 });

describe('time off rows', () => {
  it('keeps someone\'s bookings that are not over, earliest first', () => {
    const list = [booking('c', 'e1', '2026-04-01', '2026-04-03'), booking('a', 'e1', '2026-02-01', '2026-02-03'), booking('b', 'e1', '2026-03-01', '2026-03-05'), booking('d', 'e2', '2026-03-01', '2026-03-02')];
    expect(upcomingTimeOff(list, 'e1', '2026-03-05').map((t) => t._id)).toEqual(['b', 'c']);
  });

  it('reads a span with its number of days', () => {
    expect(timeOffSpan({ from: '2026-03-02', to: '2026-03-06' })).toBe('Mar 02 - Mar 06, 2026 · 5 days');
    expect(timeOffSpan({ from: '2026-03-02', to: '2026-03-02' })).toBe('Mar 02, 2026 · 1 day');
  });

  it('cancels against the engineer\'s version, saying what in words', () => {
    expect(cancelTimeOffAction(booking('t1', 'e1', '2026-03-02', '2026-03-06'), { name: 'Priya Patel', version: 9 })).toEqual({
      kind: 'cancelTimeOff', id: 't1', version: 9, label: "Cancel Priya Patel's vacation from Mar 02, 2026 to Mar 06, 2026",
      before: { from: '2026-03-02', to: '2026-03-06', kind: 'vacation' }, changes: null,
    });
  });
});
