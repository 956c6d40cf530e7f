import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../domain/page-hints.ts';
import { secondsLeft, writeSessionCookie } from './sessionCookie.ts';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenWith = (claims: object) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.c2lnbmF0dXJl`;

/** The last cookie written. */
const jar = (protocol = 'http:') => ({ cookie: '', location: { protocol } });

describe('the session cookie', () => {
  it('keeps the token for as long as the token lives, for the whole site, sent by no other site', () => {
    const token = tokenWith({ sub: 'u1', role: 'manager', exp: NOW / 1000 + 3600 });
    const cookies = jar();
    writeSessionCookie(token, cookies, NOW);
    expect(cookies.cookie).toBe(`${SESSION_COOKIE}=${token}; Path=/; Max-Age=3600; SameSite=Strict`);
  });

  it('is Secure on a page served over https', () => {
    const cookies = jar('https:');
    writeSessionCookie(tokenWith({ exp: NOW / 1000 + 60 }), cookies, NOW);
    expect(cookies.cookie).toMatch(/; Max-Age=60; SameSite=Strict; Secure$/);
  });

  it('lasts the browser session for a token that names no end', () => {
    const token = tokenWith({ sub: 'u1' });
    const cookies = jar();
    writeSessionCookie(token, cookies, NOW);
    expect(cookies.cookie).toBe(`${SESSION_COOKIE}=${token}; Path=/; SameSite=Strict`);
  });

  it('is cleared when signed out, for an expired token, and for anything that is not a token (nothing else may reach a cookie)', () => {
    for (const token of [null, tokenWith({ exp: NOW / 1000 - 1 }), 'abc', 'a.b.c; Path=/evil', '']) {
      const cookies = jar();
      writeSessionCookie(token, cookies, NOW);
      expect(cookies.cookie, String(token)).toBe(`${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`);
    }
  });

  it('reads the seconds left from the token\'s exp claim, without trusting anything else of it', () => {
    expect(secondsLeft(tokenWith({ exp: NOW / 1000 + 90.5 }), NOW)).toBe(90);
    expect(secondsLeft(tokenWith({ exp: NOW / 1000 - 5 }), NOW)).toBe(0);
    expect(secondsLeft(tokenWith({ exp: 'soon' }), NOW)).toBeNull();
    expect(secondsLeft('x.not-json.y', NOW)).toBeNull();
  });
});
