import { describe, expect, it } from 'vitest';
import type { Project } from '../../../domain/entities.ts';
import { newestFirst, skillOptions, teamSizeText, tentativeAction, tentativeMove } from './projectActions.ts';

describe('project actions', () => {
  it('offers the sorted union of engineer skills and required skills', () => {
    expect(skillOptions([{ skills: ['React', 'Go'] }], [{ requiredSkills: ['Kubernetes', 'Go'] }])).toEqual(['Go', 'Kubernetes', 'React']);
  });
  it('words team sizes', () => {
    expect(teamSizeText(5)).toBe('5 engineers');
    expect(teamSizeText(1)).toBe('1 engineer');
  });
  it('sorts newest (largest UUIDv7) first', () => {
    const ids = ['0190a0a0-0000-7000-8000-000000000001', '0190a0a0-0000-7000-8000-000000000003', '0190a0a0-0000-7000-8000-000000000002'];
    expect(newestFirst(ids.map((_id) => ({ _id }))).map((p) => p._id.slice(-1))).toEqual(['3', '2', '1']);
  });
  it('marks a project tentative or confirms it, against its version', () => {
    const project = { _id: 'p1', name: 'Mobile App v2', tentative: false, version: 4 } as Project;
    expect(tentativeAction(project)).toEqual({
      kind: 'tentative', id: 'p1', version: 4, label: 'Mark Mobile App v2 tentative', before: { tentative: false }, changes: { tentative: true },
    });
    expect(tentativeMove(project).menu).toBe('Mark tentative (not won yet)');
    expect(tentativeAction({ ...project, tentative: true })).toMatchObject({ kind: 'confirm', label: 'Confirm Mobile App v2', changes: { tentative: false } });
    expect(tentativeMove({ tentative: true }).menu).toBe('Confirm (won)');
  });
});
