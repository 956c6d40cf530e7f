import type { Writer } from '../db/connect.ts';

export type ProjectedState<S> = { id: string; state: S | null };

type ReadModelTable = 'engineers' | 'projects' | 'assignments';

// A read-model row has at most seven columns: 1,000 rows stay far below PostgreSQL's 65,535 parameters.
const ROWS_PER_STATEMENT = 1000;

/**
 * Writes many streams' folded states to a read model in a few statements: the rows of live states
 * upserted, those of removed ones (state null) deleted. The same rows as the one-at-a-time projection.
 */
export async function projectMany<S>(
  db: Writer,
  table: ReadModelTable,
  rowOf: (state: S) => Record<string, unknown> & { id: string },
  states: readonly ProjectedState<S>[],
): Promise<void> {
  const rows = states.flatMap(({ state }) => (state ? [rowOf(state)] : []));
  const removed = states.filter(({ state }) => !state).map(({ id }) => id);
  if (removed.length > 0) await db.deleteFrom(table).where('id', 'in', removed).execute();
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const columns = Object.keys(chunk[0]!).filter((column) => column !== 'id');
    await db
      .insertInto(table)
      .values(chunk as never)
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}` as never)])) as never))
      .execute();
  }
}
