import { describe, expect, it } from 'vitest';
import { cookieValue } from './page-hints.ts';

describe('a cookie read from a Cookie header or document.cookie', () => {
  it('is the value of that name, wherever it stands, and no other name that starts the same', () => {
    expect(cookieValue('theme=dark; cp_role=manager; x=1', 'cp_role', /^[a-z]+$/)).toBe('manager');
    expect(cookieValue('cp_role=auditor', 'cp_role', /^[a-z]+$/)).toBe('auditor');
    expect(cookieValue('my_cp_role=manager; cp_role2=engineer', 'cp_role', /^[a-z]+$/)).toBeNull();
  });

  it('is the first value the pattern accepts whole, and none when no value is acceptable', () => {
    expect(cookieValue('cp_role=Manager!; cp_role=engineer', 'cp_role', /^[a-z]+$/)).toBe('engineer');
    expect(cookieValue('cp_session=a.b.c; Path=/evil', 'cp_session', /^[\w.-]+$/)).toBe('a.b.c');
    expect(cookieValue('cp_session=a b', 'cp_session', /^[\w.-]+$/)).toBeNull();
    expect(cookieValue('cp_role=manager ', 'cp_role', /^[a-z]+$/)).toBeNull();
    expect(cookieValue('', 'cp_role', /^[a-z]+$/)).toBeNull();
    expect(cookieValue(undefined, 'cp_role', /^[a-z]+$/)).toBeNull();
  });

  it('keeps an equals sign inside the value', () => {
    expect(cookieValue('k=a=b', 'k', /^.+$/)).toBe('a=b');
  });
});
