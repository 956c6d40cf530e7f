
/**
 * The signed-in role, told to the server in a cookie, as a hint only: the server names the first
 * screen's code in the page it sends (server/plugins/web-app.ts), and for that it must know which
 * screen the guard will show (an engineer at a manager's address is shown their dashboard, whose code
 * is the one to fetch). The token itself stays in local storage and authorises every request; this
 * cookie authorises nothing.
 */

/** The role hint's cookie; server/plugins/web-app.ts reads it under the same name (tests/static/page-contract.test.ts). */
export const ROLE_HINT_COOKIE = 'cp_role';

/** Where cookies are written: `document`, or a stand-in in tests (with the page's protocol, for Secure). */
export type CookieJar = { cookie: string; location?: { protocol: string } };

export const browserCookies = (): CookieJar | null => (typeof document === 'undefined' ? null : document);

/** Writes the hint for a role, or clears it for none (signed out, or a token that names no role). */
export function writeRoleHint(role: string | null, jar: CookieJar | null = browserCookies()) {
  if (!jar) return;
  jar.cookie = role && /^[a-z]+$/.test(role)
    ? `${ROLE_HINT_COOKIE}=${role}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${ROLE_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
