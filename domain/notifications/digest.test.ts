import { describe, expect, it } from 'vitest';
import { capacityOverTime } from '../capacity/capacity-over-time.ts';
import { digestOf } from './digest.ts';

// Every span ends at a Saturday's midnight: Saturday is no working day, however a last day is read.
const at = (date: string) => `${date}T00:00:00.000Z`;
const work = (engineerId: string, allocationPercentage: number, start: string, end: string) => ({
  engineerId, projectId: 'p1', allocationPercentage, startDate: at(start), endDate: at(end),
});

describe("the weekly digest's overloads", () => {
  const engineers = [
    { _id: 'aisha', name: 'Aisha', maxCapacity: 100 },
    { _id: 'bo', name: 'Bo', maxCapacity: 100 },
  ];
  // Weeks of Nov 30 and Dec 7, 2026. Aisha: 80 % both weeks, 40 % more on Thursday and Friday of the first.
  // Bo: 90 % both weeks, nothing over.
  const { engineers: rows } = capacityOverTime(
    {
      engineers,
      assignments: [work('aisha', 80, '2026-11-28', '2026-12-12'), work('aisha', 40, '2026-12-03', '2026-12-05'), work('bo', 90, '2026-11-28', '2026-12-12')],
    },
    { from: '2026-11-30', to: '2026-12-13', step: 'week' },
  );

  it('given a week averaging 96 % with two days at 120 %, then its person is overloaded in it, with the days over and the peak', () => {
    const digest = digestOf(rows, [], '2026-W49');
    expect(digest.subject).toBe('Next 4 weeks from 2026-W49: 1 overloaded, 0 open roles');
    expect(digest.lines.slice(0, 2)).toEqual(['Overloaded:', '- Aisha: 2026-W49 96% (over capacity on 2 of 5 days, peak 120%)']);
  });
});
