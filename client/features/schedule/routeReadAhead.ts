import { viewMode } from '../../stores/viewMode.ts';
import { preloadSchedule } from './schedulePreload.ts';
import { todayShown } from '../../components/grid/todayShown.ts';

/** Entering the schedule from another screen: the live grid is read ahead, the past plan's is worked out in the page. */
export function readAheadOnEntry(search: URLSearchParams) {
  if (!viewMode.past) preloadSchedule(search, todayShown());
}
