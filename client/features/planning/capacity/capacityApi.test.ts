import { afterEach, describe, expect, it, vi } from 'vitest';
import { packCapacity } from '../../../../domain/capacity/columns.ts';
import type { Assignment, Engineer, Project } from '../../../../domain/entities.ts';
import { emptyPlan, type Plan } from '../../../../domain/plan.ts';
import { listPosition } from '../../../lib/api.ts';
import { factsOfPlan } from '../../../lib/planFacts.ts';
import { memoryStorage } from '../../../lib/memoryStorage.ts';
import { fetchCapacity, pastCapacity } from './capacityApi.ts';

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

describe('capacity from a past plan', () => {
  it('reads tentative projects, time off and placeholders from the plan', () => {
    const facts = factsOfPlan(plan);
    expect([...facts.tentativeProjectIds!]).toEqual(['pipeline']);
    expect(facts.timeOff).toHaveLength(1);
    expect(facts.placeholders).toHaveLength(1);
  });

  it('answers the grid the server would: load per week, time off, tentative apart, placeholder demand in the totals', () => {
    const grid = pastCapacity(plan, { from: '2026-03-02', to: '2026-03-15', step: 'week' }, 'UTC');
    const ana = grid.rows.find((r) => r.engineer._id === 'e1')!;
    const ben = grid.rows.find((r) => r.engineer._id === 'e2')!;
    expect(ana.periods.map((p) => p.utilization)).toEqual([60, 60]);
    expect(ben.periods.map((p) => [p.booked, p.tentative, p.status])).toEqual([[0, 150, 'underutilized'], [0, 0, 'off']]);
    expect(grid.totals.map((t) => [t.capacity, t.confirmed, t.tentative, t.placeholder])).toEqual([[1000, 300, 150, 250], [500, 300, 0, 250]]);
  });

  it('one engineer by id has no placeholder demand', () => {
    const grid = pastCapacity(plan, { from: '2026-03-02', to: '2026-03-08', engineerId: 'e1' }, 'UTC');
    expect(grid.rows.map((r) => r.engineer.name)).toEqual(['Ana']);
    expect(grid.totals[0]!.placeholder).toBe(0);
  });
});

describe('capacity from the server', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the packed shape and gives the screens the same answer as rows of cells, with its position in the log', async () => {
    const params = { from: '2026-03-02', to: '2026-03-15', step: 'week' as const };
    const cells = pastCapacity(plan, params, 'UTC');
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(JSON.stringify(packCapacity(cells)), { status: 200, headers: { 'content-type': 'application/json', 'x-cursor': '41', 'x-snapshot': '7:7:' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', memoryStorage({ userToken: JSON.stringify('raw.jwt.token') }));
    const answer = await fetchCapacity(params);
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(asked.pathname).toBe('/api/capacity');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ from: '2026-03-02', to: '2026-03-15', step: 'week', shape: 'columns' });
    expect(answer).toEqual(cells);
    expect(listPosition(answer)).toEqual({ cursor: '41', snapshot: '7:7:' });
  });
});
