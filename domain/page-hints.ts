/**
 * What the build tells the server about the page it sends for each address, and what the browser tells
 * the server about who is asking: the contract between client/build/routeHints.ts (which writes the
 * file), server/plugins/web-app.ts (which reads it and the cookie) and client/lib/roleHint.ts (which
 * writes the cookie).
 */

/** Written beside index.html by the build. */
export const ROUTE_HINTS_FILE = 'route-hints.json';

/** The cookie naming the signed-in role, a hint that authorises nothing (client/lib/roleHint.ts). */
export const ROLE_HINT_COOKIE = 'cp_role';

/**
 * The value of cookie `name` in a Cookie header or `document.cookie`: the first one `valid` accepts
 * whole (a name may come twice, from two paths); null when none does.
 */
export function cookieValue(cookies: string | undefined, name: string, valid: RegExp): string | null {
  for (const part of (cookies ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trimStart() !== name) continue;
    const value = part.slice(at + 1);
    if (valid.test(value)) return value;
  }
  return null;
}

/** Who asks, when the cookie names no role. */
export const SIGNED_OUT = 'signed-out';

/** The files of one route's first screen, as absolute paths ('/assets/...'). */
export type RouteHint = { js: string[]; css: string[] };

/**
 * By route ('/capacity', '/scenarios/:id'; '*' for any other address), then by who asks: a role the
 * role hint cookie names, or SIGNED_OUT.
 */
export type RouteHints = Record<string, Record<string, RouteHint>>;

/**
 * An address as the app's router reads it, in any case and with trailing slashes or without: the
 * path the guard, the booting app and the server's hints all match ('/Capacity/' is '/capacity').
 */
export const routePath = (pathname: string): string => pathname.toLowerCase().replace(/\/+$/, '') || '/';

/**
 * A copy of the session's token beside the role hint (client/lib/sessionCookie.ts), for one use only:
 * the page sent for the schedule's address carries that reader's first grid (web-app.ts), so it can be
 * drawn before the app has loaded. The API never reads it (its requests carry the token in a header),
 * so a request another site makes the browser send gains nothing from it.
 */
export const SESSION_COOKIE = 'cp_session';

/** The page's element holding the top of the schedule's grid, and the one the first-paint script draws it in. */
export const FIRST_SCHEDULE_ID = 'first-schedule';
export const FIRST_PAINT_ID = 'first-paint';
/** The template holding the app's files to preload until the first paint is drawn. */
export const FIRST_PAINT_PRELOADS_ID = 'first-paint-preloads';

/** What that element holds: the grid's top (GET /api/capacity's packed answer, cut short) and the window's open roles. */
export type FirstSchedule<Grid> = { grid: Grid; openRoles: { count: number; projects: number } };

/** Written beside index.html by the build: the script that draws the schedule's first screen from that answer. */
export const FIRST_PAINT_FILE = 'first-paint.json';
export type FirstPaintManifest = { script: string };
