import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage.ts';
import { clearToken, readToken, tokenRole, writeToken } from './token.ts';

describe('token storage', () => {
  it('stores the token as JSON under userToken and reads it back', () => {
    const storage = memoryStorage();
    writeToken('abc', storage);
    expect(storage.dump()).toEqual({ userToken: '"abc"' });
    expect(readToken(storage)).toBe('abc');
    clearToken(storage);
    expect(readToken(storage)).toBeNull();
  });
  it('accepts a raw (non-JSON) token and ignores empty values', () => {
    expect(readToken(memoryStorage({ userToken: 'raw' }))).toBe('raw');
    expect(readToken(memoryStorage({ userToken: '""' }))).toBeNull();
    expect(readToken(memoryStorage())).toBeNull();
    expect(readToken(null)).toBeNull();
  });
  it('reads the role claim of a JWT (base64url, unchecked), and null for anything else', () => {
    const claims = Buffer.from(JSON.stringify({ sub: 'u1', role: 'engineer', name: 'Ünal' })).toString('base64url');
    expect(tokenRole(`h.${claims}.sig`)).toBe('engineer');
    expect(tokenRole('not-a-jwt')).toBeNull();
    expect(tokenRole('h.%%%.sig')).toBeNull();
    expect(tokenRole(`h.${Buffer.from('{"sub":"u1"}').toString('base64url')}.sig`)).toBeNull();
    expect(tokenRole(null)).toBeNull();
  });
});
