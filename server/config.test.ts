import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('compresses answers unless COMPRESSION is off', () => {
    expect(loadConfig({}).compression).toBe(true);
    expect(loadConfig({ COMPRESSION: 'on' }).compression).toBe(true);
    expect(loadConfig({ COMPRESSION: 'off' }).compression).toBe(false);
  });

  it('refuses any other COMPRESSION with a message that names it', () => {
    for (const value of ['yes', 'OFF', '0', '']) {
      expect(() => loadConfig({ COMPRESSION: value })).toThrow(ConfigError);
      expect(() => loadConfig({ COMPRESSION: value })).toThrow(/COMPRESSION: COMPRESSION must be on or off/);
    }
  });
});
