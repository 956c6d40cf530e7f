import { describe, expect, it } from 'vitest';
import type { CapacityEngineerRow } from '../capacity/contracts.ts';
import { utilisationCsv } from './csv.ts';
import { utilisationQueryInput } from './inputs.ts';
import { utilisationReport, type UtilisationFacts } from './utilisation.ts';

/*
 * March 2026 has 22 weekdays (Mon 2 to Tue 31); April 22 (Wed 1 to Thu 30), one of them (Wed 1) a
 * holiday: 21. Ada (Platform) works full days and Ben (Data) half days, both Monday to Friday.
 * Each is on a project from Monday 30 March through Friday 3 April: Ada at 60 %, Ben at 80 % (above
 * his 50 %: every counted day of it is an overload). The week is cut by the month: Mon 30 and Tue 31
 * are March's, Thu 2 and Fri 3 April's (Wed 1 is the holiday).
 */
const engineer = (id: string, name: string, department: string, maxCapacity: number, skills: string[]): CapacityEngineerRow => ({
  _id: id, name, email: `${id}@example.com`, department, seniority: 'mid', skills, maxCapacity,
});
const ada = engineer('ada', 'Ada', 'Platform', 100, ['TypeScript', 'SQL']);
const ben = engineer('ben', 'Ben', 'Data', 50, ['SQL']);
const facts: UtilisationFacts = {
  engineers: [ada, ben],
  assignments: [
    { _id: 'a1', engineerId: 'ada', projectId: 'p1', allocationPercentage: 60, startDate: '2026-03-30T00:00:00.000Z', endDate: '2026-04-03T00:00:00.000Z' },
    { _id: 'a2', engineerId: 'ben', projectId: 'p1', allocationPercentage: 80, startDate: '2026-03-30T00:00:00.000Z', endDate: '2026-04-03T00:00:00.000Z' },
  ],
  holidays: [{ date: '2026-04-01', name: 'Spring day' }],
  // An open designer's role, full time, Mon 6 to Fri 10 April: 5 person-days of demand.
  placeholders: [{ _id: 'ph1', projectId: 'p1', allocationPercentage: 100, startDate: '2026-04-06T00:00:00.000Z', endDate: '2026-04-10T00:00:00.000Z' }],
  assignmentRoles: new Map([['a1', 'Developer'], ['a2', 'Analyst']]),
  openRoles: new Map([['ph1', { role: 'Designer', skills: ['Figma'] }]]),
  // Ada recorded 20 hours in the week of 30 March (2026-W14): her 4 counted days share them, 10 h a month.
  actuals: [{ engineerId: 'ada', week: '2026-W14', entries: [{ projectId: 'p1', hours: 20 }], recorded: true }],
};
const settings = { timeZone: 'UTC', today: '2026-04-15', hoursPerDay: 8 };
const query = (extra: Record<string, string>) => utilisationQueryInput.parse({ from: '2026-03-01', to: '2026-04-30', step: 'month', ...extra });

describe('utilisation by group, from the capacity model', () => {
  it('by team: capacity, booked, bench and overloads per month, by hand', () => {
    const report = utilisationReport(facts, query({ groupBy: 'team' }), settings);
    expect(report.periods).toEqual([
      { key: '2026-03', start: '2026-03-01', end: '2026-03-31', workingDays: 22, past: true, toDate: false },
      { key: '2026-04', start: '2026-04-01', end: '2026-04-30', workingDays: 21, past: false, toDate: true },
    ]);
    expect(report.groups.map((g) => [g.label, g.people])).toEqual([['Data', 1], ['Platform', 1], ['Open roles (no one yet)', 0]]);
    const [data, platform, open] = report.groups;
    // Ben: 22 x 0.5 = 11 and 21 x 0.5 = 10.5 days; booked 2 x 0.8 = 1.6 each month, all 2 days over; bench 9.4 and 8.9.
    expect(data!.periods).toEqual([
      { key: '2026-03', capacity: 11, booked: 1.6, tentative: 0, demand: 0, bench: 9.4, overloadedPersonDays: 2, plannedHours: 12.8, actualHours: 0 },
      { key: '2026-04', capacity: 10.5, booked: 1.6, tentative: 0, demand: 0, bench: 8.9, overloadedPersonDays: 2, plannedHours: 12.8, actualHours: 0 },
    ]);
    // Ada: 22 and 21 days; booked 2 x 0.6 = 1.2 each month; planned 1.2 x 8 = 9.6 h; her 20 recorded hours 10 and 10.
    expect(platform!.periods).toEqual([
      { key: '2026-03', capacity: 22, booked: 1.2, tentative: 0, demand: 0, bench: 20.8, overloadedPersonDays: 0, plannedHours: 9.6, actualHours: 10 },
      { key: '2026-04', capacity: 21, booked: 1.2, tentative: 0, demand: 0, bench: 19.8, overloadedPersonDays: 0, plannedHours: 9.6, actualHours: 10 },
    ]);
    expect(open!.periods.map((p) => p.demand)).toEqual([0, 5]);
    expect(report.totals.people).toBe(2);
    expect(report.totals.periods.map((p) => [p.capacity, p.booked, p.demand, p.bench, p.overloadedPersonDays, p.plannedHours, p.actualHours])).toEqual([
      [33, 2.8, 0, 30.2, 2, 22.4, 10],
      [31.5, 2.8, 5, 28.7, 2, 22.4, 10],
    ]);
  });

  it('by skill: someone is in each of their skills; totals count them once', () => {
    const report = utilisationReport(facts, query({ groupBy: 'skill' }), settings);
    expect(report.groups.map((g) => [g.label, g.people, g.periods[0]!.capacity, g.periods[1]!.demand])).toEqual([
      ['Figma', 0, 0, 5],
      ['SQL', 2, 33, 0],
      ['TypeScript', 1, 22, 0],
    ]);
    expect(report.totals.periods[0]!.capacity).toBe(33);
  });

  it('by role: the role held for most of the load; the open role in its own role', () => {
    const report = utilisationReport(facts, query({ groupBy: 'role' }), settings);
    expect(report.groups.map((g) => [g.label, g.people, g.periods[1]!.demand])).toEqual([['Analyst', 1, 0], ['Designer', 0, 5], ['Developer', 1, 0]]);
  });

  it('by quarter: the months summed; the quarter today is in counts hours to date', () => {
    const report = utilisationReport(facts, query({ step: 'quarter', from: '2026-01-01', to: '2026-06-30', groupBy: 'person' }), settings);
    expect(report.periods.map((p) => [p.key, p.start, p.end, p.past, p.toDate])).toEqual([
      ['2026-Q1', '2026-01-01', '2026-03-31', true, false],
      ['2026-Q2', '2026-04-01', '2026-06-30', false, true],
    ]);
    const adaRow = report.groups.find((g) => g.key === 'ada')!;
    expect(adaRow.periods.map((p) => [p.booked, p.plannedHours, p.actualHours])).toEqual([[1.2, 9.6, 10], [1.2, 9.6, 10]]);
  });

  it('a filter by team keeps that team; the future has no hours', () => {
    const report = utilisationReport(facts, query({ team: 'platform', from: '2026-05-01', to: '2026-05-31' }), settings);
    expect(report.totals.people).toBe(1);
    expect(report.totals.periods[0]).toEqual({ key: '2026-05', capacity: 21, booked: 0, tentative: 0, demand: 0, bench: 21, overloadedPersonDays: 0 });
  });

  it('the CSV says the same figures', () => {
    const report = utilisationReport(facts, query({ groupBy: 'team' }), settings);
    const lines = utilisationCsv(report).trim().split('\r\n');
    expect(lines[0]).toBe('group,groupKey,people,period,start,end,workingDays,capacity,booked,tentative,demand,bench,overloadedPersonDays,plannedHours,actualHours');
    expect(lines[1]).toBe('Data,data,1,2026-03,2026-03-01,2026-03-31,22,11,1.6,0,0,9.4,2,12.8,0');
    expect(lines.at(-1)).toBe('Total,,2,2026-04,2026-04-01,2026-04-30,21,31.5,2.8,0,5,28.7,2,22.4,10');
  });

  it('refuses a backwards range, an unknown step or grouping, and a year and more of days', () => {
    const refused = (input: Record<string, string>) => utilisationQueryInput.safeParse({ from: '2026-03-01', to: '2026-04-30', ...input }).error?.issues[0]?.message;
    expect(refused({ from: '2026-05-01' })).toBe('to must be on or after from');
    expect(refused({ step: 'year' })).toBe('step must be day, week, month or quarter');
    expect(refused({ groupBy: 'project' })).toBe('groupBy must be team, role, skill, seniority or person');
    expect(refused({ step: 'day', to: '2029-03-01' })).toBe('A report by day may span at most 366 days');
    expect(refused({ step: 'month', to: '2029-03-01' })).toBeUndefined();
  });
});
