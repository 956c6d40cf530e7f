import { describe, expect, it } from 'vitest';
import { OVERSCAN_ROWS, overscanRows } from './overscan.ts';

describe('overscanRows', () => {
  it('draws six rows beyond the view when the rows are closed', () => {
    expect(overscanRows(45, 45)).toBe(OVERSCAN_ROWS);
    // No rows yet (an empty grid averages nothing).
    expect(overscanRows(Number.NaN, 45)).toBe(OVERSCAN_ROWS);
  });
  it('keeps about the same height beyond the view when the rows are open', () => {
    expect(overscanRows(135, 45)).toBe(2);
    expect(overscanRows(90, 45)).toBe(3);
    // A few rows open among many closed: still about six.
    expect(overscanRows(50, 45)).toBe(5);
  });
  it('draws at least one row either side, however tall the rows', () => {
    expect(overscanRows(2_000, 45)).toBe(1);
  });
});
