import { describe, expect, it } from 'vitest';
import { compareCursors, compareCursorTexts, cursorNumbers, formatCursor, parseCursor, START } from './cursor.ts';

describe('cursor text', () => {
  it('reads "<transaction>:<position>" as 64-bit numbers', () => {
    expect(cursorNumbers('123:45')).toEqual({ transactionId: 123n, globalPosition: 45n });
    expect(cursorNumbers('18446744073709551615:9007199254740993')).toEqual({ transactionId: 2n ** 64n - 1n, globalPosition: 9007199254740993n });
    expect(cursorNumbers('')).toBeNull();
    expect(cursorNumbers('12')).toBeNull();
    expect(cursorNumbers('a:1')).toBeNull();
  });

  it('orders by transaction first, then position (commit-safe order, not global position)', () => {
    expect(compareCursorTexts('10:5', '11:2')).toBe(-1);
    expect(compareCursorTexts('11:2', '10:5')).toBe(1);
    expect(compareCursorTexts('10:2', '10:5')).toBe(-1);
    expect(compareCursorTexts('10:5', '10:5')).toBe(0);
    // Numeric, not text, comparison.
    expect(compareCursorTexts('9:1', '10:1')).toBe(-1);
  });

  it('sorts text that is not a cursor first', () => {
    expect(compareCursorTexts('garbage', '1:1')).toBe(-1);
    expect(compareCursorTexts('1:1', 'garbage')).toBe(1);
    expect(compareCursorTexts('garbage', 'other')).toBe(0);
  });
});

describe('a cursor a reader sends', () => {
  it('means the start of the log when there is none', () => {
    expect(parseCursor(undefined)).toEqual(START);
    expect(parseCursor(null)).toEqual(START);
    expect(parseCursor('')).toEqual(START);
  });

  it('round-trips through its text', () => {
    expect(parseCursor('123:45')).toEqual({ transactionId: '123', globalPosition: 45 });
    expect(formatCursor(parseCursor('18446744073709551615:9007199254740991')!)).toBe('18446744073709551615:9007199254740991');
  });

  it('is refused beyond what xid8 or an exact JS number holds, and when it is not a cursor', () => {
    expect(parseCursor('18446744073709551616:1')).toBeNull();
    expect(parseCursor('1:9007199254740992')).toBeNull();
    expect(parseCursor('1:-2')).toBeNull();
    expect(parseCursor('12')).toBeNull();
  });

  it('orders numerically by transaction, then position', () => {
    expect(compareCursors({ transactionId: '9', globalPosition: 50 }, { transactionId: '10', globalPosition: 1 })).toBeLessThan(0);
    expect(compareCursors({ transactionId: '10', globalPosition: 7 }, { transactionId: '10', globalPosition: 3 })).toBeGreaterThan(0);
    expect(compareCursors(START, START)).toBe(0);
  });
});
