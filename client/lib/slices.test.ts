import { describe, expect, it } from 'vitest';
import { mapInSlices, yieldToMain } from './slices.ts';

describe('mapInSlices', () => {
  it('maps every item in order, yielding between slices', async () => {
    let yields = 0;
    const items = Array.from({ length: 2_000 }, (_, i) => i);
    const mapped = await mapInSlices(
      items,
      (i) => {
        const until = performance.now() + 0.01;
        while (performance.now() < until);
        return i * 2;
      },
      () => {
        yields += 1;
        return false;
      },
      1,
    );
    expect(mapped).toEqual(items.map((i) => i * 2));
    expect(yields).toBeGreaterThan(0);
  });

  it('stops at the next slice once the answer is no longer wanted', async () => {
    let calls = 0;
    const slow = () => {
      calls += 1;
      const until = performance.now() + 1;
      while (performance.now() < until);
    };
    expect(await mapInSlices(Array.from({ length: 1_000 }), slow, () => true, 2)).toBeNull();
    expect(calls).toBeLessThan(1_000);
  });

  it('yieldToMain resolves in a later task', async () => {
    const order: string[] = [];
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('earlier task')), 0));
    await yieldToMain();
    order.push('after yield');
    await timer;
    expect(order).toEqual(['earlier task', 'after yield']);
  });
});
