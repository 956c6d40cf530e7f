import { describe, expect, it } from 'vitest';
import { clearedSignOnCookie, SIGN_ON_LIFETIME_S, signOnCookie, signOnSealer } from './oidc-state.ts';

const secret = 'a-jwt-secret-that-is-long-enough-for-hs256';
const pending = { state: 'the-state', nonce: 'the-nonce', codeVerifier: 'the-verifier-'.padEnd(43, 'x') };

describe('the pending sign-on cookie', () => {
  it('opens what it sealed, on any instance with the same secret', () => {
    const value = signOnSealer(secret).seal(pending);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(signOnSealer(secret).open(value)).toEqual(pending);
  });

  it('hides what it holds', () => {
    const text = Buffer.from(signOnSealer(secret).seal(pending), 'base64url').toString('latin1');
    for (const part of Object.values(pending)) expect(text).not.toContain(part);
  });

  it('refuses another secret\'s, a changed one, garbage and nothing', () => {
    const sealer = signOnSealer(secret);
    const value = sealer.seal(pending);
    expect(signOnSealer(`${secret}-other`).open(value)).toBeUndefined();
    const raw = Buffer.from(value, 'base64url');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(sealer.open(raw.toString('base64url'))).toBeUndefined();
    expect(sealer.open('not-a-sealed-value')).toBeUndefined();
    expect(sealer.open('')).toBeUndefined();
    expect(sealer.open(undefined)).toBeUndefined();
  });

  it('expires after its lifetime', () => {
    const sealer = signOnSealer(secret);
    const start = new Date('2026-11-27T10:00:00Z');
    const value = sealer.seal(pending, start);
    expect(sealer.open(value, new Date(start.getTime() + (SIGN_ON_LIFETIME_S - 1) * 1000))).toEqual(pending);
    expect(sealer.open(value, new Date(start.getTime() + SIGN_ON_LIFETIME_S * 1000))).toBeUndefined();
  });

  it('is HttpOnly, SameSite=Lax, scoped to the sign-on routes, Secure over https, and cleared the same way', () => {
    expect(signOnCookie('v', false)).toBe('cp_sign_on=v; Path=/api/auth/oidc; Max-Age=600; HttpOnly; SameSite=Lax');
    expect(signOnCookie('v', true)).toMatch(/; Secure$/);
    expect(clearedSignOnCookie(true)).toBe('cp_sign_on=; Path=/api/auth/oidc; Max-Age=0; HttpOnly; SameSite=Lax; Secure');
  });
});
