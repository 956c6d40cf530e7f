import { describe, expect, it } from 'vitest';
import type { Assignment } from '../../../domain/entities.ts';
import { openRolesSummary, teamFigures, teamOf } from './projectPage.ts';

const assignment = (id: string, engineer: string, project: string, start: string, end: string, allocation = 50): Assignment => ({
  _id: id, engineerId: { _id: `e-${engineer}`, name: engineer, email: `${engineer}@x.test` }, projectId: { _id: project, name: project, status: 'active' },
  role: 'Dev', allocationPercentage: allocation, startDate: `${start}T00:00:00.000Z`, endDate: `${end}T00:00:00.000Z`, version: 1,
});

describe('a project page', () => {
  const all = [
    assignment('a3', 'Sam', 'p1', '2026-04-01', '2026-05-01'),
    assignment('a1', 'Sam', 'p1', '2026-02-01', '2026-03-01', 30),
    assignment('a2', 'Ada', 'p1', '2026-03-01', '2026-06-01', 80),
    assignment('a4', 'Bo', 'p2', '2026-03-01', '2026-06-01'),
  ];

  it("its team: the project's assignments by person, then start", () => {
    expect(teamOf(all, 'p1').map((a) => a._id)).toEqual(['a2', 'a1', 'a3']);
  });

  it('counts people once, sums the allocations running now, and its length in weeks', () => {
    const figures = teamFigures(teamOf(all, 'p1'), new Date('2026-04-15T00:00:00Z'));
    expect(figures.people).toBe(2);
    expect(figures.allocatedNow).toBe(130);
    expect(figures.weeks({ startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-04-27T00:00:00.000Z' })).toBe(8);
  });
});

describe('the open roles beside the team', () => {
  it('never says every role is filled while the team is short of its size, as it did beside "0 of 1 engineer wanted"', () => {
    expect(openRolesSummary(0, 0, 1)).toBe('None posted · 1 engineer still wanted');
    expect(openRolesSummary(0, 2, 5)).toBe('None posted · 3 engineers still wanted');
  });

  it('says every role is filled once the team has its size, and counts posted roles when there are some', () => {
    expect(openRolesSummary(0, 3, 3)).toBe('Every role is filled');
    expect(openRolesSummary(0, 4, 3)).toBe('Every role is filled');
    expect(openRolesSummary(2, 0, 1)).toBe('2 open roles');
  });
});
