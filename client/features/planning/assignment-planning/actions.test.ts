import { describe, expect, it } from 'vitest';
import type { Assignment } from '../../../../domain/entities.ts';
import { capacityOverTime } from '../../../../domain/capacity/capacity-over-time.ts';
import { assignmentImpact } from '../../../lib/impact.ts';
import { weekCell } from '../../../components/weekCells.ts';
import { assignableProjects, assignmentConflictFields, canEnd, freeText, removeAction, roleSuggestions, weeklyLoadQuery } from './actions.ts';

const base: Omit<Assignment, '_id' | 'startDate' | 'endDate'> = {
  engineerId: { _id: 'e', name: 'E', email: 'e@x' }, projectId: { _id: 'p', name: 'P', status: 'active' }, role: 'Dev', allocationPercentage: 50, version: 1,
};
const a = (id: string, startDate: string, endDate: string): Assignment => ({ ...base, _id: id, startDate, endDate });

describe('assignment planning helpers', () => {
  const running = { ...a('a1', '2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z'), version: 4 };

  it('Remove changes nothing but removes, against the row\'s version', () => {
    expect(removeAction(running)).toMatchObject({ kind: 'remove', id: 'a1', version: 4, label: 'Remove E from P', changes: null });
  });

  it('suggests the roles in use, and only projects that can take an assignment', () => {
    expect(roleSuggestions([{ role: 'Dev' }, { role: 'Lead' }, { role: 'Dev' }])).toEqual(['Dev', 'Lead']);
    const projects = [
      { name: 'Zeta', status: 'active' as const },
      { name: 'Alpha', status: 'planning' as const },
      { name: 'Done', status: 'completed' as const },
    ];
    expect(assignableProjects(projects).map((p) => p.name)).toEqual(['Alpha', 'Zeta']);
  });

  it('words free capacity briefly', () => {
    expect([freeText(70), freeText(0), freeText(-10), freeText(12.5)]).toEqual(['70% free', 'Full', '10% over', '12.5% free']);
  });

  it('formats the fields a conflict compares', () => {
    const format = Object.fromEntries(assignmentConflictFields.map((f) => [f.key, f.format ?? String]));
    expect(format.allocationPercentage!(80)).toBe('80%');
    expect(format.role!('Dev')).toBe('Dev');
  });

  it('offers End (on a date) until the assignment has ended', () => {
    expect(['completed', 'active', 'upcoming'].map((status) => canEnd({ status: status as 'active' }))).toEqual([false, true, true]);
  });
});

describe("the form's two load figures: one rule for tentative work", () => {
  // A week (Mon 2026-03-02 to Fri): 60 % confirmed, 40 % on a project not won yet, and 20 % being added.
  const engineer = { _id: 'e', name: 'Jordan Lee', maxCapacity: 100 };
  const week = { startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-03-09T00:00:00.000Z' };
  const assignments = [
    { engineerId: 'e', projectId: 'won', allocationPercentage: 60, ...week },
    { engineerId: 'e', projectId: 'pipeline', allocationPercentage: 40, ...week },
  ];

  it('the week strip and the warning both count it: 120 % in both', () => {
    const query = weeklyLoadQuery('e', { from: '2026-03-02', to: '2026-03-08' });
    const strip = capacityOverTime({ engineers: [engineer], assignments, tentativeProjectIds: ['pipeline'] }, query).engineers[0]!.periods[0]!;
    const warning = assignmentImpact(engineer, assignments, { allocationPercentage: 20, ...week }, new Date('2026-01-01T00:00:00Z'))!;
    expect(weekCell(strip, 20).text).toBe('120%');
    expect(warning.after).toBe(120);
    expect(weekCell(strip, 20).status).toBe('overloaded');
    expect(warning.overloaded).toBe(true);
  });
});
