import { describe, expect, it } from 'vitest';
import type { Engineer, HolidayRecord, TimeOff } from '../entities.ts';
import { exportRecords, holidayCells, timeOffCells } from './export-rows.ts';
import { planErrors, planImport, type ImportSnapshot } from './plan.ts';

const sam: Engineer = { _id: 'e1', name: 'Sam', email: 'sam@demo.test', department: 'D', skills: [], seniority: 'mid', maxCapacity: 100, version: 3 };
const vacation: TimeOff = { _id: 't1', engineerId: 'e1', from: '2026-08-03', to: '2026-08-14', kind: 'vacation', note: 'Summer', version: 2 };
const newYear: HolidayRecord = { _id: 'h1', calendarId: 'default', date: '2027-01-01', name: "New Year's Day", version: 1 };
const now: ImportSnapshot = { engineers: [sam], projects: [], assignments: [], otherAccountEmails: [], timeOff: [vacation], holidays: [newYear], actuals: [] };

describe('time off', () => {
  const header = ['engineerEmail', 'from', 'to', 'kind', 'note'];

  it('books new days, rebooks the same days with another kind or note, and leaves equal rows', () => {
    const plan = planImport('time-off', [
      header,
      ['SAM@demo.test', '2026-08-03', '2026-08-14', 'vacation', 'Summer'],
      ['sam@demo.test', '2026-09-01', '2026-09-01', 'sick', ''],
      ['sam@demo.test', '2026-08-03', '2026-08-14', 'other', 'Summer'],
    ], now);
    expect(plan.rows.map((r) => [r.line, r.key, r.action, r.changes])).toEqual([
      [2, 'sam@demo.test from 2026-08-03 to 2026-08-14', 'unchanged', []],
      [3, 'sam@demo.test from 2026-09-01 to 2026-09-01', 'create', []],
      [4, 'sam@demo.test from 2026-08-03 to 2026-08-14', 'error', []],
    ]);
    expect(plan.rows[1]!.command).toEqual({ type: 'book', engineerId: 'e1', input: { from: '2026-09-01', to: '2026-09-01', kind: 'sick' } });
    const rebook = planImport('time-off', [header, ['sam@demo.test', '2026-08-03', '2026-08-14', 'other', 'Summer']], now);
    expect(rebook.rows[0]).toMatchObject({ action: 'update', changes: ['kind'], diff: [{ field: 'kind', from: 'vacation', to: 'other' }], command: { type: 'rebook', timeOffId: 't1' } });
  });

  it("refuses what the API refuses, overlaps with earlier rows of the file included, with the API's messages", () => {
    const plan = planImport('time-off', [
      header,
      ['sam@demo.test', '2026-08-10', '2026-08-20', 'vacation', ''],
      ['sam@demo.test', '2026-10-01', '2026-10-05', 'vacation', ''],
      ['sam@demo.test', '2026-10-05', '2026-10-06', 'other', ''],
      ['nobody@demo.test', '2026-10-01', '2026-10-02', 'sick', ''],
      ['', '2026-02-30', '2026-01-01', 'holiday', ''],
    ], now);
    expect(planErrors(plan)).toEqual([
      { line: 2, column: 'from', message: 'This engineer already has time off from 2026-08-03 to 2026-08-14' },
      { line: 4, column: 'from', message: 'This engineer already has time off from 2026-10-01 to 2026-10-05' },
      { line: 5, column: 'engineerEmail', message: 'Engineer not found' },
      { line: 6, column: 'engineerEmail', message: 'Engineer is required' },
      { line: 6, column: 'from', message: 'From must be a date such as 2026-12-24' },
      { line: 6, column: 'kind', message: 'Kind must be vacation, sick or other' },
    ]);
    expect(plan.rows[1]!.action).toBe('create');
  });
});

describe('holidays', () => {
  it('adds new dates, renames a date whose name differs, refuses a date twice in one file', () => {
    const plan = planImport('holidays', [
      ['date', 'name'],
      ['2027-01-01', "New Year's Day"],
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-25', 'Christmas'],
      ['2026-13-01', ''],
    ], now);
    expect(plan.rows.map((r) => [r.line, r.action])).toEqual([[2, 'unchanged'], [3, 'create'], [4, 'error'], [5, 'error']]);
    expect(planErrors(plan)).toEqual([
      { line: 4, column: null, message: 'Repeats line 3: one row per date and calendar' },
      { line: 5, column: 'date', message: 'Date must be a date such as 2026-12-24' },
      { line: 5, column: 'name', message: 'Holiday name is required' },
    ]);
    const renamed = planImport('holidays', [['date', 'name'], ['2027-01-01', 'New Year']], now);
    expect(renamed.rows[0]).toMatchObject({ action: 'update', changes: ['name'], diff: [{ field: 'name', from: "New Year's Day", to: 'New Year' }], command: { type: 'rename', holidayId: 'h1', input: { date: '2027-01-01', name: 'New Year' } } });
  });
});

describe('an export of time off and holidays imports again unchanged', () => {
  it.each([
    ['time-off', exportRecords('time-off', now.timeOff.map((t) => timeOffCells({ ...t, engineerEmail: sam.email })))],
    ['holidays', exportRecords('holidays', now.holidays.map((h) => holidayCells({ ...h, calendarName: 'Default' })))],
  ] as const)('%s', (kind, records) => {
    expect(planImport(kind, records, now).counts).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
  });
});
