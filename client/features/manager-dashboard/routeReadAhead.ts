import { viewMode } from '../../stores/viewMode.ts';
import { preloadDashboard } from './dashboardPreload.ts';

/** Entering the dashboard from another screen or the sign-in: the live lists are read ahead; a past plan's are in the page already. */
export function readAheadOnEntry() {
  if (!viewMode.past) preloadDashboard();
}
