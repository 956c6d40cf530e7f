import { describe, expect, it } from 'vitest';
import { utilizationStatus } from './figures.ts';
import { byAllocationDescending, byLoadDescending, loadRatio, overloadedBySeverity } from './severity.ts';

const person = (name: string, currentAllocation: number, maxCapacity = 100) => ({
  name, currentAllocation, maxCapacity, utilizationStatus: utilizationStatus(currentAllocation, maxCapacity),
});

describe('severity', () => {
  it('measures load against the engineer\'s own capacity', () => {
    expect(loadRatio(person('a', 120))).toBe(1.2);
    expect(loadRatio(person('b', 60, 50))).toBe(1.2);
    expect(loadRatio(person('c', 0, 0))).toBe(0);
    expect(loadRatio(person('d', 10, 0))).toBe(Number.POSITIVE_INFINITY);
  });

  it('lists only the overloaded, most overloaded first; equal load by points over capacity, then by name', () => {
    const team = [
      person('Ana', 110), person('Ben', 40), person('Cleo', 200), person('Dev', 60, 50), person('Eve', 120),
      person('Fay', 100), person('Gus', 120), person('Hal', 10, 0), person('Ivy', 75, 50),
    ];
    expect(overloadedBySeverity(team).map((p) => p.name)).toEqual(['Hal', 'Cleo', 'Ivy', 'Eve', 'Gus', 'Dev', 'Ana']);
  });

  it('is a total order: sorting any shuffle gives the same list', () => {
    const team = Array.from({ length: 60 }, (_, i) => person(`P${String(i).padStart(2, '0')}`, 100 + ((i * 37) % 50), i % 3 === 0 ? 50 : 100));
    const sorted = [...team].sort(byLoadDescending);
    const shuffled = [...team].reverse().sort(byLoadDescending);
    expect(shuffled).toEqual(sorted);
    for (let i = 1; i < sorted.length; i += 1) expect(loadRatio(sorted[i - 1]!)).toBeGreaterThanOrEqual(loadRatio(sorted[i]!));
  });

  it('orders the chart by the allocation its bars draw, whatever each one\'s capacity; equal ones by name, then id', () => {
    const team = [
      { _id: 'w', ...person('Wen', 440, 50) }, { _id: 'a', ...person('Ada', 520) }, { _id: 'k', ...person('Kofi', 260, 50) },
      { _id: 'm2', ...person('Marco', 520) }, { _id: 'm1', ...person('Marco', 520) }, { _id: 'z', ...person('Zoe', 0, 0) },
    ];
    expect([...team].sort(byAllocationDescending).map((p) => `${p.name} ${p._id}`)).toEqual(['Ada a', 'Marco m1', 'Marco m2', 'Wen w', 'Kofi k', 'Zoe z']);
    expect([...team].reverse().sort(byAllocationDescending)).toEqual([...team].sort(byAllocationDescending));
  });

  it('does not reorder the list it is given', () => {
    const team = [person('Ana', 110), person('Cleo', 200)];
    overloadedBySeverity(team);
    expect(team.map((p) => p.name)).toEqual(['Ana', 'Cleo']);
  });
});
