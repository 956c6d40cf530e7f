import { describe, expect, it } from 'vitest';
import type { CapacityFacts } from './capacity-over-time.ts';
import type { CapacityAssignment } from './inputs.ts';
import { changeWindow, overloadsOfChanges } from './overloads.ts';

// Spans end on a Saturday, so their last day is not a working day whether or not it counts.
const work = (_id: string, engineerId: string, allocationPercentage: number, startDate: string, endDate: string, projectId = 'p'): CapacityAssignment => ({
  _id, engineerId, projectId, allocationPercentage, startDate: `${startDate}T00:00:00.000Z`, endDate: `${endDate}T00:00:00.000Z`,
});

// Jordan: 60 % in the week of Jan 4 2027 and the week of Jan 11; Jan 6 is a holiday.
const base: CapacityFacts = {
  engineers: [{ _id: 'jordan', name: 'Jordan', maxCapacity: 100 }, { _id: 'sam', name: 'Sam', maxCapacity: 100 }],
  assignments: [work('a1', 'jordan', 60, '2027-01-04', '2027-01-16'), work('s1', 'sam', 100, '2027-01-04', '2027-01-16')],
  holidays: [{ date: '2027-01-06', name: 'Epiphany' }],
};

describe('overloadsOfChanges: the days a write raises above capacity, and the peak', () => {
  it('given new work at 50 % over the first week, then the working days of that week at 110 %, the holiday left out', () => {
    const fill = work('new', 'jordan', 50, '2027-01-04', '2027-01-09');
    expect(overloadsOfChanges(base, [{ before: null, after: fill }])).toEqual([
      { engineerId: 'jordan', days: ['2027-01-04', '2027-01-05', '2027-01-07', '2027-01-08'], peak: 110 },
    ]);
  });

  it('given new work that still fits, then nothing', () => {
    expect(overloadsOfChanges(base, [{ before: null, after: work('new', 'jordan', 40, '2027-01-04', '2027-01-16') }])).toEqual([]);
  });

  it('given the facts already hold the write (as the server reads them after it), then the same answer', () => {
    const fill = work('new', 'jordan', 50, '2027-01-04', '2027-01-09');
    const after = { ...base, assignments: [...base.assignments, fill] };
    expect(overloadsOfChanges(after, [{ before: null, after: fill }])).toEqual(overloadsOfChanges(base, [{ before: null, after: fill }]));
  });

  it('given someone already overloaded, then lowering their work worsens nothing, raising it names the days it made worse', () => {
    const over = { ...base, assignments: [...base.assignments, work('s2', 'sam', 20, '2027-01-04', '2027-01-16')] };
    const s1 = over.assignments[1]!;
    expect(overloadsOfChanges(over, [{ before: s1, after: { ...s1, allocationPercentage: 90 } }])).toEqual([]);
    const raised = overloadsOfChanges(over, [{ before: s1, after: { ...s1, allocationPercentage: 110 } }]);
    expect(raised).toEqual([{ engineerId: 'sam', days: expect.any(Array), peak: 130 }]);
    expect(raised[0]!.days).toHaveLength(9);
  });

  it('given a move onto someone else, then only the one it lands on is named', () => {
    const a1 = base.assignments[0]!;
    expect(overloadsOfChanges(base, [{ before: a1, after: { ...a1, engineerId: 'sam' } }]).map((o) => [o.engineerId, o.peak])).toEqual([['sam', 160]]);
  });

  it('given a part-timer, then their own capacity is the line', () => {
    const half = { ...base, engineers: [{ _id: 'dee', name: 'Dee', maxCapacity: 50 }], assignments: [] };
    expect(overloadsOfChanges(half, [{ before: null, after: work('d', 'dee', 60, '2027-01-11', '2027-01-16') }])).toEqual([
      { engineerId: 'dee', days: ['2027-01-11', '2027-01-12', '2027-01-13', '2027-01-14', '2027-01-15'], peak: 120 },
    ]);
  });

  it('judges a write over the days of both its states, the day its last one ends on included', () => {
    const a1 = base.assignments[0]!;
    expect(changeWindow([{ before: a1, after: { ...a1, startDate: '2027-02-01T00:00:00.000Z', endDate: '2027-02-06T00:00:00.000Z' } }], 'UTC'))
      .toEqual({ from: '2027-01-04', to: '2027-02-06' });
    expect(changeWindow([], 'UTC')).toBeNull();
  });
});
