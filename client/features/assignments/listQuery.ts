import type { Assignment } from '../../../domain/entities.ts';
import type { AssignmentListParams, AssignmentSortKey } from '../../../domain/lists/assignment-list.ts';
import type { ListRequest } from '../../machines/remoteList.machine.ts';

/** A column's sort arrow, as antd's Table spells it. */
export type SortOrder = 'ascend' | 'descend' | null;

/** Rows per page of the All Assignments table. */
export const PAGE_SIZE = 20;

/** The table's request as GET /api/assignments spells it. Never bare: `limit` is always there. */
export function assignmentListParams(request: ListRequest): AssignmentListParams {
  const { status, engineerId, projectId } = request.filters;
  return {
    q: request.search.trim() || undefined,
    status: status ?? undefined,
    engineerId: engineerId ?? undefined,
    projectId: projectId ?? undefined,
    sort: request.sort ?? undefined,
    limit: request.pageSize,
    offset: (request.page - 1) * request.pageSize,
  };
}

/** The sortable columns and the list's sort key behind each (Timeline sorts by start date). */
const columnSorts: Record<string, AssignmentSortKey> = {
  engineer: 'engineer',
  project: 'project',
  role: 'role',
  allocation: 'allocation',
  timeline: 'startDate',
};

/** The arrow a column shows for the list's sort (none for the default, current-first order). */
export function columnSortOrder(columnKey: string, sort: string | null): SortOrder {
  const key = columnSorts[columnKey];
  if (!key || !sort) return null;
  if (sort === key) return 'ascend';
  if (sort === `-${key}`) return 'descend';
  return null;
}

/** The list's sort after a click on a column header; null (current first) once the column's arrow is cleared. */
export function sortOfColumn(columnKey: unknown, order: SortOrder | undefined): string | null {
  const key = typeof columnKey === 'string' ? columnSorts[columnKey] : undefined;
  if (!key || !order) return null;
  return order === 'descend' ? `-${key}` : key;
}

/** Events that can change a row of the table: an assignment's, or the name or status of its engineer or project. */
export const touchesAssignmentRows = (event: { type: string }) =>
  event.type.startsWith('Assignment') || event.type === 'EngineerProfileUpdated' || event.type === 'ProjectUpdated' || event.type === 'ProjectStatusChanged';

/**
 * The live versions of a page's rows, found in one pass over the collection: a map of the page's
 * twenty ids, not of every assignment (20,000 entries rebuilt on each live event cost a frame or two).
 */
export function liveVersionsOf(page: readonly Assignment[], live: readonly Assignment[]): Map<string, Assignment> {
  const ids = new Set(page.map((row) => row._id));
  const found = new Map<string, Assignment>();
  for (const a of live) if (ids.has(a._id)) found.set(a._id, a);
  return found;
}

/**
 * The server's page seen through the live collection, so the table agrees with the cards at once
 * after a write or a live event: a row removed meanwhile goes, a row changed meanwhile shows its
 * newer version. (The page is asked for again as well; that brings new rows and the new order.)
 */
export function throughLive(page: readonly Assignment[], live: ReadonlyMap<string, Assignment> | null): Assignment[] {
  if (!live) return [...page];
  return page.flatMap((row) => {
    const current = live.get(row._id);
    if (!current) return [];
    return [current.version > row.version ? current : row];
  });
}
