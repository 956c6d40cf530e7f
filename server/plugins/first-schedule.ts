import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { capacityQueryInput } from '../../domain/index.ts';
import { dateOfDay } from '../../domain/capacity/calendar-days.ts';
import { localDayOf } from '../../domain/capacity/time-zone.ts';
import { cookieValue, FIRST_SCHEDULE_ID, routePath, SESSION_COOKIE } from '../../domain/page-hints.ts';
import { viewFromSearch } from '../../domain/schedule/view.ts';
import { capacityQuery } from '../../domain/schedule/window.ts';
import { openRolesIn } from '../read-models/time-off-holidays-placeholders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * For a page request to the schedule's address from a manager or an auditor (the session cookie,
     * domain/page-hints.ts): the element that carries the top of their grid (its first rows, enough to
     * fill a screen, with the periods and totals: what GET /api/capacity answers the app for that
     * address, cut short) and how many open roles the window has, to go at the end of the page. Null for anyone else, any other address, or
     * an address whose view cannot be read: the page is then sent as it is.
     */
    firstScheduleOf: (request: FastifyRequest) => Promise<string | null>;
  }
}


/**
 * JSON inside a script element: '<' only ever appears inside its strings, where \u003c says the same,
 * so no text in it (a name such as '</script>') can end the element.
 */
export const scriptSafeJson = (text: string) => text.replace(/</g, '\\u003c');

export default fp(async function firstSchedule(app: FastifyInstance, options: { timeZone: string }) {
  app.decorate('firstScheduleOf', async (request: FastifyRequest) => {
    const at = request.url.indexOf('?');
    if (routePath(at < 0 ? request.url : request.url.slice(0, at)) !== '/capacity') return null;
    const viewer = await app.viewerOf(cookieValue(request.headers.cookie, SESSION_COOKIE, /^[\w.-]+$/) ?? undefined);
    if (viewer?.role !== 'manager' && viewer?.role !== 'auditor') return null;
    // The query the app itself will ask (features/schedule/schedulePreload.ts), the window following
    // today where the organisation is: worked out here, its answer is ready when the app asks. The page
    // takes only its head: the whole grid of a large organisation is megabytes, and the page would be
    // that much longer to read before the app's code runs.
    const query = capacityQuery(viewFromSearch(new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1))), dateOfDay(localDayOf(Date.now(), options.timeZone)));
    const parsed = capacityQueryInput.safeParse({ ...Object.fromEntries(query), shape: 'columns' });
    if (!parsed.success) return null;
    const [answer, openRoles] = await Promise.all([app.capacityAnswer(parsed.data, undefined), openRolesIn(app.db, parsed.data)]);
    const first = `{"grid":${answer.head},"openRoles":${JSON.stringify(openRoles)}}`;
    return `<script type="application/json" id="${FIRST_SCHEDULE_ID}">${scriptSafeJson(first)}</script>`;
  });
});
