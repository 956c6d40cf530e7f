import { describe, expect, it } from 'vitest';
import { compareCursors, includedIn, maxCursor, minCursor, parseCursor, parseSnapshot, transactionOf, visibleInSnapshot } from './snapshot.ts';

describe('cursors', () => {
  it('parses "<transaction>:<position>" as 64-bit numbers', () => {
    expect(parseCursor('123:45')).toEqual({ transactionId: 123n, globalPosition: 45n });
    expect(parseCursor('18446744073709551615:9007199254740993')).toEqual({ transactionId: 2n ** 64n - 1n, globalPosition: 9007199254740993n });
    expect(parseCursor('')).toBeNull();
    expect(parseCursor('12')).toBeNull();
    expect(parseCursor('a:1')).toBeNull();
    expect(transactionOf('987:1')).toBe(987n);
  });

  it('orders by transaction first, then position (commit-safe order, not global position)', () => {
    expect(compareCursors('10:5', '11:2')).toBe(-1);
    expect(compareCursors('11:2', '10:5')).toBe(1);
    expect(compareCursors('10:2', '10:5')).toBe(-1);
    expect(compareCursors('10:5', '10:5')).toBe(0);
    // Numeric, not text, comparison.
    expect(compareCursors('9:1', '10:1')).toBe(-1);
    expect(minCursor(['12:3', '9:40', '10:1'])).toBe('9:40');
    expect(maxCursor(['12:3', '9:40', '12:10'])).toBe('12:10');
    expect(minCursor([])).toBeNull();
  });
});

describe('snapshot visibility', () => {
  it('parses pg_snapshot text with and without transactions in progress', () => {
    expect(parseSnapshot('100:100:')).toEqual({ xmin: 100n, xmax: 100n, xip: new Set() });
    expect(parseSnapshot('100:110:100,104')).toEqual({ xmin: 100n, xmax: 110n, xip: new Set([100n, 104n]) });
    expect(parseSnapshot('nonsense')).toBeNull();
    expect(parseSnapshot('110:100:')).toBeNull();
    expect(parseSnapshot(undefined)).toBeNull();
  });

  it('sees what committed before the snapshot: below xmin, or below xmax and not in progress', () => {
    const snapshot = parseSnapshot('100:110:100,104')!;
    expect(visibleInSnapshot(snapshot, 99n)).toBe(true); // before every running transaction
    expect(visibleInSnapshot(snapshot, 100n)).toBe(false); // in progress
    expect(visibleInSnapshot(snapshot, 101n)).toBe(true); // committed out of order, before the snapshot
    expect(visibleInSnapshot(snapshot, 104n)).toBe(false); // in progress
    expect(visibleInSnapshot(snapshot, 109n)).toBe(true);
    expect(visibleInSnapshot(snapshot, 110n)).toBe(false); // started after the snapshot
    expect(visibleInSnapshot(snapshot, 5000n)).toBe(false);
  });

  it('says whether an event (by its cursor) is already included in a list', () => {
    const snapshot = parseSnapshot('100:110:104')!;
    expect(includedIn(snapshot, '103:57')).toBe(true);
    expect(includedIn(snapshot, '104:55')).toBe(false);
    expect(includedIn(snapshot, '110:60')).toBe(false);
    expect(includedIn(snapshot, 'garbage')).toBe(false);
  });
});
