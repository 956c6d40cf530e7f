import { describe, expect, it } from 'vitest';
import type { Assignment } from '../entities.ts';
import { answerAssignmentList, assignmentListQuery } from './assignment-list.ts';
import { engineerListQuery } from './engineer-list.ts';

const now = new Date('2026-06-15T12:00:00Z');
const a = (id: string, engineer: string, project: string, role: string, allocation: number, start: string, end: string): Assignment => ({
  _id: id,
  engineerId: { _id: `e-${engineer}`, name: engineer, email: `${engineer.toLowerCase().replace(' ', '.')}@x.test` },
  projectId: { _id: `p-${project}`, name: project, status: 'active' },
  role,
  allocationPercentage: allocation,
  startDate: `${start}T00:00:00.000Z`,
  endDate: `${end}T00:00:00.000Z`,
  version: 1,
});
const plan = [
  a('1', 'Ana Ruiz', 'Atlas', 'Backend', 50, '2026-01-01', '2026-03-01'), // completed (ended first)
  a('2', 'Ben Ode', 'Atlas', 'Tech Lead', 100, '2026-05-01', '2026-08-01'), // active
  a('3', 'Ana Ruiz', 'Borealis', 'Frontend', 30, '2026-07-01', '2026-09-01'), // upcoming
  a('4', 'Cy Park', 'Borealis', 'Backend', 30, '2026-02-01', '2026-06-01'), // completed (ended last)
  a('5', 'Ben Ode', 'Comet', 'QA', 20, '2026-06-01', '2026-07-01'), // active
];
const ids = (query: Record<string, unknown>) => answerAssignmentList(plan, assignmentListQuery.parse(query), now).rows.map((r) => r._id);

describe('an assignment list query answered in memory', () => {
  it('puts active and upcoming first by start, then completed, the latest ended first', () => {
    expect(ids({})).toEqual(['2', '5', '3', '4', '1']);
  });

  it('searches engineer name and email, project and role; filters by status, engineer, project and dates (an end date is the last day, worked)', () => {
    expect(ids({ q: 'ana' })).toEqual(['3', '1']);
    expect(ids({ q: 'ben.ode@' })).toEqual(['2', '5']);
    expect(ids({ q: 'BOREALIS' })).toEqual(['3', '4']);
    expect(ids({ q: 'lead' })).toEqual(['2']);
    expect(ids({ status: 'completed' })).toEqual(['4', '1']);
    expect(ids({ status: 'upcoming,active' })).toEqual(['2', '5', '3']);
    expect(ids({ engineerId: 'e-Ana Ruiz', projectId: 'p-Atlas' })).toEqual(['1']);
    // A date alone is the whole (UTC) day: `to` 2026-06-30 takes in what starts before July 1st.
    // `from` 2026-06-01 takes in 4, whose last day is June 1st; from the 2nd on it is out.
    expect(ids({ from: '2026-06-01', to: '2026-06-30' })).toEqual(['2', '5', '4']);
    expect(ids({ from: '2026-06-02', to: '2026-06-30' })).toEqual(['2', '5']);
    expect(ids({ to: '2026-01-31' })).toEqual(['1']);
  });

  it('sorts by each key either way, ties by start date and then id, and pages by offset', () => {
    expect(ids({ sort: 'allocation' })).toEqual(['5', '4', '3', '1', '2']);
    expect(ids({ sort: '-allocation' })).toEqual(['2', '1', '4', '3', '5']);
    expect(ids({ sort: 'engineer' })).toEqual(['1', '3', '2', '5', '4']);
    expect(ids({ sort: '-project' })).toEqual(['5', '4', '3', '1', '2']);
    expect(ids({ sort: 'startDate', offset: 1, limit: 2 })).toEqual(['4', '2']);
    expect(answerAssignmentList(plan, assignmentListQuery.parse({ limit: 2 }), now).total).toBe(5);
  });

  it('takes the first and the last day of the years dates may have; to 9999-12-31 ends after every date, so bounds nothing', () => {
    expect(assignmentListQuery.parse({ from: '0001-01-01', to: '0001-01-01' })).toMatchObject({ from: '0001-01-01T00:00:00.000Z', to: '0001-01-02T00:00:00.000Z' });
    expect(assignmentListQuery.parse({ from: '9999-12-31', to: '9999-12-31' })).toMatchObject({ from: '9999-12-31T00:00:00.000Z', to: undefined });
    expect(assignmentListQuery.parse({ to: '9999-12-31T23:59:59Z' }).to).toBe('9999-12-31T23:59:59.000Z');
  });

  it('reads the query string as the server does: lists, defaults, and the messages of what it refuses', () => {
    expect(assignmentListQuery.parse({ status: ['active', 'upcoming,active'] }).status).toEqual(['active', 'upcoming']);
    expect(assignmentListQuery.parse({ q: '   ' }).q).toBeUndefined();
    expect(engineerListQuery.parse({}).sort).toEqual({ key: 'name', desc: false, text: 'name' });
    const refused = (query: Record<string, unknown>) => assignmentListQuery.safeParse(query).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(refused({ to: '2026-02-29' })).toEqual(['to: to must be a date (YYYY-MM-DD) or an ISO 8601 date-time']);
    expect(refused({ from: '2026-03-01T10:00:00Z', to: '2026-03-01T09:00:00Z' })).toEqual(['to: to must be after from']);
    // Years PostgreSQL cannot take (no year 0; past 9999 toISOString writes "+010000-..."), as written or once in UTC.
    for (const [field, date] of [['from', '0000-01-01'], ['to', '0000-12-31'], ['from', '10000-01-01'], ['from', '0001-01-01T00:00:00+14:00'], ['to', '9999-12-31T23:59:59-14:00']]) {
      expect(refused({ [field!]: date })).toEqual([`${field}: ${field} must be a date in the years 1 to 9999`]);
    }
    expect(refused({ colour: 'red', limit: '0' })).toEqual(['limit: limit must be a whole number from 1 to 1000', 'colour: Unknown parameter: colour']);
  });
});
