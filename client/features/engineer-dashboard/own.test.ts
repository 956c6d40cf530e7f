import { describe, expect, it } from 'vitest';
import type { Assignment } from '../../../domain/entities.ts';
import { markTentative, ownAssignments, splitByTiming } from './own.ts';

const a = (id: string, engineer: string, start: string, end: string): Assignment => ({
  _id: id,
  engineerId: { _id: engineer, name: engineer, email: `${engineer}@demo.test` },
  projectId: { _id: 'p', name: 'P', status: 'active' },
  role: 'Developer',
  allocationPercentage: 50,
  startDate: start,
  endDate: end,
  version: 1,
});

const list = [
  a('1', 'eli', '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z'),
  a('2', 'eli', '2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z'),
  a('3', 'eli', '2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z'),
  a('4', 'ana', '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z'),
  a('5', 'eli', '2026-08-01T00:00:00Z', '2026-09-01T00:00:00Z'),
];

describe('engineer dashboard helpers', () => {
  it('keeps the user\'s own assignments by id or email', () => {
    expect(ownAssignments(list, { _id: 'eli', email: 'x@y.z' }).map((x) => x._id)).toEqual(['1', '2', '3', '5']);
    expect(ownAssignments(list, { _id: 'other', email: 'ANA@demo.test' }).map((x) => x._id)).toEqual(['4']);
    expect(ownAssignments(list, null)).toHaveLength(5);
  });
  it('splits current and upcoming, each sorted by start', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    const { current, upcoming } = splitByTiming(ownAssignments(list, { _id: 'eli', email: '' }), now);
    expect(current.map((x) => x._id)).toEqual(['1']);
    expect(upcoming.map((x) => x._id)).toEqual(['5', '2']);
  });
  it('marks the assignments whose project is tentative, from the projects list', () => {
    const onPipeline = { ...a('6', 'eli', '2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z'), projectId: { _id: 'pipeline', name: 'Pipeline', status: 'planning' as const } };
    const marked = markTentative([list[0]!, onPipeline], [{ _id: 'p', tentative: false }, { _id: 'pipeline', tentative: true }]);
    expect(marked.map((x) => [x._id, x.tentative])).toEqual([['1', false], ['6', true]]);
    expect(markTentative([onPipeline], [])[0]!.tentative).toBe(false);
  });
});
