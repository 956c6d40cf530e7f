import { describe, expect, it } from 'vitest';
import { answerCapacityQuery } from '../../../domain/capacity/query.ts';
import { capacityQueryInput } from '../../../domain/capacity/inputs.ts';
import { weekLoad, weekTitle } from './weekLoad.ts';

/**
 * A part-timer at 54 % with 100 % of confirmed work, and a tentative project beside it: the schedule's
 * week column reads 185 % for them. The dashboard's figure is that figure, for that week, not today's
 * allocation against maxCapacity ('100 % of 54 %').
 */
const engineer = { _id: 'e1', name: 'Noor Haddad', email: 'noor@x.test', department: 'Eng', seniority: 'mid' as const, skills: [], maxCapacity: 54 };
const facts = {
  engineers: [engineer],
  assignments: [
    { engineerId: 'e1', projectId: 'p1', allocationPercentage: 100, startDate: '2026-11-01T00:00:00.000Z', endDate: '2027-01-01T00:00:00.000Z' },
    { engineerId: 'e1', projectId: 'pipeline', allocationPercentage: 40, startDate: '2026-11-01T00:00:00.000Z', endDate: '2027-01-01T00:00:00.000Z' },
  ],
  tentativeProjectIds: ['pipeline'],
  timeOff: [],
  holidays: [],
  placeholders: [],
};
const weekOf = (extra: Partial<typeof facts> = {}) =>
  answerCapacityQuery({ ...facts, ...extra }, capacityQueryInput.parse({ from: '2026-11-23', to: '2026-11-29', step: 'week' }), 'UTC').rows[0]!.periods[0];

describe("the manager dashboard's load of an engineer", () => {
  it("is the schedule's week figure: confirmed work against this week's capacity, rounded as the cell is", () => {
    expect(weekLoad(weekOf())).toEqual({ text: '185%', detail: 'Booked 5 of 2.7 days', status: 'overloaded', value: 185.2, over: 'Over capacity on 5 of 5 days, peak 185.2%' });
  });

  it('marks a week over capacity on some day though its average is under 100 %, and says which days and the peak', () => {
    // 50 % all week, 6 % more on Thursday and Friday (a part-timer at 54 %): 103.7 % on those days.
    // The extra work ends at Saturday's midnight: Saturday is no working day however a last day is read.
    const some = weekOf({
      assignments: [
        { engineerId: 'e1', projectId: 'p1', allocationPercentage: 50, startDate: '2026-11-01T00:00:00.000Z', endDate: '2027-01-01T00:00:00.000Z' },
        { engineerId: 'e1', projectId: 'p2', allocationPercentage: 6, startDate: '2026-11-26T00:00:00.000Z', endDate: '2026-11-28T00:00:00.000Z' },
      ],
    });
    const load = weekLoad(some)!;
    expect(load.value).toBeLessThan(100);
    expect(load).toMatchObject({ status: 'overloaded', over: 'Over capacity on 2 of 5 days, peak 103.7%' });
  });

  it('takes time off out of the capacity it is measured against, and reads Off without any', () => {
    const twoDaysOff = [{ _id: 't1', engineerId: 'e1', from: '2026-11-23', to: '2026-11-24', kind: 'vacation' }];
    expect(weekLoad(weekOf({ timeOff: twoDaysOff as never }))).toMatchObject({ text: '185%', detail: 'Booked 3 of 1.6 days' });
    const allWeek = [{ _id: 't1', engineerId: 'e1', from: '2026-11-23', to: '2026-11-27', kind: 'vacation' }];
    expect(weekLoad(weekOf({ timeOff: allWeek as never }))).toEqual({ text: 'Off', detail: '5 days off', status: 'off', value: -1, over: null });
  });

  it('waits for the answer, and names the week it is for', () => {
    expect(weekLoad(undefined)).toBeNull();
    expect(weekTitle({ from: '2026-11-23', to: '2026-11-29' })).toBe('Week of Nov 23 - Nov 29');
  });
});
