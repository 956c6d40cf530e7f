import { describe, expect, it } from 'vitest';
import { emptyPlan, type Plan } from '../../../domain/plan.ts';
import { draftChoices } from './draftOptions.ts';

const project = (id: string, name: string, status: 'active' | 'completed', tentative = false) =>
  ({ _id: id, name, status, tentative, description: '', startDate: '', endDate: '', teamSize: 1, requiredSkills: [], managerId: 'm', version: 1 });
// Noon instants: the labels are in the browser's calendar, and noon is the same day in nearly every time zone.
const assignment = (id: string, engineer: string, projectName: string, end: string) => ({
  _id: id, engineerId: { _id: engineer, name: engineer, email: '' }, projectId: { _id: projectName, name: projectName, status: 'active' as const },
  role: 'Dev', allocationPercentage: 40, startDate: '2026-03-02T12:00:00.000Z', endDate: end, version: 1,
});

describe('what the draft forms offer', () => {
  it('open projects (tentative ones said so), assignments not over yet, everyone; each by name', () => {
    const plan: Plan = {
      ...emptyPlan(),
      projects: [project('p2', 'Mobile', 'active', true), project('p1', 'Alpha', 'active'), project('p3', 'Old', 'completed')],
      assignments: [assignment('a1', 'Zoe', 'Alpha', '2026-06-01T12:00:00.000Z'), assignment('a2', 'Ann', 'Alpha', '2026-03-10T00:00:00.000Z')],
    } as unknown as Plan;
    const choices = draftChoices(plan, new Date('2026-04-01T00:00:00.000Z'));
    expect(choices.projects.map((p) => [p.label, p.tentative])).toEqual([['Alpha', false], ['Mobile (tentative)', true]]);
    expect(choices.assignments.map((a) => a.value)).toEqual(['a1']);
    expect(choices.assignments[0]!.label).toBe('Zoe on Alpha · 40% · Mar 02 - Jun 01, 2026');
    expect(choices.assignments[0]!.current).toEqual({ role: 'Dev', allocationPercentage: 40, startDate: '2026-03-02T12:00:00.000Z', endDate: '2026-06-01T12:00:00.000Z' });
  });
});
