import type { Kysely } from 'kysely';

// Saved views: one row per view, written from its stream (ViewSaved, ViewRemoved). A list holds one's
// own and the shared ones, by name.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('shared', 'boolean', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_views_owner').on('saved_views').columns(['owner_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_views').ifExists().execute();
}
