import { describe, expect, it } from 'vitest';
import { projectListQuery } from '../../../domain/lists/project-list.ts';
import { columnSortOrder, DEFAULT_SORT, projectListParams, projectPath, sortOfColumn, touchesProjectRows } from './listQuery.ts';

describe("the Projects Directory's request", () => {
  it('spells the search, filters, sort and page as GET /api/projects takes them, never bare', () => {
    const params = projectListParams({ search: '  portal ', filters: { status: 'active', tentative: 'true', openRoles: 'false' }, sort: '-startDate', page: 3, pageSize: 20 });
    expect(params).toEqual({ q: 'portal', status: 'active', tentative: 'true', openRoles: 'false', sort: '-startDate', limit: 20, offset: 40 });
    expect(projectListQuery.safeParse(params).success).toBe(true);
    expect(projectListParams({ search: '', filters: {}, sort: null, page: 1, pageSize: 20 })).toEqual({ q: undefined, status: undefined, tentative: undefined, openRoles: undefined, sort: undefined, limit: 20, offset: 0 });
  });

  it("shows each column's arrow for the sort, and a click's sort (back to the first order when cleared)", () => {
    expect(columnSortOrder('timeline', DEFAULT_SORT)).toBeNull();
    expect(columnSortOrder('timeline', '-startDate')).toBe('descend');
    expect(columnSortOrder('name', 'name')).toBe('ascend');
    expect(columnSortOrder('status', 'name')).toBeNull();
    expect(sortOfColumn('status', 'descend')).toBe('-status');
    expect(sortOfColumn('name', null)).toBe(DEFAULT_SORT);
    expect(sortOfColumn('description', 'ascend')).toBe(DEFAULT_SORT);
  });

  it("asks again for a project's change, and links a project to its page", () => {
    expect(touchesProjectRows({ type: 'ProjectMarkedTentative' })).toBe(true);
    expect(touchesProjectRows({ type: 'PlaceholderFilled' })).toBe(true);
    expect(touchesProjectRows({ type: 'AssignmentUpdated' })).toBe(false);
    expect(projectPath('a/b')).toBe('/projects/a%2Fb');
  });
});
