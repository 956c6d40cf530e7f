import { describe, expect, it } from 'vitest';
import { tooltipPlace } from './tooltipPlace.ts';

const chart = { width: 662, height: 340 };
const size = { width: 196, height: 140 };

describe('tooltipPlace', () => {
  it('puts the tooltip right of and below the pointer while it fits there', () => {
    expect(tooltipPlace({ x: 100, y: 50 }, size, chart)).toEqual({ left: 110, top: 60 });
  });
  it('flips it left of the pointer near the right edge (the busiest week of the large organisation)', () => {
    const place = tooltipPlace({ x: 530, y: 170 }, size, chart);
    expect(place).toEqual({ left: 324, top: 180 });
    expect(place.left + size.width).toBeLessThanOrEqual(chart.width);
  });
  it('flips it above the pointer near the bottom edge', () => {
    expect(tooltipPlace({ x: 100, y: 300 }, size, chart).top).toBe(150);
  });
  it('keeps it within the edges when neither side of the pointer has room', () => {
    const narrow = { width: 300, height: 200 };
    expect(tooltipPlace({ x: 150, y: 100 }, size, narrow)).toEqual({ left: 0, top: 0 });
    expect(tooltipPlace({ x: 150, y: 100 }, { width: 400, height: 40 }, narrow)).toEqual({ left: 0, top: 110 });
  });
});
