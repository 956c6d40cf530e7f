import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from './connect.ts';

/** A column of a bulk insert and its PostgreSQL type, which the rows' values are sent as arrays of. */
export type BulkColumn = { name: string; type: 'text' | 'uuid' | 'integer' | 'bigint' | 'boolean' | 'jsonb' | 'timestamptz' };

/** A column whose value is the same on every row: sent once, not once a row. */
export type SharedColumn = BulkColumn & { value: unknown };

/**
 * INSERT ... SELECT FROM unnest(one array per column): one statement and one parameter per column
 * however many rows, where a multi-row VALUES list sends (and the server parses) one parameter per
 * cell. `shared` columns take one value for every row (an append's metadata and time). What `tail`
 * adds (ON CONFLICT, RETURNING) follows the select.
 */
export async function insertUnnested<R = unknown>(
  db: DbOrTrx,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly Record<string, unknown>[],
  tail: RawBuilder<unknown> = sql``,
  shared: readonly SharedColumn[] = [],
): Promise<R[]> {
  if (rows.length === 0) return [];
  const names = sql.join([...columns, ...shared].map((c) => sql.ref(c.name)));
  const arrays = sql.join(columns.map((c) => sql`${rows.map((row) => row[c.name] ?? null)}::${sql.raw(c.type)}[]`));
  const values = shared.map((c) => sql`, ${c.value}::${sql.raw(c.type)}`);
  const { rows: returned } = await sql<R>`insert into ${sql.table(table)} (${names}) select *${sql.join(values, sql``)} from unnest(${arrays}) ${tail}`.execute(db);
  return returned;
}
