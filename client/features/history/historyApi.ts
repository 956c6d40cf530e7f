import type { DiffOffsets, HistoryActor, HistoryPage, PlanDiff, Verification } from '../../../domain/history-contracts.ts';
import { ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { request } from '../../lib/http.ts';
import { downloadBlob } from '../../lib/csv.ts';
import { readToken } from '../../lib/token.ts';
import { historyQuery, type HistoryFilters } from './query.ts';

export type {
  DiffChange, DiffOffsets, DiffSection, EngineerDiff, EntityKind, HistoryActor, HistoryEvent, HistoryPage, ListPage, PlanDiff, Verification,
} from '../../../domain/history-contracts.ts';

/** How many events one page of the log asks for. */
export const PAGE_SIZE = 50;

/** How many rows of each section of a comparison one answer holds. */
export const DIFF_PAGE_SIZE = 200;

export const historyApi = {
  events: (filters: HistoryFilters, before: string | null, signal?: AbortSignal) =>
    request<HistoryPage>('GET', `/api/history/events?${historyQuery(filters, { before, limit: PAGE_SIZE })}`, { signal }),
  actors: () => request<HistoryActor[]>('GET', '/api/history/actors'),
  verify: () => request<Verification>('POST', '/api/history/verify'),
  diff: (from: string, to: string, offsets: DiffOffsets) => {
    const query = new URLSearchParams({ from, to, limit: String(DIFF_PAGE_SIZE) });
    for (const [section, offset] of Object.entries(offsets)) if (offset > 0) query.set(`${section}Offset`, String(offset));
    return request<PlanDiff>('GET', `/api/history/diff?${query}`);
  },
};

/**
 * The filtered log as CSV (format=csv), fetched with the session's token and saved through a Blob
 * link, since a plain link could not carry the Authorization header.
 */
export async function downloadHistoryCsv(filters: HistoryFilters, filename: string): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`/api/history/events?${historyQuery(filters, { format: 'csv' })}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: token } : {}) },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const message = body && typeof body.message === 'string' ? body.message : `Request failed with status code ${response.status}`;
    throw new ApiError(message, response.status, body);
  }
  downloadBlob(filename, await response.blob());
}
