import { describe, expect, it } from 'vitest';
import type { Role } from '../../domain/index.ts';
import { SessionChecks } from './session-checks.ts';

function setUp(ttlMs = 500) {
  const roles = new Map<string, Role>([['a', 'manager']]);
  let now = 0;
  let lookups = 0;
  let failing = false;
  const accounts = new SessionChecks<Role>(async (id) => {
    lookups += 1;
    if (failing) throw new Error('database down');
    return roles.get(id);
  }, ttlMs, () => now);
  return {
    accounts, roles,
    advance: (ms: number) => (now += ms),
    lookups: () => lookups,
    fail: (value: boolean) => (failing = value),
  };
}

describe('SessionChecks', () => {
  it('answers from memory within the time to live, and asks again after it', async () => {
    const s = setUp();
    expect(await s.accounts.get('a')).toBe('manager');
    s.roles.set('a', 'auditor');
    s.advance(499);
    expect(await s.accounts.get('a')).toBe('manager');
    s.advance(1);
    expect(await s.accounts.get('a')).toBe('auditor');
    s.roles.delete('a');
    s.advance(500);
    expect(await s.accounts.get('a')).toBeUndefined();
    expect(s.lookups()).toBe(3);
  });

  it('shares one lookup between concurrent requests of one account', async () => {
    const s = setUp();
    expect(await Promise.all([s.accounts.get('a'), s.accounts.get('a'), s.accounts.get('b')])).toEqual(['manager', 'manager', undefined]);
    expect(s.lookups()).toBe(2);
  });

  it('does not remember a failed lookup', async () => {
    const s = setUp();
    s.fail(true);
    await expect(s.accounts.get('a')).rejects.toThrow('database down');
    s.fail(false);
    expect(await s.accounts.get('a')).toBe('manager');
    expect(s.lookups()).toBe(2);
  });
});

describe('SessionChecks.forgetAll', () => {
  it('asks again for every session once this process changed rights', async () => {
    const s = setUp();
    expect(await s.accounts.get('a')).toBe('manager');
    s.roles.set('a', 'engineer');
    s.accounts.forgetAll();
    expect(await s.accounts.get('a')).toBe('engineer');
    expect(s.lookups()).toBe(2);
  });
});
