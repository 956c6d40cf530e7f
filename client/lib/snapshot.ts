/**
 * Cursors and PostgreSQL snapshots as the live channel needs them (see docs/architecture.md,
 * 'Event store rules' and 'How a live event reaches a browser').
 *
 * A cursor is "<transaction_id>:<global_position>" and orders by the pair. A REST list answers with
 * X-Snapshot, the `pg_current_snapshot()` it was read in ("xmin:xmax:xip1,xip2,..."): an event whose
 * transaction is visible in that snapshot is already included in the list, so a live client must not
 * apply it to that list a second time. Transaction ids are 64-bit (xid8), hence bigint.
 */
import { compareCursorTexts, cursorNumbers } from '../../domain/cursor.ts';

export type PgSnapshot = { xmin: bigint; xmax: bigint; xip: ReadonlySet<bigint> };

const snapshotPattern = /^(\d{1,20}):(\d{1,20}):((?:\d{1,20})(?:,\d{1,20})*)?$/;

/** The transaction an event was committed in: the cursor's first part. */
export const transactionOf = (cursor: string): bigint | null => cursorNumbers(cursor)?.transactionId ?? null;

export const minCursor = (cursors: readonly string[]): string | null =>
  cursors.reduce<string | null>((min, c) => (min === null || compareCursorTexts(c, min) < 0 ? c : min), null);

export const maxCursor = (cursors: readonly string[]): string | null =>
  cursors.reduce<string | null>((max, c) => (max === null || compareCursorTexts(c, max) > 0 ? c : max), null);

/** Parses pg_snapshot text ("10:20:12,15"); null when it is not one. */
export function parseSnapshot(text: string | null | undefined): PgSnapshot | null {
  const match = snapshotPattern.exec((text ?? '').trim());
  if (!match) return null;
  const xmin = BigInt(match[1]!);
  const xmax = BigInt(match[2]!);
  if (xmax < xmin) return null;
  const xip = new Set((match[3] ? match[3].split(',') : []).map((x) => BigInt(x)));
  return { xmin, xmax, xip };
}

/**
 * Whether transaction `tx` had committed for a reader of `snapshot` (PostgreSQL's own rule for
 * `pg_visible_in_snapshot`): below xmin, or below xmax and not among the transactions in progress.
 */
export function visibleInSnapshot(snapshot: PgSnapshot, tx: bigint): boolean {
  if (tx < snapshot.xmin) return true;
  return tx < snapshot.xmax && !snapshot.xip.has(tx);
}

/** Whether the event at `cursor` is already included in a list read in `snapshot`. */
export function includedIn(snapshot: PgSnapshot, cursor: string): boolean {
  const tx = transactionOf(cursor);
  return tx !== null && visibleInSnapshot(snapshot, tx);
}
