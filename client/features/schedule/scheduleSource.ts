import { capacityQueryInput } from '../../../domain/capacity/inputs.ts';
import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import { answerCapacityQuery } from '../../../domain/capacity/query.ts';
import type { Plan } from '../../../domain/plan.ts';
import { listPosition, request } from '../../lib/api.ts';
import { includedIn, parseSnapshot } from '../../lib/snapshot.ts';

/** The live grid: GET /api/capacity. */
export const fetchCapacity = (query: URLSearchParams, signal?: AbortSignal) =>
  request<CapacityResponse>('GET', `/api/capacity?${query.toString()}`, { signal });

/** Projects not won yet, where the plan says so. */
const tentativeIds = (plan: Pick<Plan, 'projects'>) =>
  plan.projects.filter((p) => (p as { tentative?: boolean }).tentative === true).map((p) => p._id);

/**
 * The grid as it was at a past moment: /api/capacity only knows the live plan, so the past plan
 * (from the history) goes through the same pure query the server answers with.
 */
export function pastCapacity(plan: Plan, query: URLSearchParams, timeZone: string): CapacityResponse {
  const parsed = capacityQueryInput.parse(Object.fromEntries(query));
  return answerCapacityQuery({ engineers: plan.engineers, assignments: plan.assignments, tentativeProjectIds: tentativeIds(plan) }, parsed, timeZone);
}

/** Whether the grid already reflects the event at `cursor` (it was read in a snapshot that saw it): then it need not be fetched again. */
export function gridIncludes(grid: CapacityResponse | null, cursor: string): boolean {
  const snapshot = parseSnapshot(grid ? listPosition(grid)?.snapshot : null);
  return snapshot !== null && includedIn(snapshot, cursor);
}
