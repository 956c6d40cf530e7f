import { describe, expect, it } from 'vitest';
import { includedIn, maxCursor, minCursor, parseSnapshot, transactionOf, visibleInSnapshot } from './snapshot.ts';

describe('cursors', () => {
  it('reads the transaction of a cursor', () => {
    expect(transactionOf('987:1')).toBe(987n);
  });

  it('finds the oldest and the newest of several cursors, in commit-safe order', () => {
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
