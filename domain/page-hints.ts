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
