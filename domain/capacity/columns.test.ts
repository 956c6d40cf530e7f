import { describe, expect, it } from 'vitest';
import { answerCapacityQuery } from './query.ts';
import { capacityQueryInput } from './inputs.ts';
import { packCapacity, unpackCapacity } from './columns.ts';
import type { CapacityFacts } from './capacity-over-time.ts';
import type { CapacityEngineerRow } from './contracts.ts';

const engineer = (id: string, maxCapacity = 100): CapacityEngineerRow => ({
  _id: id, name: `Engineer ${id}`, email: `${id}@x.test`, department: 'Platform', seniority: 'mid', skills: ['Go'], maxCapacity,
});
const facts: CapacityFacts<CapacityEngineerRow> = {
  engineers: [engineer('a'), engineer('b', 50), engineer('c')],
  assignments: [
    { _id: 'x1', engineerId: 'a', projectId: 'p1', allocationPercentage: 120, startDate: '2026-11-30T00:00:00.000Z', endDate: '2026-12-20T00:00:00.000Z' },
    { _id: 'x2', engineerId: 'b', projectId: 'p2', allocationPercentage: 40, startDate: '2026-11-25T12:00:00.000Z', endDate: '2026-12-05T00:00:00.000Z' },
  ],
  tentativeProjectIds: ['p2'],
  timeOff: [{ engineerId: 'c', from: '2026-12-01', to: '2026-12-03' }],
  holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
  placeholders: [],
};
const answer = (query: Record<string, string>) => answerCapacityQuery(facts, capacityQueryInput.parse({ from: '2026-11-23', to: '2027-01-10', ...query }), 'Europe/Berlin');

describe('the capacity answer as columns', () => {
  it.each<Record<string, string>>([{ step: 'week' }, { step: 'day' }, { step: 'month', includeTentative: 'true' }])('unpacks to exactly the answer as cells (%o)', (query) => {
    const cells = answer(query);
    const packed = packCapacity(cells);
    // What goes over the wire: JSON, read back.
    const received = JSON.parse(JSON.stringify(packed)) as typeof packed;
    expect(unpackCapacity(received)).toEqual(JSON.parse(JSON.stringify(cells)));
  });

  it('says each period once and gives every row one list per figure, in period order', () => {
    const cells = answer({ step: 'week' });
    const packed = packCapacity(cells);
    expect(packed.shape).toBe('columns');
    expect(packed.periods).toEqual(cells.periods);
    const row = packed.rows[0]!;
    expect(row).not.toHaveProperty('periods');
    expect(Object.values(row.columns).map((list) => list.length)).toEqual(Array(7).fill(cells.periods.length));
    expect(row.columns.status).toEqual(cells.rows[0]!.periods.map((p) => p.status));
    expect(JSON.stringify(packed.rows).length).toBeLessThan(JSON.stringify(cells.rows).length / 2);
  });

  it('shares one holidays list per period across the rows it unpacks', () => {
    const rows = unpackCapacity(packCapacity(answer({ step: 'week' }))).rows;
    const christmas = rows[0]!.periods.findIndex((p) => p.holidays.length > 0);
    expect(rows[0]!.periods[christmas]!.holidays).toEqual([{ date: '2026-12-25', name: 'Christmas Day' }]);
    expect(rows[1]!.periods[christmas]!.holidays).toBe(rows[0]!.periods[christmas]!.holidays);
  });
});
