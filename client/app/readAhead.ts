import { preloadDirectory } from '../features/engineers/directoryPreload.ts';
import { preloadDashboard } from '../features/manager-dashboard/dashboardPreload.ts';
import { preloadPlan } from '../features/project-plan/planPreload.ts';
import { mayReadSchedule, preloadSchedule } from '../features/schedule/schedulePreload.ts';
import { localDateOf } from '../lib/window.ts';
import { readAhead } from '../lib/http.ts';
import { PROFILE_PATH } from './sessionApi.ts';
import { readToken } from '../lib/token.ts';

/**
 * Imported first by main.tsx, so it runs before React, the router and antd are evaluated (a quarter
 * of a second on a slow machine): a page opened on the schedule asks for its grid, the app's largest
 * answer, while the rest of the app is still starting; one opened on the project plan, for the plan;
 * one opened on the Engineers screen or the Manager Dashboard, for the directory and everyone's current load.
 * Nothing here may import React, antd or zod.
 */
if (typeof location !== 'undefined' && location.pathname === '/capacity' && mayReadSchedule()) {
  // Nobody is looking at the past while the page boots: the window follows today.
  preloadSchedule(new URLSearchParams(location.search), localDateOf(new Date()));
}
if (typeof location !== 'undefined' && location.pathname === '/projects/plan' && mayReadSchedule()) {
  // The same readers as the schedule's grid: managers and auditors.
  preloadPlan(new URLSearchParams(location.search), localDateOf(new Date()));
}
if (typeof location !== 'undefined' && location.pathname === '/engineers' && mayReadSchedule()) {
  // Everyone's current load is for the schedule's readers; anyone else's screen asks for its lists itself.
  preloadDirectory();
}
if (typeof location !== 'undefined' && location.pathname === '/manager-dashboard' && mayReadSchedule()) {
  // The same: an engineer signed in here is sent to their own dashboard.
  preloadDashboard();
}

// A stored session is restored with the profile call (stores/session.ts), which otherwise starts only
// once React, the router and antd have been evaluated: every signed-in screen, the Profile screen
// above all, waited for it after that. Asked here, it crosses the network while they are evaluated.
if (typeof location !== 'undefined' && readToken() !== null) readAhead(PROFILE_PATH);
