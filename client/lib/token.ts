import { writeRoleHint } from './roleHint.ts';
import { tokenClaims } from './tokenClaims.ts';

/** The login token lives in local storage under `userToken`, stored as JSON. */
export const TOKEN_KEY = 'userToken';

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's local storage, or null where there is none (tests in Node, private modes that throw). */
export function browserStorage(): TokenStorage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

/** The stored token, or null. A value that is not JSON is taken as the raw token. */
export function readToken(storage: TokenStorage | null = browserStorage()): string | null {
  const raw = storage?.getItem(TOKEN_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' && value.length > 0 ? value : null;
  } catch {
    return raw;
  }
}

/** Stores the token, and tells the server its role as a hint for the pages it sends (roleHint.ts). */
export function writeToken(token: string, storage: TokenStorage | null = browserStorage()) {
  storage?.setItem(TOKEN_KEY, JSON.stringify(token));
  writeRoleHint(tokenRole(token));
}

export function clearToken(storage: TokenStorage | null = browserStorage()) {
  storage?.removeItem(TOKEN_KEY);
  writeRoleHint(null);
}

/**
 * The role the token was signed with, read without checking the signature: only a hint for reading
 * ahead (the schedule's code and data for the roles that may see it), never for what is allowed.
 */
export function tokenRole(token: string | null): string | null {
  const role = tokenClaims(token)?.role;
  return typeof role === 'string' ? role : null;
}
