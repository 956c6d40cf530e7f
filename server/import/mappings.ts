import { sql } from 'kysely';
import type { ColumnMapping, ImportKind } from '../../domain/import/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/** How this person last read this kind's columns (empty when never). */
export async function savedMapping(db: DbOrTrx, userId: string, kind: ImportKind): Promise<ColumnMapping> {
  const row = await db.selectFrom('import_mappings').select('mapping').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return row?.mapping ?? {};
}

/**
 * Keeps the mapping a file was imported with, over what was kept of the columns it names: another
 * tool's file (other headers) adds its own columns beside, so each tool's export is read as last time.
 */
export async function saveMapping(db: DbOrTrx, userId: string, kind: ImportKind, mapping: ColumnMapping) {
  const value = JSON.stringify(mapping);
  await db
    .insertInto('import_mappings')
    .values({ user_id: userId, kind, mapping: sql`${value}::jsonb` as never })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ mapping: sql`import_mappings.mapping || ${value}::jsonb` as never, updated_at: sql`now()` as never }))
    .execute();
}
