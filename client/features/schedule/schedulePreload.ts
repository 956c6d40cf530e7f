import { viewFromSearch } from '../../lib/scheduleView.ts';
import { capacityQuery } from '../../lib/scheduleWindow.ts';
import { readToken } from '../../lib/token.ts';
import type { ScheduleData } from '../../machines/schedule.machine.ts';
import { viewMode } from '../../stores/viewMode.ts';
import { fetchSchedule } from './scheduleFetch.ts';
import { todayShown } from './todayShown.ts';

/** An answer older than this is not handed to the screen: it was asked for a visit that never showed it. */
const FRESH_MS = 15_000;

let preloaded: { key: string; at: number; answer: Promise<ScheduleData>; settled?: ScheduleData } | null = null;

/**
 * Asks for the schedule of the address as soon as the route is entered, while the screen's code is
 * still loading, instead of after it has loaded and rendered: the two waits overlap. Only the
 * live plan is read ahead (the past one is worked out in the page), and only with a session.
 */
export function preloadSchedule(search: URLSearchParams) {
  if (!readToken() || viewMode.past) return;
  const query = capacityQuery(viewFromSearch(search), todayShown());
  const answer = fetchSchedule(query);
  // Whoever takes it handles a failure; one never taken must not be reported as unhandled.
  answer.catch(() => undefined);
  const entry: NonNullable<typeof preloaded> = { key: query.toString(), at: performance.now(), answer };
  void answer.then((data) => (entry.settled = data), () => undefined);
  preloaded = entry;
}

const matching = (query: URLSearchParams) =>
  preloaded && preloaded.key === query.toString() && performance.now() - preloaded.at <= FRESH_MS ? preloaded : null;

/** The answer read ahead for exactly this query, once; null when there is none (the screen fetches it itself). */
export function takePreloaded(query: URLSearchParams): Promise<ScheduleData> | null {
  const found = matching(query);
  preloaded = null;
  return found?.answer ?? null;
}

/**
 * The answer read ahead for this query if it has already come, once: the screen then draws the grid
 * in its first render, not one render later.
 */
export function takeArrived(query: URLSearchParams): ScheduleData | null {
  const found = matching(query);
  if (!found?.settled) return null;
  preloaded = null;
  return found.settled;
}
