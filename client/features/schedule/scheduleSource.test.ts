import { describe, expect, it } from 'vitest';
import type { Assignment, Engineer, Project } from '../../../domain/entities.ts';
import type { Plan } from '../../../domain/plan.ts';
import { pastCapacity } from './scheduleSource.ts';

const engineer = (name: string, skills: string[], maxCapacity = 100): Engineer => ({
  _id: name.toLowerCase(), name, email: `${name}@x`, department: 'Dev', skills, seniority: 'mid', maxCapacity, version: 1,
});
const project: Project = {
  _id: 'p', name: 'P', description: '', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z', teamSize: 2, requiredSkills: [], status: 'active', managerId: 'm', tentative: false, version: 1,
};
const assignment = (who: string, allocationPercentage: number, startDate: string, endDate: string): Assignment => ({
  _id: `${who}-${startDate}`, engineerId: { _id: who, name: who, email: '' }, projectId: { _id: 'p', name: 'P', status: 'active' }, role: 'Dev', allocationPercentage, startDate, endDate, version: 1,
});

describe('the schedule of a past plan', () => {
  const plan: Plan = {
    engineers: [engineer('Ann', ['React']), engineer('Bo', ['React', 'Go']), engineer('Cy', ['Go'], 50)],
    projects: [project],
    timeOff: [],
    holidays: [],
    placeholders: [],
    holidayCalendars: [],
    actuals: [],
    // Week of Mon 2026-03-16: Ann 80 % all week, Bo 40 % from Wednesday (3 of 5 days: 24 %), Cy 60 % of 50.
    assignments: [
      assignment('ann', 80, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      assignment('bo', 40, '2026-03-18T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      assignment('cy', 60, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
    ],
  };

  it("keeps a Team filter's people: those in that team on the window's first day", () => {
    const teamed: Plan = {
      ...plan,
      engineers: [
        { ...engineer('Ann', ['React']), teams: [{ from: '2026-01-01', teamId: 'web' }] },
        // Bo joins Web only after the window starts; Cy is in Data.
        { ...engineer('Bo', ['React', 'Go']), teams: [{ from: '2026-03-20', teamId: 'web' }] },
        { ...engineer('Cy', ['Go'], 50), teams: [{ from: '2026-01-01', teamId: 'data' }] },
      ],
    };
    const query = new URLSearchParams({ from: '2026-03-16', to: '2026-03-22', step: 'week', team: 'web', limit: '5000' });
    expect(pastCapacity(teamed, query, 'UTC').rows.map((r) => r.engineer.name)).toEqual(['Ann']);
  });

  it('is the grid the API would answer for that plan: loads, order, filters and totals', () => {
    const query = new URLSearchParams({ from: '2026-03-16', to: '2026-03-22', step: 'week', sort: 'peak', skills: 'React', limit: '5000' });
    const grid = pastCapacity(plan, query, 'UTC');
    expect(grid.rows.map((r) => [r.engineer.name, r.periods[0]!.utilization, r.periods[0]!.status])).toEqual([
      ['Ann', 80, 'optimal'],
      ['Bo', 24, 'underutilized'],
    ]);
    expect(grid.total).toBe(2);
    expect(grid.totals[0]).toMatchObject({ capacity: 1000, confirmed: 520 });
  });

  it('counts what the past plan had: time off, holidays, tentative projects and placeholders', () => {
    const query = new URLSearchParams({ from: '2026-03-16', to: '2026-03-22', step: 'week' });
    const past: Plan = {
      ...plan,
      projects: [{ ...project, tentative: true }],
      timeOff: [{ _id: 't', engineerId: 'ann', from: '2026-03-16', to: '2026-03-17', kind: 'vacation', version: 2 }],
      holidays: [{ _id: 'h', calendarId: 'default', date: '2026-03-20', name: 'Spring Day', version: 1 }],
      placeholders: [{ _id: 'x', projectId: 'p', role: 'Dev', skills: [], allocationPercentage: 50, startDate: '2026-03-16T00:00:00.000Z', endDate: '2026-03-30T00:00:00.000Z', version: 3 }],
    };
    const grid = pastCapacity(past, query, 'UTC');
    const ann = grid.rows.find((r) => r.engineer.name === 'Ann')!.periods[0]!;
    // Four working days (Friday is a holiday), two of them off: capacity two days, all of it tentative.
    expect(ann).toMatchObject({ workingDays: 4, timeOffDays: 2, capacity: 200, booked: 0, tentative: 160 });
    expect(grid.totals[0]).toMatchObject({ placeholder: 200, confirmed: 0 });
  });

  it('keeps who is free enough over the dates asked', () => {
    const query = new URLSearchParams({ from: '2026-03-16', to: '2026-03-29', step: 'week', minFree: '50', freeFrom: '2026-03-16', freeTo: '2026-03-17' });
    expect(pastCapacity(plan, query, 'UTC').rows.map((r) => r.engineer.name)).toEqual(['Bo']);
  });
});
