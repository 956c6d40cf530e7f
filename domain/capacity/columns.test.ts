import { describe, expect, it } from 'vitest';
import { answerCapacityQuery } from './query.ts';
import { capacityQueryInput } from './inputs.ts';
import { packCapacity, STATUS_LETTERS, unpackCapacity } from './columns.ts';
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
    // On c's days off: x9 from the first of them, x0 (first in the model's order within a day) from a later one.
    { _id: 'x9', engineerId: 'c', projectId: 'p1', allocationPercentage: 50, startDate: '2026-11-24T00:00:00.000Z', endDate: '2026-12-12T00:00:00.000Z' },
    { _id: 'x0', engineerId: 'c', projectId: 'p2', allocationPercentage: 30, startDate: '2026-12-02T00:00:00.000Z', endDate: '2026-12-20T00:00:00.000Z' },
  ],
  tentativeProjectIds: ['p2'],
  timeOff: [{ engineerId: 'c', from: '2026-12-01', to: '2026-12-03' }, { engineerId: 'c', from: '2026-12-09', to: '2026-12-10' }],
  holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
  placeholders: [],
};
const answer = (query: Record<string, string>) => answerCapacityQuery(facts, capacityQueryInput.parse({ from: '2026-11-23', to: '2027-01-10', ...query }), 'Europe/Berlin');

describe('the capacity answer as columns', () => {
  it.each<Record<string, string>>([{ step: 'week' }, { step: 'day' }, { step: 'month', includeTentative: 'true' }])('unpacks to exactly the answer as cells (%o)', (query) => {
    const cells = answer(query);
    // Every status and some conflicts go through the wire shape.
    if (query.step === 'day') expect(new Set(cells.rows.flatMap((r) => r.periods.map((p) => p.status)))).toEqual(new Set(['overloaded', 'underutilized', 'optimal', 'off']));
    expect(cells.rows.some((r) => r.conflicts.length > 0)).toBe(true);
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
    expect(Object.values(row.columns).every((list) => list.length === cells.periods.length)).toBe(true);
    expect(row.columns.status).toBe(cells.rows[0]!.periods.map((p) => STATUS_LETTERS[p.status]).join(''));
    expect(JSON.stringify(packed.rows).length).toBeLessThan(JSON.stringify(cells.rows).length / 2);
  });

  it('sends conflicts by booking with the days they cover, and unpacks them in the model\'s order (by date, then booking)', () => {
    const cells = answer({ step: 'week' });
    const model = cells.rows.find((r) => r.engineer._id === 'c')!.conflicts;
    // Within a day x0 comes before x9, though x9's conflicts begin first (x0's first day is Dec 2 in Berlin, where its
    // start, 00:00 UTC, falls at 01:00; both run through their last days, Dec 12 and Dec 20).
    expect(model.map((c) => `${c.date} ${c.assignmentId}`)).toEqual([
      '2026-12-01 x9', '2026-12-02 x0', '2026-12-02 x9', '2026-12-03 x0', '2026-12-03 x9', '2026-12-09 x0', '2026-12-09 x9', '2026-12-10 x0', '2026-12-10 x9',
    ]);
    const packed = packCapacity(cells).rows.find((r) => r.engineer._id === 'c')!.conflicts;
    expect(packed).toEqual([
      { assignmentId: 'x0', projectId: 'p2', tentative: true, days: [9, 10, 16, 17] },
      { assignmentId: 'x9', projectId: 'p1', tentative: false, days: [8, 9, 10, 16, 17] },
    ]);
    expect(unpackCapacity(JSON.parse(JSON.stringify(packCapacity(cells)))).rows.find((r) => r.engineer._id === 'c')!.conflicts).toEqual(model);
  });

  it('shares one holidays list per period across the rows it unpacks', () => {
    const rows = unpackCapacity(packCapacity(answer({ step: 'week' }))).rows;
    const christmas = rows[0]!.periods.findIndex((p) => p.holidays.length > 0);
    expect(rows[0]!.periods[christmas]!.holidays).toEqual([{ date: '2026-12-25', name: 'Christmas Day' }]);
    expect(rows[1]!.periods[christmas]!.holidays).toBe(rows[0]!.periods[christmas]!.holidays);
  });

  describe('overloaded days and peaks', () => {
    // d: 80 % all of December and 50 % more on Friday Dec 11 (its spans end on Saturdays); e: 60 % all month, every day alike;
    // f: 120 % for the two weeks from Monday Dec 7.
    const overloads: CapacityFacts<CapacityEngineerRow> = {
      ...facts,
      engineers: [engineer('d'), engineer('e'), engineer('f')],
      assignments: [
        { _id: 'y1', engineerId: 'd', projectId: 'p1', allocationPercentage: 80, startDate: '2026-11-28T00:00:00.000Z', endDate: '2027-01-02T00:00:00.000Z' },
        { _id: 'y2', engineerId: 'd', projectId: 'p1', allocationPercentage: 50, startDate: '2026-12-11T00:00:00.000Z', endDate: '2026-12-12T00:00:00.000Z' },
        { _id: 'y3', engineerId: 'e', projectId: 'p1', allocationPercentage: 60, startDate: '2026-11-28T00:00:00.000Z', endDate: '2027-01-02T00:00:00.000Z' },
        { _id: 'y4', engineerId: 'f', projectId: 'p1', allocationPercentage: 120, startDate: '2026-12-07T00:00:00.000Z', endDate: '2026-12-19T00:00:00.000Z' },
      ],
      timeOff: [],
    };
    const december = (step: string) =>
      answerCapacityQuery(overloads, capacityQueryInput.parse({ from: '2026-12-01', to: '2026-12-31', step, sort: 'name' }), 'UTC');

    it('round-trips them, and a month averaging under 100 % keeps its overloaded day and its peak', () => {
      const cells = december('month');
      const d = cells.rows.find((r) => r.engineer._id === 'd')!;
      expect(d.periods[0]).toMatchObject({ overloadedDays: 1, peak: 130, status: 'overloaded' });
      expect(d.periods[0]!.utilization).toBeLessThan(100);
      expect(d.peakUtilization).toBe(130);
      expect(unpackCapacity(JSON.parse(JSON.stringify(packCapacity(cells))))).toEqual(JSON.parse(JSON.stringify(cells)));
    });

    it('leaves each list out where the status and utilisation say it: one day over per overloaded period, or every peak equal to its utilisation', () => {
      for (const step of ['day', 'week', 'month']) {
        const cells = december(step);
        const packed = packCapacity(cells);
        const d = packed.rows.find((r) => r.engineer._id === 'd')!.columns;
        const e = packed.rows.find((r) => r.engineer._id === 'e')!.columns;
        // e's load is the same every day: nothing to say beyond its utilisation.
        expect(e.overloadedDays).toBeUndefined();
        expect(e.peak).toBeUndefined();
        // d is over on one day (Dec 11): every overloaded period is over on exactly one day, as its status says.
        expect(d.overloadedDays).toBeUndefined();
        // f is over on five days a week: said, except in the day zoom.
        const f = packed.rows.find((r) => r.engineer._id === 'f')!.columns;
        if (step === 'day') expect(f.overloadedDays).toBeUndefined();
        else expect(f.overloadedDays).toEqual(cells.rows.find((r) => r.engineer._id === 'f')!.periods.map((p) => p.overloadedDays));
        // In the day zoom a period is one day: its peak is its utilisation.
        if (step === 'day') expect(d.peak).toBeUndefined();
        else expect(d.peak).toEqual(cells.rows.find((r) => r.engineer._id === 'd')!.periods.map((p) => p.peak));
        expect(unpackCapacity(JSON.parse(JSON.stringify(packed)))).toEqual(JSON.parse(JSON.stringify(cells)));
      }
    });
  });
});
