import type { Kysely } from 'kysely';

// Read models: written only by projections. `doc` is the entity exactly as the API serves it;
// the other columns exist to filter, join and sort.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('engineers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('engineers_name').on('engineers').column('name').execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('engineer_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assignments_engineer').on('assignments').column('engineer_id').execute();
  await db.schema.createIndex('assignments_project').on('assignments').column('project_id').execute();
  await db.schema.createIndex('assignments_start').on('assignments').columns(['start_date', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['assignments', 'projects', 'engineers']) await db.schema.dropTable(table).ifExists().execute();
}
