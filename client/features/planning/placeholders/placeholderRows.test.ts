import { describe, expect, it } from 'vitest';
import type { Placeholder } from '../../../../domain/entities.ts';
import { newPlaceholderValues, openRolesText, placeholdersOf, removePlaceholderAction } from './placeholderRows.ts';

const placeholder = (id: string, projectId: string, startDate: string): Placeholder => ({
  _id: id, projectId, role: 'SRE', skills: ['Go'], allocationPercentage: 50, startDate, endDate: '2026-06-01T00:00:00.000Z', version: 3,
});

describe('placeholder rows', () => {
  it('lists a project\'s placeholders by start', () => {
    const list = [placeholder('b', 'p1', '2026-04-01T00:00:00.000Z'), placeholder('a', 'p1', '2026-03-01T00:00:00.000Z'), placeholder('c', 'p2', '2026-01-01T00:00:00.000Z')];
    expect(placeholdersOf(list, 'p1').map((p) => p._id)).toEqual(['a', 'b']);
    expect(openRolesText(1)).toBe('1 open role');
  });

  it('a new one starts with the project\'s dates and skills', () => {
    expect(newPlaceholderValues({ _id: 'p1', startDate: 's', endDate: 'e', requiredSkills: ['Go', 'Kubernetes'] })).toEqual({
      projectId: 'p1', skills: ['Go', 'Kubernetes'], startDate: 's', endDate: 'e',
    });
  });

  it('removal runs against the project\'s version', () => {
    expect(removePlaceholderAction(placeholder('a', 'p1', '2026-03-01T00:00:00.000Z'), { name: 'Payments', version: 9 })).toMatchObject({
      kind: 'removePlaceholder', id: 'a', version: 9, label: 'Remove the SRE placeholder from Payments', changes: null,
    });
  });
});
