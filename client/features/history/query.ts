import dayjs from 'dayjs';
import { planningEventTypes } from '../../../domain/events.ts';
import type { HistoryFilters } from './historyLog.machine.ts';

export { type HistoryFilters, noFilters } from './historyLog.machine.ts';

export const eventTypes: readonly string[] = planningEventTypes;

/** 'AssignmentUpdated' -> 'Assignment updated'. */
export const eventTypeLabel = (type: string) =>
  type.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/ (\w)/g, (_, c: string) => ` ${c.toLowerCase()}`);

export const entityLabels = { project: 'Project', engineer: 'Engineer', assignment: 'Assignment', calendar: 'Calendar', account: 'Account', team: 'Team', staffing: 'Staffing request' } as const;

/** How many filters are set (the Clear button shows then). */
export const activeFilterCount = (filters: HistoryFilters) =>
  (filters.type ? 1 : 0) + (filters.entity ? 1 : 0) + (filters.actorId ? 1 : 0) + (filters.from || filters.to ? 1 : 0);

/**
 * The query string of GET /api/history/events for the filters, in a fixed order: filters first, then
 * the page (before, limit) or the export format. Unset filters are left out.
 */
export function historyQuery(
  filters: HistoryFilters,
  page: { before?: string | null; limit?: number; format?: 'csv' } = {},
): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.entity) params.set('entity', filters.entity);
  if (filters.actorId) params.set('actorId', filters.actorId);
  if (filters.from) params.set('from', new Date(filters.from).toISOString());
  if (filters.to) params.set('to', new Date(filters.to).toISOString());
  if (page.before) params.set('before', page.before);
  if (page.limit) params.set('limit', String(page.limit));
  if (page.format) params.set('format', page.format);
  return params.toString();
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The exported file's name, saying what it holds and when it was taken:
 * 'planning-history-assignment-updated-by-dana-whitfield-2026-03-01-to-2026-03-31-exported-2026-04-02-at-10h15.csv'.
 * The time says its hours and minutes apart: '2027' after a date reads as a year.
 */
export function csvFilename(filters: HistoryFilters, exportedAt: Date, actorName?: string | null): string {
  const parts = ['planning-history'];
  if (filters.entity) parts.push(filters.entity);
  if (filters.type) parts.push(slug(filters.type));
  if (filters.actorId) parts.push(`by-${slug(actorName || filters.actorId) || 'actor'}`);
  if (filters.from) parts.push(`from-${dayjs(filters.from).format('YYYY-MM-DD')}`);
  if (filters.to) parts.push(`to-${dayjs(filters.to).format('YYYY-MM-DD')}`);
  parts.push(`exported-${dayjs(exportedAt).format('YYYY-MM-DD-[at]-HH[h]mm')}`);
  return `${parts.join('-')}.csv`;
}

/** Pretty JSON for the details panel. */
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);
