import { describe, expect, it } from 'vitest';
import { ROLE_HINT_COOKIE, writeRoleHint } from './roleHint.ts';

/** What a browser keeps of each cookie written: name=value while its Max-Age is above 0. */
function jar() {
  const kept = new Map<string, string>();
  return {
    kept,
    set cookie(written: string) {
      const [pair, ...attributes] = written.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      if (attributes.includes('Max-Age=0')) kept.delete(name);
      else kept.set(name, value);
      this.last = written;
    },
    get cookie() {
      return [...kept].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    last: '',
  };
}

describe('the role hint cookie', () => {
  it('names the role for the whole site for a year, and is gone once cleared', () => {
    const cookies = jar();
    writeRoleHint('manager', cookies);
    expect(cookies.last).toBe(`${ROLE_HINT_COOKIE}=manager; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(cookies.kept.get(ROLE_HINT_COOKIE)).toBe('manager');
    writeRoleHint(null, cookies);
    expect(cookies.kept.has(ROLE_HINT_COOKIE)).toBe(false);
  });

  it('writes no role that is not a plain word (a token may carry anything), and clears the old one instead', () => {
    const cookies = jar();
    writeRoleHint('engineer', cookies);
    writeRoleHint('x; Path=/evil', cookies);
    expect(cookies.kept.has(ROLE_HINT_COOKIE)).toBe(false);
  });

  it('does nothing where there is no document (Node)', () => {
    expect(() => writeRoleHint('manager', null)).not.toThrow();
  });
});
