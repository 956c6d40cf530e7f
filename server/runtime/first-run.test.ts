import { describe, expect, it } from 'vitest';
import { isLoopback, shouldSeedDemo } from './first-run.ts';

describe('where the demo and its published password may be seeded', () => {
  it.each(['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])('%s is loopback', (host) => {
    expect(isLoopback(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '10.0.0.5', 'plan.example.com', '192.168.1.2'])('%s is not', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
  it('auto seeds on loopback only; on always; off never', () => {
    expect(shouldSeedDemo('auto', '127.0.0.1')).toBe(true);
    expect(shouldSeedDemo('auto', '0.0.0.0')).toBe(false);
    expect(shouldSeedDemo('on', '0.0.0.0')).toBe(true);
    expect(shouldSeedDemo('off', '127.0.0.1')).toBe(false);
  });
});
