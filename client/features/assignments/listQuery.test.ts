import { describe, expect, it } from 'vitest';
import type { Assignment } from '../../../domain/entities.ts';
import { assignmentListQuery } from '../../../domain/lists/assignment-list.ts';
import { assignmentListParams, columnSortOrder, liveVersionsOf, sortOfColumn, throughLive, touchesAssignmentRows } from './listQuery.ts';

const request = { search: '', filters: {}, sort: null, page: 1, pageSize: 20 };

describe('the All Assignments table asking the server', () => {
  it('sends only what is set, always with a page size, as the shared query contract reads it', () => {
    expect(assignmentListParams(request)).toEqual({ limit: 20, offset: 0 });
    const params = assignmentListParams({ search: '  Priya ', filters: { status: 'active', engineerId: 'e1', projectId: null }, sort: '-startDate', page: 3, pageSize: 20 });
    expect(params).toEqual({ q: 'Priya', status: 'active', engineerId: 'e1', sort: '-startDate', limit: 20, offset: 40 });
    const parsed = assignmentListQuery.parse(params);
    expect(parsed).toMatchObject({ q: 'Priya', status: ['active'], engineerId: 'e1', limit: 20, offset: 40 });
    expect(parsed.sort).toEqual({ key: 'startDate', desc: true, text: '-startDate' });
  });

  it('maps column headers to sorts and back; the default order shows no arrow', () => {
    expect(sortOfColumn('timeline', 'ascend')).toBe('startDate');
    expect(sortOfColumn('engineer', 'descend')).toBe('-engineer');
    expect(sortOfColumn('engineer', null)).toBeNull();
    expect(sortOfColumn('status', 'ascend')).toBeNull();
    expect(columnSortOrder('timeline', 'startDate')).toBe('ascend');
    expect(columnSortOrder('allocation', '-allocation')).toBe('descend');
    expect(columnSortOrder('engineer', '-allocation')).toBeNull();
    expect(columnSortOrder('engineer', null)).toBeNull();
  });

  it('asks again for the events that can change a row', () => {
    for (const type of ['AssignmentCreated', 'AssignmentUpdated', 'AssignmentRemoved', 'EngineerProfileUpdated', 'ProjectUpdated', 'ProjectStatusChanged']) {
      expect(touchesAssignmentRows({ type }), type).toBe(true);
    }
    for (const type of ['EngineerRegistered', 'ProjectCreated', 'HolidayAdded']) expect(touchesAssignmentRows({ type }), type).toBe(false);
  });

  it('shows the page through the live collection: removed rows go, newer versions win', () => {
    const row = (id: string, version: number, role = 'Dev'): Assignment => ({
      _id: id, engineerId: { _id: 'e', name: 'E', email: 'e@x' }, projectId: { _id: 'p', name: 'P', status: 'active' },
      role, allocationPercentage: 50, startDate: '2026-01-01T00:00:00Z', endDate: '2026-02-01T00:00:00Z', version,
    });
    const page = [row('a', 1), row('b', 2), row('c', 1)];
    const live = new Map([['a', row('a', 2, 'Lead')], ['c', row('c', 1, 'Old')]]);
    expect(throughLive(page, live).map((r) => `${r._id}:${r.role}`)).toEqual(['a:Lead', 'c:Dev']);
    expect(throughLive(page, null)).toEqual(page);
    const versions = liveVersionsOf(page, [row('x', 1), row('c', 3, 'Lead'), row('a', 2)]);
    expect([...versions.keys()].sort()).toEqual(['a', 'c']);
    expect(throughLive(page, versions).map((r) => `${r._id}:${r.version}`)).toEqual(['a:2', 'c:3']);
  });
});
