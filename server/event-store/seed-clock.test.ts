import { describe, expect, it } from 'vitest';
import { SeedClock } from './seed-clock.ts';

const at = (iso: string) => new Date(iso);

describe('the seed clock', () => {
  it('moves forward, stays put when asked for its own moment, and reaches the moment the seed runs', () => {
    const clock = new SeedClock(at('2026-10-12T08:00:00Z'), at('2026-12-07T10:00:00Z'));
    clock.advanceTo(at('2026-10-12T09:00:00Z'));
    clock.advanceTo(at('2026-10-12T09:00:00Z'));
    clock.advanceTo(at('2026-12-07T10:00:00Z'));
    expect(clock.now.toISOString()).toBe('2026-12-07T10:00:00.000Z');
  });

  it('refuses to go back, so recorded times follow commit order', () => {
    const clock = new SeedClock(at('2026-10-12T08:00:00Z'), at('2026-12-07T10:00:00Z'));
    clock.advanceTo(at('2026-11-01T08:00:00Z'));
    expect(() => clock.advanceTo(at('2026-10-31T08:00:00Z'))).toThrow('only moves forward');
    expect(clock.now.toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('refuses to pass the moment the seed runs, so every later write is recorded after the demo', () => {
    const clock = new SeedClock(at('2026-10-12T08:00:00Z'), at('2026-12-07T10:00:00Z'));
    expect(() => clock.advanceTo(at('2026-12-07T10:00:00.001Z'))).toThrow('cannot pass');
    expect(() => new SeedClock(at('2026-12-08T00:00:00Z'), at('2026-12-07T10:00:00Z'))).toThrow('cannot start after');
  });
});
