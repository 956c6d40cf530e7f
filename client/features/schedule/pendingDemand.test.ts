import { describe, expect, it } from 'vitest';
import { scheduleAxis } from '../../components/grid/axis.ts';
import { type StaffingView } from '../planning/index.ts';
import { pendingByEngineer, pendingRoles } from './pendingDemand.ts';

// Three weeks of 70 px: 10 px a day, from Monday 2026-11-23.
const axis = scheduleAxis([
  { start: '2026-11-23', end: '2026-11-29' }, { start: '2026-11-30', end: '2026-12-06' }, { start: '2026-12-07', end: '2026-12-13' },
], 70);
const request = (over: Partial<StaffingView>): StaffingView => ({
  _id: 'r1', projectId: 'p1', engineerId: 'mei', placeholderId: null, role: 'Data', allocationPercentage: 30, startDate: '2026-11-30T00:00:00.000Z',
  endDate: '2026-12-04T00:00:00.000Z', note: '', requestedBy: 'u1', state: 'open', version: 1, projectName: 'Ledger', engineerName: 'Mei Chen',
  requestedByName: 'Chris Okafor', mine: false, canAnswer: true, ...over,
} as StaffingView);

describe('pending demand on the schedule', () => {
  it("puts an open request on the person's row over its days, the last day included", () => {
    const bars = pendingByEngineer([request({})], axis, 'UTC').get('mei')!;
    // Monday 30 Nov is day 7 of the axis (70 px); through Friday 4 Dec is five days (50 px).
    expect(bars.map(({ left, width }) => [left, width])).toEqual([[70, 50]]);
    expect(bars[0]!.label).toBe('Pending staffing request: Ledger at 30% from 2026-11-30 to 2026-12-04, asked by Chris Okafor');
  });

  it('leaves out answered requests, requests for a role with nobody named, and requests outside the window', () => {
    const by = pendingByEngineer([
      request({ _id: 'a', state: 'approved' }), request({ _id: 'd', state: 'declined' }), request({ _id: 'w', state: 'withdrawn' }),
      request({ _id: 'role', engineerId: null }), request({ _id: 'late', startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-01-08T00:00:00.000Z' }),
      request({ _id: 'p', state: 'proposed', engineerId: 'elena' }),
    ], axis, 'UTC');
    expect([...by.keys()]).toEqual(['elena']);
  });

  it('puts an open request for a role with nobody named above the people; one from an open role shows as that open role', () => {
    const roles = pendingRoles([
      request({ _id: 'qa', engineerId: null, role: 'QA' }), request({ _id: 'from-role', engineerId: null, placeholderId: 'ph1' }), request({ _id: 'named' }),
    ], axis, 'UTC');
    expect(roles.map((r) => [r.id, r.role, r.left, r.width])).toEqual([['qa', 'QA', 70, 50]]);
  });
});
