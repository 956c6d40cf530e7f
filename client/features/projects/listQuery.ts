import type { ProjectListParams, ProjectSortKey } from '../../../domain/lists/project-list.ts';
import type { ListRequest } from '../../machines/remoteList.machine.ts';

/** A column's sort arrow, as antd's Table spells it. */
export type SortOrder = 'ascend' | 'descend' | null;

/** Rows per page of the Projects Directory. */
export const PAGE_SIZE = 20;

/** The directory's first order: newest first, so a project just created heads it. */
export const DEFAULT_SORT = '-created';

/** The table's request as GET /api/projects spells it. Never bare: `limit` is always there. */
export function projectListParams(request: ListRequest): ProjectListParams {
  const { status, tentative, openRoles } = request.filters;
  const flag = (value: string | null | undefined) => (value === 'true' || value === 'false' ? value : undefined);
  return {
    q: request.search.trim() || undefined,
    status: status ?? undefined,
    tentative: flag(tentative),
    openRoles: flag(openRoles),
    sort: request.sort ?? undefined,
    limit: request.pageSize,
    offset: (request.page - 1) * request.pageSize,
  };
}

/** The sortable columns and the list's sort key behind each (Timeline sorts by start date). */
const columnSorts: Record<string, ProjectSortKey> = { name: 'name', timeline: 'startDate', status: 'status' };

/** The arrow a column shows for the list's sort. */
export function columnSortOrder(columnKey: string, sort: string | null): SortOrder {
  const key = columnSorts[columnKey];
  if (!key || !sort) return null;
  if (sort === key) return 'ascend';
  if (sort === `-${key}`) return 'descend';
  return null;
}

/** The list's sort after a click on a column header; back to the first order once the column's arrow is cleared. */
export function sortOfColumn(columnKey: unknown, order: SortOrder | undefined): string {
  const key = typeof columnKey === 'string' ? columnSorts[columnKey] : undefined;
  if (!key || !order) return DEFAULT_SORT;
  return order === 'descend' ? `-${key}` : key;
}

/** Events that can change the directory: a project's own, and its open roles' (the open-roles filter). */
export const touchesProjectRows = (event: { type: string }) => event.type.startsWith('Project') || event.type.startsWith('Placeholder');

/** The project page's address. */
export { projectPagePath as projectPath } from '../../lib/paths.ts';
