import type { CapacityResponse } from '../../domain/capacity/contracts.ts';
import { type PackedCapacityResponse, unpackCapacity } from '../../domain/capacity/columns.ts';
import { withMarksOf } from './api.ts';

/**
 * GET /api/capacity in its packed shape (shape=columns: each period once, a row's figures as lists),
 * written out as the rows of cells every screen reads. The features that ask for capacity make the
 * call; this keeps only the shape, shared by them. No zod on this path: the schedule reads its grid
 * with it before the app's schemas have loaded.
 */
export function packedCapacityPath(query: string): string {
  const search = new URLSearchParams(query);
  search.set('shape', 'columns');
  // In key order, as queryText writes a query: one question, one address.
  search.sort();
  return `/api/capacity?${search.toString()}`;
}

/** The packed answer as rows of cells, with the answer's position in the log kept. */
export const unpackedCapacity = (packed: PackedCapacityResponse): CapacityResponse => withMarksOf(packed, unpackCapacity(packed));
