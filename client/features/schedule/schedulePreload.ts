import { viewFromSearch } from '../../lib/scheduleView.ts';
import { capacityQuery } from '../../lib/window.ts';
import { createReadAhead } from '../../lib/readAheadCache.ts';
import { readToken, tokenRole } from '../../lib/token.ts';
import type { ScheduleData } from './schedule.machine.ts';
import { fetchSchedule } from './scheduleFetch.ts';

const preloaded = createReadAhead<ScheduleData>({ one: true });

/**
 * Asks for the live schedule of the address before the screen's code has loaded, instead of after it
 * has loaded and rendered: the two waits overlap. Called as the app boots on /capacity (before React
 * and antd are evaluated, see app/readAhead.ts) and when the route is entered, both only when
 * `mayReadSchedule()`; a second call for the same view while the first answer is fresh asks nothing more. `today` is the day the window follows
 * when the address names none; the past plan is never read ahead (it is worked out in the page).
 */
export function preloadSchedule(search: URLSearchParams, today: string) {
  const query = capacityQuery(viewFromSearch(search), today);
  preloaded.start(query.toString(), () => fetchSchedule(query));
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

/** The answer read ahead for exactly this query, once; null when there is none (the screen fetches it itself). */
export const takePreloaded = (query: URLSearchParams): Promise<ScheduleData> | null => preloaded.take(query.toString());

/**
 * The answer read ahead for this query if it has already come: the screen then draws the grid in its
 * first render, not one render later. Not taken here, since a render may be thrown away and run again
 * (React starts an interrupted first render over, state and all): the screen lets go of it with
 * `shown` once it has committed, and until then every run of that render finds it.
 */
export const arrivedFor = (query: URLSearchParams): ScheduleData | null => preloaded.arrived(query.toString());

/** The screen has committed with this answer: no later visit may take it. */
export const shown = (data: ScheduleData) => preloaded.release(data);
