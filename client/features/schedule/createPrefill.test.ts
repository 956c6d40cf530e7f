import { describe, expect, it } from 'vitest';
import { createPrefill, dayStartIso } from './createPrefill.ts';

const period = (start: string, end: string) => ({ key: start, start, end, workingDays: 5, holidays: [] });
const grid = {
  periods: [period('2026-11-23', '2026-11-29'), period('2026-11-30', '2026-12-06'), period('2026-12-07', '2026-12-13')],
  rows: [{ engineer: { _id: 'e1', name: 'Lucas Silva', email: 'l@x', department: 'D', seniority: 'junior' as const, skills: [], maxCapacity: 100 } }],
} as unknown as Parameters<typeof createPrefill>[0];

describe('new work from cells chosen on the schedule', () => {
  it("is the row's person, from the first period's first day through the last period's last working day (its Friday)", () => {
    expect(createPrefill(grid, { row: 0, from: 1, to: 2 })).toEqual({
      engineer: { _id: 'e1', name: 'Lucas Silva', maxCapacity: 100 },
      startDate: dayStartIso('2026-11-30'),
      endDate: dayStartIso('2026-12-11'),
    });
    expect(createPrefill(grid, { row: 0, from: 0, to: 0 })).toMatchObject({ startDate: dayStartIso('2026-11-23'), endDate: dayStartIso('2026-11-27') });
  });

  it('ends on the Thursday when the last period\'s Friday is a holiday', () => {
    const christmas = { ...grid, periods: [{ ...period('2026-12-21', '2026-12-27'), holidays: [{ date: '2026-12-25', name: 'Christmas Day' }] }] } as typeof grid;
    expect(createPrefill(christmas, { row: 0, from: 0, to: 0 })).toMatchObject({ startDate: dayStartIso('2026-12-21'), endDate: dayStartIso('2026-12-24') });
  });

  it('nothing when the grid no longer has that row', () => {
    expect(createPrefill(grid, { row: 3, from: 0, to: 0 })).toBeNull();
  });

  it("a day's start is the browser's midnight, as the form's pickers hold it", () => {
    expect(new Date(dayStartIso('2026-03-08')).getDate()).toBe(8);
    expect(new Date(dayStartIso('2026-03-08')).getHours()).toBe(0);
  });
});
