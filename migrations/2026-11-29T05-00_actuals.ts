import type { Kysely } from 'kysely';

// Actuals (design section 13): one row per engineer and ISO week that was recorded or locked, written
// from the engineer's stream. `id` is '<engineerId> <week>', so the rebuild compares rows as it does
// every other read model; `week` ('2026-W48') orders as text.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('actuals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('engineer_id', 'text', (c) => c.notNull())
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('actuals_week').on('actuals').columns(['week', 'engineer_id']).execute();
  await db.schema.createIndex('actuals_engineer').on('actuals').columns(['engineer_id', 'week']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('actuals').ifExists().execute();
}
