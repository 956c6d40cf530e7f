import { localDateOf } from '../../lib/window.ts';
import { viewMode } from '../../stores/viewMode.ts';

/** The day the window starts from when the URL names none: today, or the moment shown while looking at the past. */
export const todayShown = () => localDateOf(viewMode.pastAt ? new Date(viewMode.pastAt) : new Date());
