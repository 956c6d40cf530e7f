import type { CapacityFacts } from '../../domain/capacity/capacity-over-time.ts';
import type { CapacityEngineerRow, CapacityResponse } from '../../domain/capacity/contracts.ts';
import { capacityQueryInput } from '../../domain/capacity/inputs.ts';
import { answerCapacityQuery } from '../../domain/capacity/query.ts';

/**
 * A real answer of the capacity model for `engineers` engineers over 4 weeks from Monday 2026-11-23:
 * the first overloaded, the second half-time and tentatively booked, the third away for three days;
 * one of them named with markup, for the tests that draw names into a page.
 */
export function sampleGrid(engineers: number, query: Record<string, string> = {}): CapacityResponse {
  const people = Array.from({ length: engineers }, (_, i): CapacityEngineerRow => ({
    _id: `e${i}`,
    name: i === 1 ? 'Bo <b>& "Co"</b>' : `Engineer ${String(i).padStart(3, '0')}`,
    email: `e${i}@x.test`,
    department: 'Platform',
    seniority: i % 2 === 0 ? 'mid' : 'senior',
    skills: ['Go'],
    maxCapacity: i === 1 ? 50 : 100,
  }));
  const facts: CapacityFacts<CapacityEngineerRow> = {
    engineers: people,
    assignments: [
      { _id: 'a0', engineerId: 'e0', projectId: 'p1', allocationPercentage: 120, startDate: '2026-11-23T00:00:00.000Z', endDate: '2026-12-07T00:00:00.000Z' },
      { _id: 'a1', engineerId: 'e1', projectId: 'p2', allocationPercentage: 40, startDate: '2026-11-23T00:00:00.000Z', endDate: '2026-12-21T00:00:00.000Z' },
    ],
    tentativeProjectIds: ['p2'],
    timeOff: [{ engineerId: 'e2', from: '2026-11-24', to: '2026-11-26' }],
    holidays: [{ date: '2026-12-08', name: 'A holiday' }],
    placeholders: [],
  };
  return answerCapacityQuery(facts, capacityQueryInput.parse({ from: '2026-11-23', to: '2026-12-20', ...query }), 'UTC');
}
