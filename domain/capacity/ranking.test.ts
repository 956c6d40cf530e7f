import { describe, expect, it } from 'vitest';
import type { CapacityFacts } from './capacity-over-time.ts';
import type { CapacityEngineer } from './inputs.ts';
import { availableEngineers, compareCapacityRows, freeInEveryPeriod } from './ranking.ts';

const engineer = (_id: string, name: string, maxCapacity = 100): CapacityEngineer => ({ _id, name, maxCapacity });
const row = (e: CapacityEngineer, peakUtilization: number | null, minFree: number | null) => ({
  engineer: e,
  periods: [],
  conflicts: [],
  peakUtilization,
  minFree,
});

const zoe = row(engineer('z', 'Zoe'), 120, -20);
const ann = row(engineer('a', 'Ann'), 40, 60);
const max = row(engineer('m', 'Max'), 90, 10);
const off = row(engineer('o', 'Olga'), null, null);
const names = (rows: readonly { engineer: CapacityEngineer }[]) => rows.map((r) => r.engineer.name);

describe('compareCapacityRows', () => {
  it('given sort by peak, then the most loaded first and a row without any capacity last', () => {
    expect(names([ann, off, zoe, max].sort(compareCapacityRows('peak')))).toEqual(['Zoe', 'Max', 'Ann', 'Olga']);
  });

  it('given sort by free, then the freest tightest period first', () => {
    expect(names([zoe, off, max, ann].sort(compareCapacityRows('free')))).toEqual(['Ann', 'Max', 'Zoe', 'Olga']);
  });

  it('given sort by name, then A to Z', () => {
    expect(names([zoe, max, off, ann].sort(compareCapacityRows('name')))).toEqual(['Ann', 'Max', 'Olga', 'Zoe']);
  });

  it('given equal figures, then by name, and namesakes by id so pages stay stable', () => {
    const twin1 = row(engineer('t2', 'Tom'), 50, 50);
    const twin2 = row(engineer('t1', 'Tom'), 50, 50);
    const bea = row(engineer('b', 'Bea'), 50, 50);
    expect([twin1, bea, twin2].sort(compareCapacityRows('peak')).map((r) => r.engineer._id)).toEqual(['b', 't1', 't2']);
  });
});

describe('freeInEveryPeriod', () => {
  it('given minFree 10, then only rows whose tightest period has at least 10 % free, most free first', () => {
    expect(freeInEveryPeriod([zoe, max, off, ann], 10).map((r) => [r.engineer.name, r.lowestFree])).toEqual([
      ['Ann', 60],
      ['Max', 10],
    ]);
  });
});

describe('availableEngineers: at least minFree % free in every week of a range', () => {
  // Three weeks from Monday 2025-06-02; Bea is busy in the second week only, Cy has the third week off.
  const facts: CapacityFacts = {
    engineers: [engineer('ann', 'Ann'), engineer('bea', 'Bea'), engineer('cy', 'Cy'), engineer('dee', 'Dee', 50)],
    assignments: [
      { engineerId: 'ann', projectId: 'p', allocationPercentage: 20, startDate: '2025-06-02T00:00:00.000Z', endDate: '2025-06-23T00:00:00.000Z' },
      { engineerId: 'bea', projectId: 'p', allocationPercentage: 80, startDate: '2025-06-09T00:00:00.000Z', endDate: '2025-06-14T00:00:00.000Z' },
      { engineerId: 'cy', projectId: 'win', allocationPercentage: 60, startDate: '2025-06-02T00:00:00.000Z', endDate: '2025-06-07T00:00:00.000Z' },
    ],
    tentativeProjectIds: ['win'],
    timeOff: [{ engineerId: 'cy', from: '2025-06-16', to: '2025-06-20' }],
  };
  const range = { from: '2025-06-02', to: '2025-06-22' };

  it('given minFree 50, then Ann (80 free every week) and Dee (a part-timer with 50 free), not Bea nor Cy', () => {
    expect(availableEngineers(facts, { ...range, minFree: 50 }).map((a) => [a.engineer._id, a.lowestFree])).toEqual([
      ['ann', 80],
      ['dee', 50],
    ]);
  });

  it('given minFree 20, then Bea joins with her tightest week (20 % free); Cy only comes in at 0, since a week off leaves 0 % free', () => {
    expect(availableEngineers(facts, { ...range, minFree: 20 }).map((a) => a.engineer._id)).toEqual(['ann', 'dee', 'bea']);
    expect(availableEngineers(facts, { ...range, minFree: 0 }).map((a) => [a.engineer._id, a.lowestFree])).toContainEqual(['cy', 0]);
  });

  it('given includeTentative, then tentative load also takes free capacity away', () => {
    const withoutCysWeekOff = { ...facts, timeOff: [] };
    expect(availableEngineers(withoutCysWeekOff, { ...range, minFree: 50 }).map((a) => a.engineer._id)).toContain('cy');
    expect(availableEngineers(withoutCysWeekOff, { ...range, minFree: 50, includeTentative: true }).map((a) => a.engineer._id)).not.toContain('cy');
  });
});
