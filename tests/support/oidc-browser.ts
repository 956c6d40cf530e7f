/**
 * The browser's part of a sign-on, for integration tests: /api/auth/oidc/start on the app (in-process),
 * then the test provider's pages over real HTTP with a cookie jar of their own (a fresh provider
 * session each time, so each login shows its form), the development login form submitted with the
 * login name, and the provider's redirect back to the app's callback.
 */
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/** The name=value pairs of Set-Cookie headers (attributes dropped). */
export function cookiePairs(setCookie: string | string[] | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const header of [setCookie ?? []].flat()) {
    const [pair] = header.split(';');
    const at = pair!.indexOf('=');
    if (at > 0) pairs.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
  }
  return pairs;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].filter(([, value]) => value !== '').map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * Logs in at the provider from its authorization URL as `login` (any password) and returns the address
 * it sends the browser back to: the app's callback with `code`, `state` and `iss` in the query.
 */
export async function loginAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 12; step += 1) {
    if (url.origin !== origin) return url;
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers as Record<string, string>, cookie: cookieHeader(jar) } });
    for (const [name, value] of cookiePairs(response.headers.getSetCookie())) jar.set(name, value);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      init = {};
      continue;
    }
    const page = await response.text();
    expect(response.status, page.slice(0, 500)).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`the provider showed a page without its form: ${page.slice(0, 500)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    const fields: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt };
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() };
  }
  throw new Error('the provider never sent the browser back to the app');
}

export type Begun = { authorizationUrl: URL; cookie: string };

/** GET /api/auth/oidc/start: where it sends the browser, and the cookie it keeps meanwhile. */
export async function beginSignOn(t: TestApp): Promise<Begun> {
  const response = await t.request({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(response.statusCode, response.body).toBe(302);
  const cookie = cookieHeader(cookiePairs(response.headers['set-cookie']));
  return { authorizationUrl: new URL(String(response.headers.location)), cookie };
}

export type Landing = { code?: string; error?: string; location: string; setCookie: string | string[] | undefined };

/** The app's callback as the browser calls it (with `cookie`), and what the /sign-on page it lands on is given. */
export async function finishSignOn(t: TestApp, callbackUrl: URL, cookie: string | undefined): Promise<Landing> {
  const response = await t.request({ method: 'GET', url: callbackUrl.pathname + callbackUrl.search, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(302);
  const location = String(response.headers.location);
  const fragment = new URLSearchParams(new URL(location).hash.slice(1));
  return {
    code: fragment.get('code') ?? undefined,
    error: fragment.get('error') ?? undefined,
    location,
    setCookie: response.headers['set-cookie'],
  };
}

/** The whole round: start, the provider's login as `login`, the callback. */
export async function signOnAs(t: TestApp, login: string): Promise<Landing> {
  const begun = await beginSignOn(t);
  const callbackUrl = await loginAtProvider(begun.authorizationUrl.href, login);
  return finishSignOn(t, callbackUrl, begun.cookie);
}

/** POST /api/auth/oidc/exchange. */
export const exchange = (t: TestApp, code: string) => t.request({ method: 'POST', url: '/api/auth/oidc/exchange', body: { code } });
