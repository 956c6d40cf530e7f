/** A moment of the plan's past: a date-time (`at`) or an event's cursor (the plan right after that event). */
export type Moment = { at: string } | { cursor: string };

/** The query string of GET /api/history/state for a moment. */
export const momentQuery = (moment: Moment) =>
  'at' in moment ? `at=${encodeURIComponent(new Date(moment.at).toISOString())}` : `cursor=${encodeURIComponent(moment.cursor)}`;
