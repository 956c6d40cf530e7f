import { describe, expect, it } from 'vitest';
import type { Assignment } from '../../../domain/entities.ts';
import {
  assignableProjects, assignmentConflictFields, assignmentRows, assignmentsSubtitle, canEndToday, countByAssignmentStatus, endTodayAction, freeText, removeAction,
  roleSuggestions,
} from './helpers.ts';

const a = (id: string, start: string, end: string): Assignment => ({
  _id: id,
  engineerId: { _id: 'e', name: 'E', email: 'e@x' },
  projectId: { _id: 'p', name: 'P', status: 'active' },
  role: 'Dev',
  allocationPercentage: 50,
  startDate: start,
  endDate: end,
  version: 1,
});

describe('assignments helpers', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const rows = assignmentRows(
    [
      a('upcoming', '2026-07-01T00:00:00Z', '2026-08-01T00:00:00Z'),
      a('active', '2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z'),
      a('done', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
    ],
    now,
  );
  it('adds status and progress and sorts by start', () => {
    expect(rows.map((r) => [r._id, r.status, r.progress])).toEqual([
      ['done', 'completed', 100],
      ['active', 'active', 51], // 31 of 61 days
      ['upcoming', 'upcoming', 0],
    ]);
  });
  it('counts by status', () => {
    expect(countByAssignmentStatus(rows)).toEqual({ active: 1, upcoming: 1, completed: 1 });
  });
  it('words the subtitle', () => {
    expect(assignmentsSubtitle(0)).toBe('No assignments match your current filters');
    expect(assignmentsSubtitle(1)).toBe('Showing 1 assignment');
    expect(assignmentsSubtitle(3)).toBe('Showing 3 assignments');
  });
});

describe('assignment planning helpers', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const running = { ...a('a1', '2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z'), version: 4 };

  it('offers End today only on a running assignment', () => {
    const [done, active, upcoming] = assignmentRows(
      [a('d', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'), running, a('u', '2026-07-01T00:00:00Z', '2026-08-01T00:00:00Z')],
      now,
    );
    expect([done, active, upcoming].map((row) => canEndToday(row!))).toEqual([false, true, false]);
  });

  it('End today sets the end date to now, against the row\'s version', () => {
    expect(endTodayAction(running, now)).toEqual({
      kind: 'endToday',
      id: 'a1',
      version: 4,
      label: "End E's assignment on P today",
      before: { role: 'Dev', allocationPercentage: 50, startDate: running.startDate, endDate: running.endDate },
      changes: { endDate: '2026-06-01T00:00:00.000Z' },
    });
  });

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
});
