import { planQuery, planViewFromSearch } from '../../lib/schedule/planView.ts';
import type { PlanData } from '../../machines/projectPlan.machine.ts';
import { fetchPlan } from './planFetch.ts';

/** An answer older than this is not handed to the screen: it was asked for a visit that never showed it. */
const FRESH_MS = 15_000;

let preloaded: { key: string; at: number; answer: Promise<PlanData> } | null = null;

/**
 * Asks for the plan of the address while the app boots (app/readAhead.ts, for managers and auditors),
 * instead of once the screen's code has loaded and rendered: the two waits overlap, as the schedule's do.
 */
export function preloadPlan(search: URLSearchParams, today: string) {
  const query = planQuery(planViewFromSearch(search), today);
  const answer = fetchPlan(query);
  // Whoever takes it handles a failure; one never taken must not be reported as unhandled.
  answer.catch(() => undefined);
  preloaded = { key: query.toString(), at: performance.now(), answer };
}

/** The answer read ahead for exactly this query, once; null when there is none (the screen fetches it itself). */
export function takePreloadedPlan(query: URLSearchParams): Promise<PlanData> | null {
  const found = preloaded && preloaded.key === query.toString() && performance.now() - preloaded.at <= FRESH_MS ? preloaded : null;
  preloaded = null;
  return found?.answer ?? null;
}
