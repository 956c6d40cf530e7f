import { queryText } from '../../lib/api.ts';
import { readAhead } from '../../lib/http.ts';
import { CURRENT_LOAD_PATH } from '../../lib/currentLoad.ts';
import { packedCapacityPath } from '../../lib/packedCapacity.ts';
import { todayDate, weeksFrom } from '../../lib/weeks.ts';

/** The week of `today` ('YYYY-MM-DD') as the dashboard asks GET /api/capacity for it: one question, one address. */
export const weekQuery = (today: string) => ({ ...weeksFrom(today, 1), step: 'week' as const });

/**
 * Asks for what the dashboard's first rows are drawn from (the directory, everyone's current load),
 * its cards' projects and this week's load of everyone before the screen's code has loaded: as the
 * app boots on /manager-dashboard (app/readAhead.ts) and as the route is entered, right after sign-in
 * above all (app/router.tsx). The screen's own requests take the answers over. The whole assignments
 * list, megabytes in a large organisation, is not among them: the screen asks for it once its first
 * rows are on screen. Managers and auditors only (the current load is theirs). Nothing here may
 * import React, antd or zod.
 */
export function preloadDashboard() {
  readAhead('/api/engineers');
  readAhead(CURRENT_LOAD_PATH);
  readAhead('/api/projects');
  readAhead(packedCapacityPath(queryText(weekQuery(todayDate(new Date())))));
}
