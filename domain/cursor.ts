/**
 * A cursor names a place in the event log, one opaque string everywhere (REST, sockets, history):
 * "<transaction_id>:<global_position>". It orders by the pair, not by global_position alone:
 * concurrent transactions commit out of order, and a reader that followed global_position alone would
 * skip an event that commits after a higher-numbered one.
 */
export type Cursor = { transactionId: string; globalPosition: number };

/** Before the first event: where a reader without a cursor starts. */
export const START: Cursor = { transactionId: '0', globalPosition: 0 };

const pattern = /^(\d{1,20}):(\d{1,19})$/;
const MAX_XID8 = 2n ** 64n - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A cursor's two numbers, exactly: transaction ids are 64-bit (xid8), more than a JS number holds. */
export type CursorNumbers = { transactionId: bigint; globalPosition: bigint };

/** The numbers of a cursor's text; null when the text is not a cursor. */
export function cursorNumbers(text: string): CursorNumbers | null {
  const match = pattern.exec(text);
  return match ? { transactionId: BigInt(match[1]!), globalPosition: BigInt(match[2]!) } : null;
}

/**
 * A cursor a reader sent. None at all means the start of the log. Null when it is not a cursor the log
 * could have issued: out of range for xid8, or past what a JS number holds exactly (SQL would fail on it).
 */
export function parseCursor(value: string | undefined | null): Cursor | null {
  if (value === undefined || value === null || value === '') return START;
  const numbers = cursorNumbers(value);
  if (!numbers || numbers.transactionId > MAX_XID8 || numbers.globalPosition > MAX_SAFE) return null;
  return { transactionId: value.slice(0, value.indexOf(':')), globalPosition: Number(numbers.globalPosition) };
}

export const formatCursor = (cursor: Cursor) => `${cursor.transactionId}:${cursor.globalPosition}`;

const compareNumbers = (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1);

export function compareCursors(a: Cursor, b: Cursor): number {
  return compareNumbers(BigInt(a.transactionId), BigInt(b.transactionId)) || a.globalPosition - b.globalPosition;
}

/** Orders two cursors' texts by (transaction id, global position), numerically; text that is not a cursor sorts first. */
export function compareCursorTexts(a: string, b: string): number {
  const pa = cursorNumbers(a);
  const pb = cursorNumbers(b);
  if (!pa || !pb) return pa ? 1 : pb ? -1 : 0;
  return compareNumbers(pa.transactionId, pb.transactionId) || compareNumbers(pa.globalPosition, pb.globalPosition);
}
