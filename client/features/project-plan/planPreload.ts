import { createReadAhead } from '../../lib/readAheadCache.ts';
import { planQuery, planViewFromSearch } from './planView.ts';
import type { PlanData } from './projectPlan.machine.ts';
import { fetchPlan } from './planFetch.ts';

const preloaded = createReadAhead<PlanData>({ one: true });

/**
 * Asks for the plan of the address while the app boots (app/readAhead.ts, for managers and auditors),
 * instead of once the screen's code has loaded and rendered: the two waits overlap, as the schedule's do.
 */
export function preloadPlan(search: URLSearchParams, today: string) {
  const query = planQuery(planViewFromSearch(search), today);
  preloaded.start(query.toString(), () => fetchPlan(query));
}

/** The answer read ahead for exactly this query, once; null when there is none (the screen fetches it itself). */
export const takePreloadedPlan = (query: URLSearchParams): Promise<PlanData> | null => preloaded.take(query.toString());
