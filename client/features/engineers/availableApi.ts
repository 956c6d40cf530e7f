import type { CapacityEngineerRow } from '../../../domain/capacity/contracts.ts';
import type { Fit } from '../../../domain/capacity/fit.ts';
import { availabilityInput } from '../../../domain/capacity/inputs.ts';
import { availableEngineers } from '../../../domain/capacity/ranking.ts';
import type { Plan } from '../../../domain/plan.ts';
import { queryText } from '../../lib/api.ts';
import { request } from '../../lib/http.ts';
import { lastKnownTimeZone } from '../../lib/orgTimeZone.ts';
import { factsOfPlan } from '../../lib/planFacts.ts';
import { type LiveQuerySource, useLiveQuery } from '../../stores/useLiveQuery.ts';

/** What GET /api/engineers/available takes (availabilityInput). */
export type AvailabilityParams = { from: string; to: string; minFree: number; includeTentative?: boolean; skills?: string | undefined };
export type AvailableEngineer = CapacityEngineerRow & { lowestFree: number; fit: Fit };

export const fetchAvailable = (params: AvailabilityParams, signal?: AbortSignal) =>
  request<AvailableEngineer[]>('GET', `/api/engineers/available?${queryText(params)}`, { signal });

/** GET /api/engineers/available's answer for a past plan (the server only knows the live one). */
export function pastAvailable(plan: Plan, params: AvailabilityParams, timeZone = lastKnownTimeZone()): AvailableEngineer[] {
  const { skills = [], ...range } = availabilityInput.parse(params);
  const facts = factsOfPlan(plan);
  const engineers = skills.length === 0 ? facts.engineers : facts.engineers.filter((e) => skills.some((s) => e.skills.includes(s)));
  return availableEngineers({ ...facts, engineers, timeZone }, range).map(({ engineer, lowestFree, fit }) => ({ ...engineer, lowestFree, fit }));
}

const availableSource: LiveQuerySource<AvailabilityParams, AvailableEngineer[]> = { live: fetchAvailable, past: (plan, params) => pastAvailable(plan, params) };

/** GET /api/engineers/available for `params`, live or as it was. */
export const useAvailableEngineers = (params: AvailabilityParams | null) => useLiveQuery(availableSource, params);
