import { describe, expect, it } from 'vitest';
import type { Assignment } from '../../../domain/entities.ts';
import { assignmentRows, assignmentsSubtitle, countByAssignmentStatus } from './assignmentRows.ts';

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

describe('assignment rows', () => {
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
      ['active', 'active', 50], // 31 of its 62 days (May 1 through Jul 1) are over
      ['upcoming', 'upcoming', 0],
    ]);
  });
  it('counts by status', () => {
    expect(countByAssignmentStatus(rows, now)).toEqual({ active: 1, upcoming: 1, completed: 1 });
  });
  it('words the subtitle', () => {
    expect(assignmentsSubtitle(0, true)).toBe('No assignments match your current filters');
    // No filter set (a moment before anything was planned): no filter is blamed.
    expect(assignmentsSubtitle(0, false)).toBe('No assignments');
    expect(assignmentsSubtitle(1, false)).toBe('Showing 1 assignment');
    expect(assignmentsSubtitle(3, true)).toBe('Showing 3 assignments');
  });
});
