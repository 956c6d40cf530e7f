import { request } from '../../lib/http.ts';

/** One's own calendar feed: its private address (made on first ask) and revoking it. */
export const calendarFeedApi = {
  url: () => request<{ url: string }>('POST', '/api/calendar-feeds/me'),
  revoke: () => request<null>('DELETE', '/api/calendar-feeds/me'),
};
