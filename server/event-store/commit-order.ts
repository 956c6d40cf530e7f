import { sql, type RawBuilder } from 'kysely';
import type { Cursor } from '../../domain/index.ts';

/**
 * The commit-safe reading rule, written once. A reader never takes `global_position > last`:
 * concurrent transactions commit out of order, and such a reader silently skips an event that commits
 * after a higher-numbered one. Readers go by (transaction_id, global_position) and see only
 * transactions older than every one still in flight, so an event that commits late is read late
 * rather than skipped.
 */
export const visibleToEveryReader = sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

/** Events before, after or up to a cursor, by the (transaction_id, global_position) pair. */
export const positionIs = (op: '<' | '>' | '<=', cursor: Cursor) =>
  sql<boolean>`(transaction_id, global_position) ${sql.raw(op)} (${cursor.transactionId}::xid8, ${cursor.globalPosition}::bigint)`;

/**
 * ORDER BY names the table's xid8 column: a select list's text alias of the same name (readers select
 * the transaction id as text for the cursor) would sort '100005' before '99995'.
 */
export const oldestFirst = sql`order by events.transaction_id, events.global_position`;
export const newestFirst = sql`order by events.transaction_id desc, events.global_position desc`;

/** Every condition that is set, joined with AND (none: every row). */
export function whereAll(conditions: ReadonlyArray<RawBuilder<unknown> | false | undefined>): RawBuilder<unknown> {
  const set = conditions.filter((c): c is RawBuilder<unknown> => Boolean(c));
  return set.length > 0 ? sql.join(set, sql` and `) : sql`true`;
}
