/**
 * A cursor is one opaque string everywhere (REST, sockets, history): "<transaction_id>:<global_position>".
 * Ordering by the pair, not by global_position alone, is what keeps readers from skipping events that
 * commit out of order (design.md §5 rule 4).
 */
export type Cursor = { transactionId: string; globalPosition: number };

export const START: Cursor = { transactionId: '0', globalPosition: 0 };

const pattern = /^(\d{1,20}):(\d{1,19})$/;
const MAX_XID8 = 2n ** 64n - 1n;

export function parseCursor(value: string | undefined | null): Cursor | null {
  if (value === undefined || value === null || value === '') return START;
  const match = pattern.exec(value);
  if (!match) return null;
  // Out of range for xid8 or past what a JS number holds exactly: not a cursor we ever issued (and SQL would fail).
  const globalPosition = Number(match[2]);
  if (BigInt(match[1]!) > MAX_XID8 || !Number.isSafeInteger(globalPosition)) return null;
  return { transactionId: match[1]!, globalPosition };
}

export const formatCursor = (cursor: Cursor) => `${cursor.transactionId}:${cursor.globalPosition}`;

export function compareCursors(a: Cursor, b: Cursor): number {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.globalPosition - b.globalPosition;
}
