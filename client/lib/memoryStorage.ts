import type { TokenStorage } from '../lib/token.ts';

/** An in-memory stand-in for localStorage, for machine tests that run without a browser. */
export function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { dump(): Record<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    dump: () => Object.fromEntries(items),
  };
}
