import { SESSION_COOKIE } from '../../domain/page-hints.ts';
import { browserCookies, type CookieJar } from './roleHint.ts';
import { tokenClaims } from './tokenClaims.ts';

/** Seconds until the token expires (its `exp` claim), read without checking the signature; null when it names none. */
export function secondsLeft(token: string, now = Date.now()): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? Math.max(0, Math.floor(exp - now / 1000)) : null;
}

/**
 * Keeps a copy of the token in a cookie for as long as the token lives, or clears it (signed out). The
 * server reads it only to put the schedule's first grid in the page (domain/page-hints.ts says why it
 * is safe): SameSite=Strict, so a link from another site opens the page without it.
 */
export function writeSessionCookie(token: string | null, jar: CookieJar | null = browserCookies(), now = Date.now()) {
  if (!jar) return;
  const secure = jar.location?.protocol === 'https:' ? '; Secure' : '';
  const life = token && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? secondsLeft(token, now) : 0;
  jar.cookie = life === 0 || !token
    ? `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`
    : `${SESSION_COOKIE}=${token}; Path=/${life === null ? '' : `; Max-Age=${life}`}; SameSite=Strict${secure}`;
}
