import { describe, expect, it } from 'vitest';
import type { Assignment, Project } from '../../../domain/entities.ts';
import { actorsByEntity, allocationDelta, assignmentFieldChanges, diffCounts, diffRows, projectFieldChanges } from './compare.ts';
import type { DiffChange, PlanDiff } from './historyApi.ts';

const project = (over: Partial<Project> = {}): Project => ({
  _id: 'p1', name: 'Atlas', description: 'Rebuild the portal', startDate: '2026-03-01T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z',
  teamSize: 3, requiredSkills: ['React'], status: 'planning', managerId: 'm1', tentative: false, version: 1, ...over,
});
const assignment = (over: Partial<Assignment> = {}): Assignment => ({
  _id: 'a1', engineerId: { _id: 'e1', name: 'Sam Rivera', email: 's@x' }, projectId: { _id: 'p1', name: 'Atlas', status: 'active' },
  role: 'Lead', allocationPercentage: 50, startDate: '2026-03-01T12:00:00.000Z', endDate: '2026-04-01T12:00:00.000Z', version: 1, ...over,
});
const change = (kind: 'project' | 'assignment' | 'engineer', id: string, actor: string, type = 'ProjectUpdated'): DiffChange => ({
  cursor: `${id}:${actor}`, recordedAt: '2026-03-02T10:00:00.000Z', type, streamId: `${kind}-${id}`,
  actor: { id: actor, name: actor }, entity: { kind, id, name: id }, summary: `${actor} did something`,
});

describe('compare two moments', () => {
  it('names who changed each entity, once each, in order', () => {
    const by = actorsByEntity([change('project', 'p1', 'Dana'), change('project', 'p1', 'Chris'), change('project', 'p1', 'Dana'), change('assignment', 'a1', 'Chris')]);
    expect(by.get('project:p1')).toEqual(['Dana', 'Chris']);
    expect(by.get('assignment:a1')).toEqual(['Chris']);
    expect(by.get('project:a1')).toBeUndefined();
  });

  it('lists the fields of a project that changed, as the screens print them', () => {
    const before = project();
    const after = project({ name: 'Atlas 2', status: 'active', teamSize: 4, requiredSkills: ['React', 'Go'], version: 3 });
    expect(projectFieldChanges(before, after)).toEqual([
      { field: 'Name', before: 'Atlas', after: 'Atlas 2' },
      { field: 'Status', before: 'planning', after: 'active' },
      { field: 'Team size', before: '3', after: '4' },
      { field: 'Skills', before: 'React', after: 'React, Go' },
    ]);
    expect(projectFieldChanges(before, project({ version: 2 }))).toEqual([]);
  });

  it('lists the fields of an assignment that changed', () => {
    expect(assignmentFieldChanges(assignment(), assignment({ allocationPercentage: 80, role: 'Tech Lead' }))).toEqual([
      { field: 'Allocation', before: '50%', after: '80%' },
      { field: 'Role', before: 'Lead', after: 'Tech Lead' },
    ]);
  });

  it('turns a diff into rows with who did each', () => {
    const diff: PlanDiff = {
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-05T00:00:00.000Z',
      projects: { created: [project({ _id: 'p2', name: 'Beacon' })], changed: [{ before: project(), after: project({ status: 'active', version: 2 }) }], removed: [] },
      assignments: { created: [], changed: [], removed: [assignment()] },
      engineers: [{ engineerId: 'e1', name: 'Sam Rivera', before: { allocation: 50, status: 'optimal' }, after: null }],
      changes: [change('project', 'p2', 'Dana', 'ProjectCreated'), change('project', 'p1', 'Chris', 'ProjectStatusChanged'), change('assignment', 'a1', 'Dana', 'AssignmentRemoved')],
    };
    const rows = diffRows(diff);
    expect(rows.projects.map((r) => [r.kind, r.name, r.by])).toEqual([
      ['created', 'Beacon', ['Dana']],
      ['changed', 'Atlas', ['Chris']],
    ]);
    expect(rows.projects[1]!.fields).toEqual([{ field: 'Status', before: 'planning', after: 'active' }]);
    expect(rows.assignments).toHaveLength(1);
    expect(rows.assignments[0]).toMatchObject({ kind: 'removed', name: 'Sam Rivera on Atlas', by: ['Dana'] });
    expect(rows.assignments[0]!.detail).toMatch(/^50% as Lead, Mar 0\d, 2026 - Apr 0\d, 2026$/);
    expect(diffCounts(diff)).toEqual({
      projects: { created: 1, changed: 1, removed: 0 },
      assignments: { created: 0, changed: 0, removed: 1 },
      engineers: 1,
      changes: 3,
    });
  });

  it('gives the allocation change in points', () => {
    expect(allocationDelta({ allocation: 50 }, { allocation: 80 })).toBe('+30');
    expect(allocationDelta({ allocation: 80 }, { allocation: 50 })).toBe('-30');
    expect(allocationDelta(null, { allocation: 40 })).toBe('+40');
    expect(allocationDelta({ allocation: 40 }, null)).toBe('-40');
    expect(allocationDelta({ allocation: 33.3 }, { allocation: 33.3 })).toBe('0');
  });
});
