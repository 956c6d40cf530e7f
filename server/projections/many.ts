import { sql } from 'kysely';
import { insertUnnested, type BulkColumn } from '../db/bulk-insert.ts';
import type { DbOrTrx } from '../db/connect.ts';

/** A stream's folded state after a batch, and the events the batch appended to it. */
export type ProjectedState<S> = { id: string; state: S | null; events?: readonly unknown[] };

type ReadModelTable = 'engineers' | 'projects' | 'assignments' | 'actuals';

/**
 * The read models' columns that are not text. The columns written are the keys of the projection's
 * rows, so a column added there is written here too; one of another type missing from this list
 * fails loudly (PostgreSQL will not store text in it), never silently.
 */
const columnTypes: Record<string, BulkColumn['type']> = {
  version: 'integer', doc: 'jsonb', start_date: 'timestamptz', end_date: 'timestamptz', tentative: 'boolean',
};

/**
 * Writes many streams' folded states to a read model in a few statements: the rows of live states
 * upserted, those of removed ones (state null) deleted. The same rows as the one-at-a-time projection.
 */
export async function projectMany<S>(
  db: DbOrTrx,
  table: ReadModelTable,
  rowOf: (state: S) => { id: string },
  states: readonly ProjectedState<S>[],
): Promise<void> {
  const rows = states.flatMap(({ state }) => (state ? [rowOf(state) as Record<string, unknown>] : []));
  const removed = states.filter(({ state }) => !state).map(({ id }) => id);
  if (removed.length > 0) await db.deleteFrom(table).where('id', 'in', removed).execute();
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).map((name): BulkColumn => ({ name, type: columnTypes[name] ?? 'text' }));
  const updates = sql.join(columns.filter((c) => c.name !== 'id').map((c) => sql`${sql.ref(c.name)} = excluded.${sql.ref(c.name)}`));
  await insertUnnested(db, table, columns, rows, sql`on conflict (id) do update set ${updates}`);
}
