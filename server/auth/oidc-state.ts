import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { PendingSignOn } from './oidc.ts';

/**
 * A sign-on in progress is kept by the browser, not the server: its state, nonce and PKCE verifier
 * ride in a short-lived cookie, sealed (AES-256-GCM) with a key derived from the app's JWT secret. Any
 * instance sharing that secret (they share the database, which keeps it) can finish a sign-on another
 * one began; nobody can read the verifier out of the cookie or forge one.
 *
 * The cookie is HttpOnly, SameSite=Lax (it must come back on the provider's top-level redirect to the
 * callback) and scoped to /api/auth/oidc, so no other request carries it.
 */

export const SIGN_ON_COOKIE = 'cp_sign_on';
const COOKIE_PATH = '/api/auth/oidc';
/** Long enough to type a password at the provider; a pending sign-on older than this is refused. */
export const SIGN_ON_LIFETIME_S = 600;

const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SignOnSealer = {
  seal: (pending: PendingSignOn, now?: Date) => string;
  /** The pending sign-on the value holds, or undefined for a forged, damaged or expired one. */
  open: (value: string | undefined, now?: Date) => PendingSignOn | undefined;
};

export function signOnSealer(secret: string): SignOnSealer {
  // Its own key: the JWT secret itself never meets this cipher, and nothing sealed here is a token.
  const key = Buffer.from(hkdfSync('sha256', secret, 'capacity-planner', 'oidc sign-on cookie', 32));
  return {
    seal(pending, now = new Date()) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = JSON.stringify({ ...pending, exp: Math.floor(now.getTime() / 1000) + SIGN_ON_LIFETIME_S });
      const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(value, now = new Date()) {
      if (!value || value.length > 2000) return undefined;
      const raw = Buffer.from(value, 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const body = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
        const parsed = JSON.parse(body) as PendingSignOn & { exp: number };
        if (!(parsed.exp * 1000 > now.getTime())) return undefined;
        return { state: parsed.state, nonce: parsed.nonce, codeVerifier: parsed.codeVerifier };
      } catch {
        return undefined;
      }
    },
  };
}

/** The Set-Cookie value that keeps a pending sign-on (`Secure` when people open the app over https). */
export const signOnCookie = (value: string, secure: boolean) =>
  `${SIGN_ON_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${SIGN_ON_LIFETIME_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The Set-Cookie value that forgets it: a pending sign-on is used once. */
export const clearedSignOnCookie = (secure: boolean) =>
  `${SIGN_ON_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
