import { describe, expect, it } from 'vitest';
import { cappedCaption, capList, showAllLabel } from './capped.ts';

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('capped lists', () => {
  it('shows the first items up to the cap, and says how many are left out', () => {
    const capped = capList(numbers(1014), 20, false);
    expect(capped.shown).toEqual(numbers(20));
    expect(capped).toMatchObject({ total: 1014, hidden: 994 });
    expect(cappedCaption(capped, 'most overloaded first')).toBe('Showing 20 of 1,014, most overloaded first');
    expect(showAllLabel(capped.total)).toBe('Show all (1,014)');
  });

  it('shows everything once expanded, or when the list fits under the cap', () => {
    const all = numbers(1014);
    expect(capList(all, 20, true)).toEqual({ shown: all, total: 1014, hidden: 0 });
    expect(capList(numbers(20), 20, false)).toEqual({ shown: numbers(20), total: 20, hidden: 0 });
    expect(capList([], 20, false)).toEqual({ shown: [], total: 0, hidden: 0 });
    expect(cappedCaption(capList(numbers(20), 20, false), 'x')).toBeNull();
  });
});
