import { describe, expect, it } from 'vitest';
import { lockedWeekRefusal } from './lockedWeeks.ts';

// Mei's 2026-W49 (Mon Nov 30 - Sun Dec 6) is locked; her assignment ran Nov 2 - Dec 31 at 50 %.
const before = { engineerId: 'mei', projectId: 'p', allocationPercentage: 50, startDate: '2026-11-02T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z' };
const locked = new Map([['mei', ['2026-W49']]]);
const names = new Map([['mei', 'Mei Chen']]);

describe('the edit form says before saving when correcting the past too reaches a locked week', () => {
  it("names the week in the server's words when the allocation changes over it", () => {
    expect(lockedWeekRefusal(before, { ...before, allocationPercentage: 80 }, locked, names, 'UTC')).toMatch(/^The week of Nov 30, 2026 is locked for Mei Chen/);
  });

  it('says nothing when the week keeps its plan (a later end), or while the dates are not readable yet', () => {
    expect(lockedWeekRefusal(before, { ...before, endDate: '2027-01-29T00:00:00.000Z' }, locked, names, 'UTC')).toBeNull();
    expect(lockedWeekRefusal(before, { ...before, startDate: '' }, locked, names, 'UTC')).toBeNull();
  });
});
