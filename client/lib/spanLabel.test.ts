import { describe, expect, it } from 'vitest';
import { spanLabel } from './window.ts';

describe("the span's words", () => {
  it("says weeks for days and weeks, and the months the span stands for in the month zoom (it said '12 weeks' there)", () => {
    expect(spanLabel('week', 12)).toBe('12 weeks');
    expect(spanLabel('day', 4)).toBe('4 weeks');
    expect([4, 8, 12, 26, 52].map((weeks) => spanLabel('month', weeks))).toEqual(['1 month', '2 months', '3 months', '6 months', '12 months']);
  });
});
