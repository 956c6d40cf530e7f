import type { CapacityResponse } from '../../../../domain/capacity/contracts.ts';
import type { PackedCapacityResponse } from '../../../../domain/capacity/columns.ts';
import { capacityQueryInput } from '../../../../domain/capacity/inputs.ts';
import { answerCapacityQuery } from '../../../../domain/capacity/query.ts';
import type { Plan } from '../../../../domain/plan.ts';
import { queryText } from '../../../lib/api.ts';
import { request, takeReadAhead } from '../../../lib/http.ts';
import { lastKnownTimeZone, rememberTimeZone } from '../../../lib/orgTimeZone.ts';
import { packedCapacityPath, unpackedCapacity } from '../../../lib/packedCapacity.ts';
import { factsOfPlan } from '../../../lib/planFacts.ts';

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

/**
 * Asked for with each period said once and a row's figures as lists (domain/capacity/columns.ts), and
 * written out as cells here: the Report's forecast (2,000 engineers x 12 weeks) was 6.4 MB of JSON as
 * cells, parsed in one task of up to 200 ms; packed it is about a fifth of that.
 */
export async function fetchCapacity(params: CapacityParams, signal?: AbortSignal): Promise<CapacityResponse> {
  // The same question read ahead before the screen loaded (the Manager Dashboard's week) is not asked again.
  const path = packedCapacityPath(queryText(params));
  const packed = await (takeReadAhead<PackedCapacityResponse>(path) ?? request<PackedCapacityResponse>('GET', path, { signal }));
  const answer = unpackedCapacity(packed);
  rememberTimeZone(answer.timeZone);
  return answer;
}

/** GET /api/capacity's answer for a past plan. */
export const pastCapacity = (plan: Plan, params: CapacityParams, timeZone = lastKnownTimeZone()): CapacityResponse =>
  answerCapacityQuery(factsOfPlan(plan), capacityQueryInput.parse(params), timeZone);
