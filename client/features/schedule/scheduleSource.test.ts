import { describe, expect, it } from 'vitest';
import type { Assignment, Engineer, Project } from '../../../domain/entities.ts';
import { pastCapacity } from './scheduleSource.ts';

const engineer = (name: string, skills: string[], maxCapacity = 100): Engineer => ({
  _id: name.toLowerCase(), name, email: `${name}@x`, department: 'Dev', skills, seniority: 'mid', maxCapacity, version: 1,
});
const project: Project = {
  _id: 'p', name: 'P', description: '', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z', teamSize: 2, requiredSkills: [], status: 'active', managerId: 'm', version: 1,
};
const assignment = (who: string, allocationPercentage: number, startDate: string, endDate: string): Assignment => ({
  _id: `${who}-${startDate}`, engineerId: { _id: who, name: who, email: '' }, projectId: { _id: 'p', name: 'P', status: 'active' }, role: 'Dev', allocationPercentage, startDate, endDate, version: 1,
});

describe('the schedule of a past plan', () => {
  const plan = {
    engineers: [engineer('Ann', ['React']), engineer('Bo', ['React', 'Go']), engineer('Cy', ['Go'], 50)],
    projects: [project],
    // Week of Mon 2026-03-16: Ann 80 % all week, Bo 40 % from Wednesday (3 of 5 days: 24 %), Cy 60 % of 50.
    assignments: [
      assignment('ann', 80, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      assignment('bo', 40, '2026-03-18T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
      assignment('cy', 60, '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'),
    ],
  };

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

  it('keeps who is free enough over the dates asked', () => {
    const query = new URLSearchParams({ from: '2026-03-16', to: '2026-03-29', step: 'week', minFree: '50', freeFrom: '2026-03-16', freeTo: '2026-03-17' });
    expect(pastCapacity(plan, query, 'UTC').rows.map((r) => r.engineer.name)).toEqual(['Bo']);
  });
});
