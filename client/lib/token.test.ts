import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage.ts';
import { clearToken, readToken, writeToken } from './token.ts';

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
});
