import type { CapacityEngineerRow, CapacityResponse } from '../../domain/capacity/contracts.ts';
import type { CapacityFacts } from '../../domain/capacity/capacity-over-time.ts';
import { availabilityInput, capacityQueryInput } from '../../domain/capacity/inputs.ts';
import { answerCapacityQuery } from '../../domain/capacity/query.ts';
import type { Fit } from '../../domain/capacity/fit.ts';
import { availableEngineers } from '../../domain/capacity/ranking.ts';
import type { Plan } from '../../domain/plan.ts';
import { request } from './api.ts';
import { requestPackedCapacity } from './packedCapacity.ts';

/**
 * Capacity over time as the screens ask for it: from the server while the app shows the live plan,
 * or worked out here with the same pure functions from a past plan (the server only knows the
 * live one). Both answer the same shape, so a screen never knows which it got.
 */

type Text = string | undefined;
/** What GET /api/capacity takes (capacityQueryInput), as the screens ask it. */
export type CapacityParams = {
  from: string;
  to: string;
  step?: 'day' | 'week' | 'month';
  includeTentative?: boolean;
  q?: Text;
  engineerId?: Text;
  skills?: Text;
  sort?: 'peak' | 'free' | 'name';
  minFree?: number;
  limit?: number;
};
/** What GET /api/engineers/available takes (availabilityInput). */
export type AvailabilityParams = { from: string; to: string; minFree: number; includeTentative?: boolean; skills?: Text };
export type AvailableEngineer = CapacityEngineerRow & { lowestFree: number; fit: Fit };

/** The organisation's time zone as the server last said (its days are the model's days); UTC until then. */
let orgTimeZone = 'UTC';
export const lastKnownTimeZone = () => orgTimeZone;

/** Query text of the parameters that are set, in a fixed order so equal asks give equal URLs. */
export function queryText(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/**
 * Asked for with each period said once and a row's figures as lists (domain/capacity/columns.ts), and
 * written out as cells here: the Report's forecast (2,000 engineers x 12 weeks) was 6.4 MB of JSON as
 * cells, parsed in one task of up to 200 ms; packed it is about a fifth of that.
 */
export async function fetchCapacity(params: CapacityParams, signal?: AbortSignal): Promise<CapacityResponse> {
  const answer = await requestPackedCapacity(queryText(params), signal);
  orgTimeZone = answer.timeZone;
  return answer;
}

export const fetchAvailable = (params: AvailabilityParams, signal?: AbortSignal) =>
  request<AvailableEngineer[]>('GET', `/api/engineers/available?${queryText(params)}`, { signal });

/** What the model reads of a plan: its lists, and which projects are tentative. */
export function factsOfPlan(plan: Plan): CapacityFacts<CapacityEngineerRow> {
  return {
    engineers: plan.engineers,
    assignments: plan.assignments,
    tentativeProjectIds: plan.projects.filter((p) => p.tentative).map((p) => p._id),
    timeOff: plan.timeOff,
    holidays: plan.holidays,
    placeholders: plan.placeholders,
  };
}

/** GET /api/capacity's answer for a past plan. */
export const pastCapacity = (plan: Plan, params: CapacityParams, timeZone = orgTimeZone): CapacityResponse =>
  answerCapacityQuery(factsOfPlan(plan), capacityQueryInput.parse(params), timeZone);

/** GET /api/engineers/available's answer for a past plan. */
export function pastAvailable(plan: Plan, params: AvailabilityParams, timeZone = orgTimeZone): AvailableEngineer[] {
  const { skills = [], ...range } = availabilityInput.parse(params);
  const facts = factsOfPlan(plan);
  const engineers = skills.length === 0 ? facts.engineers : facts.engineers.filter((e) => skills.some((s) => e.skills.includes(s)));
  return availableEngineers({ ...facts, engineers, timeZone }, range).map(({ engineer, lowestFree, fit }) => ({ ...engineer, lowestFree, fit }));
}
