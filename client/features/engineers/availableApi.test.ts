import { describe, expect, it } from 'vitest';
import type { Assignment, Engineer, Project } from '../../../domain/entities.ts';
import { emptyPlan, type Plan } from '../../../domain/plan.ts';
import { pastAvailable } from './availableApi.ts';

const engineer = (id: string, name: string, skills: string[]): Engineer => ({
  _id: id, name, email: `${id}@x.test`, department: 'Platform', skills, seniority: 'mid', maxCapacity: 100, version: 1,
});
const project = (id: string, tentative: boolean): Project => ({
  _id: id, name: id, description: 'A long description', startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-04-27T00:00:00.000Z',
  teamSize: 2, requiredSkills: [], status: 'active', managerId: 'm', tentative, version: 1,
});
const assignment = (id: string, engineerId: string, projectId: string, allocationPercentage: number): Assignment => ({
  _id: id, engineerId: { _id: engineerId, name: '', email: '' }, projectId: { _id: projectId, name: projectId, status: 'active' },
  role: 'Dev', allocationPercentage, startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-04-27T00:00:00.000Z', version: 1,
});

// Ana: 60 % confirmed. Ben: 30 % on a tentative project and a week off. Placeholder demand 50 %.
const plan: Plan = {
  ...emptyPlan(),
  engineers: [engineer('e1', 'Ana', ['React']), engineer('e2', 'Ben', ['Go'])],
  projects: [project('won', false), project('pipeline', true)],
  assignments: [assignment('a1', 'e1', 'won', 60), assignment('a2', 'e2', 'pipeline', 30)],
  timeOff: [{ _id: 't1', engineerId: 'e2', from: '2026-03-09', to: '2026-03-13', kind: 'vacation', version: 2 }],
  placeholders: [{ _id: 'ph', projectId: 'won', role: 'SRE', skills: [], allocationPercentage: 50, startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-04-27T00:00:00.000Z', version: 2 }],
};

describe('who is free, from a past plan', () => {
  it('who is free at least N % in every week, narrowed by skills', () => {
    const range = { from: '2026-03-02', to: '2026-03-08', minFree: 50 };
    expect(pastAvailable(plan, range, 'UTC').map((e) => [e.name, e.lowestFree])).toEqual([['Ben', 100]]);
    expect(pastAvailable(plan, { ...range, minFree: 40 }, 'UTC').map((e) => e.name)).toEqual(['Ben', 'Ana']);
    expect(pastAvailable(plan, { ...range, minFree: 40, skills: 'React' }, 'UTC').map((e) => e.name)).toEqual(['Ana']);
  });
});
