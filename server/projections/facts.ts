import type { Writer } from '../db/connect.ts';

type FactTable = 'time_off' | 'holidays' | 'placeholders' | 'actuals';

/**
 * Writes the rows of the facts a command touched (time off, holidays, placeholders) from the stream's
 * folded state: a fact still there is upserted, a fact gone (cancelled, removed, filled) is deleted.
 */
export async function projectFacts<F>(
  db: Writer,
  table: FactTable,
  ids: Iterable<string>,
  current: (id: string) => F | undefined,
  rowOf: (fact: F) => { id: string } & Record<string, unknown>,
): Promise<void> {
  for (const id of new Set(ids)) {
    const fact = current(id);
    if (fact === undefined) {
      await db.deleteFrom(table).where('id', '=', id).execute();
      continue;
    }
    const row = rowOf(fact);
    await db
      .insertInto(table)
      .values(row as never)
      .onConflict((oc) => oc.column('id').doUpdateSet(row as never))
      .execute();
  }
}
