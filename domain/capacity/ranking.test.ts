import { describe, expect, it } from 'vitest';
import { capacityOverTime, type CapacityFacts } from './capacity-over-time.ts';
import type { CapacityEngineer } from './inputs.ts';
import { availableEngineers, compareCapacityRows } from './ranking.ts';

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

describe('sorting by peak reads the highest day, not the highest period', () => {
  it('given Aisha at 80 % all month with one Friday at 130 %, and Bo at 95 % every day, then Aisha first', () => {
    // The spans end at Saturday's midnight: Saturday is no working day, however a last day is read.
    const { engineers: rows } = capacityOverTime(
      {
        engineers: [engineer('bo', 'Bo'), engineer('aisha', 'Aisha')],
        assignments: [
          { engineerId: 'aisha', projectId: 'p', allocationPercentage: 80, startDate: '2025-05-31T00:00:00.000Z', endDate: '2025-07-05T00:00:00.000Z' },
          { engineerId: 'aisha', projectId: 'p', allocationPercentage: 50, startDate: '2025-06-13T00:00:00.000Z', endDate: '2025-06-14T00:00:00.000Z' },
          { engineerId: 'bo', projectId: 'p', allocationPercentage: 95, startDate: '2025-05-31T00:00:00.000Z', endDate: '2025-07-05T00:00:00.000Z' },
        ],
      },
      { from: '2025-06-01', to: '2025-06-30', step: 'month' },
    );
    const sorted = [...rows].sort(compareCapacityRows('peak'));
    expect(sorted.map((r) => [r.engineer.name, r.periods[0]!.utilization, r.peakUtilization])).toEqual([
      ['Aisha', 82.4, 130],
      ['Bo', 95, 95],
    ]);
  });
});

describe('availableEngineers: at least minFree % free on every working day of a range, then those short on some days', () => {
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

  it('given minFree 50, then Ann (80 free every day) and Dee (a part-timer with 50 free) fit; Bea and Cy fit except the days of a busy week and a week off', () => {
    expect(availableEngineers(facts, { ...range, minFree: 50 }).map((a) => [a.engineer._id, a.lowestFree, a.fit.kind, a.fit.short.length])).toEqual([
      ['ann', 80, 'fits', 0],
      ['dee', 50, 'fits', 0],
      ['bea', 20, 'fitsExcept', 5],
      ['cy', 0, 'fitsExcept', 5],
    ]);
    expect(availableEngineers(facts, { ...range, minFree: 50 }).find((a) => a.engineer._id === 'cy')!.fit.short).toEqual(['2025-06-16', '2025-06-17', '2025-06-18', '2025-06-19', '2025-06-20']);
  });

  it('given minFree 20, then Bea fits with her tightest day (20 % free); Cy fits only at 0, since a day off leaves 0 % free', () => {
    expect(availableEngineers(facts, { ...range, minFree: 20 }).filter((a) => a.fit.kind === 'fits').map((a) => a.engineer._id)).toEqual(['ann', 'dee', 'bea']);
    expect(availableEngineers(facts, { ...range, minFree: 0 }).map((a) => [a.engineer._id, a.lowestFree, a.fit.kind])).toContainEqual(['cy', 0, 'fits']);
  });

  it('given nobody has room on any day, then nobody is listed', () => {
    const full = { engineers: [engineer('ann', 'Ann')], assignments: [{ ...facts.assignments[0]!, allocationPercentage: 100 }] };
    expect(availableEngineers(full, { ...range, minFree: 10 })).toEqual([]);
  });

  it('given includeTentative, then tentative load also takes free capacity away', () => {
    const withoutCysWeekOff = { ...facts, timeOff: [] };
    const cy = (includeTentative: boolean) => availableEngineers(withoutCysWeekOff, { ...range, minFree: 50, includeTentative }).find((a) => a.engineer._id === 'cy')?.fit.kind;
    expect(cy(false)).toBe('fits');
    expect(cy(true)).toBe('fitsExcept');
  });
});
