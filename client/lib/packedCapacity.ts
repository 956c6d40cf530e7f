import type { CapacityResponse } from '../../domain/capacity/contracts.ts';
import { type PackedCapacityResponse, unpackCapacity } from '../../domain/capacity/columns.ts';
import { request, withMarksOf } from './api.ts';

/**
 * GET /api/capacity for `query` in its packed shape (shape=columns, asked for here: each period once, a
 * row's figures as lists), written out here as the rows of cells every screen reads, with the answer's
 * position in the log kept. No zod on this path: the schedule reads its grid with it before the
 * app's schemas have loaded.
 */
export async function requestPackedCapacity(query: string, signal?: AbortSignal): Promise<CapacityResponse> {
  const search = new URLSearchParams(query);
  search.set('shape', 'columns');
  // In key order, as queryText writes a query: one question, one address.
  search.sort();
  const packed = await request<PackedCapacityResponse>('GET', `/api/capacity?${search.toString()}`, { signal });
  return withMarksOf(packed, unpackCapacity(packed));
}
