import { viewFromSearch } from '../../lib/schedule/view.ts';
import { capacityQuery } from '../../lib/schedule/window.ts';
import { readToken, tokenRole } from '../../lib/token.ts';
import type { ScheduleData } from '../../machines/schedule.machine.ts';
import { fetchSchedule } from './scheduleFetch.ts';

/** An answer older than this is not handed to the screen: it was asked for a visit that never showed it. */
const FRESH_MS = 15_000;

let preloaded: { key: string; at: number; answer: Promise<ScheduleData>; settled?: ScheduleData } | null = null;

/**
 * Asks for the live schedule of the address before the screen's code has loaded, instead of after it
 * has loaded and rendered: the two waits overlap. Called as the app boots on /capacity (before React
 * and antd are evaluated, see app/readAhead.ts) and when the route is entered, both only when
 * `mayReadSchedule()`; a second call for the same view while the first answer is fresh asks nothing more. `today` is the day the window follows
 * when the address names none; the past plan is never read ahead (it is worked out in the page).
 */
export function preloadSchedule(search: URLSearchParams, today: string) {
  const query = capacityQuery(viewFromSearch(search), today);
  if (matching(query)) return;
  const answer = fetchSchedule(query);
  // Whoever takes it handles a failure; one never taken must not be reported as unhandled.
  answer.catch(() => undefined);
  const entry: NonNullable<typeof preloaded> = { key: query.toString(), at: performance.now(), answer };
  void answer.then((data) => (entry.settled = data), () => undefined);
  preloaded = entry;
}

/**
 * Whether the session's token is a manager's or an auditor's: only a hint for reading ahead (the server
 * decides what is allowed). An engineer is sent to their dashboard: the schedule's code and data are
 * never fetched for them.
 */
export function mayReadSchedule(): boolean {
  const role = tokenRole(readToken());
  return role === 'manager' || role === 'auditor';
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
 * The answer read ahead for this query if it has already come: the screen then draws the grid in its
 * first render, not one render later. Not taken here, since a render may be thrown away and run again
 * (React starts an interrupted first render over, state and all): the screen lets go of it with
 * `shown` once it has committed, and until then every run of that render finds it.
 */
export function arrivedFor(query: URLSearchParams): ScheduleData | null {
  return matching(query)?.settled ?? null;
}

/** The screen has committed with this answer: no later visit may take it. */
export function shown(data: ScheduleData) {
  if (preloaded?.settled === data) preloaded = null;
}
