import { sql, type Kysely } from 'kysely';

// Read models of the facts capacity over time needs: time off, the holiday calendar, placeholders, and
// the projects' tentative flag. Written only by projections, like every read model; the date columns
// exist to filter by period.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('tentative', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  // Existing project documents gain the flag's default, as a fold of their events now gives them.
  await sql`update projects set doc = doc || '{"tentative": false}'::jsonb where not doc ? 'tentative'`.execute(db);

  await db.schema
    .createTable('time_off')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('engineer_id', 'text', (c) => c.notNull())
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('to_date', 'date', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('time_off_engineer').on('time_off').columns(['engineer_id', 'from_date']).execute();
  await db.schema.createIndex('time_off_dates').on('time_off').columns(['from_date', 'to_date']).execute();

  await db.schema
    .createTable('holidays')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('holidays_date').on('holidays').column('date').execute();

  await db.schema
    .createTable('placeholders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('placeholders_project').on('placeholders').column('project_id').execute();
  await db.schema.createIndex('placeholders_start').on('placeholders').columns(['start_date', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['placeholders', 'holidays', 'time_off']) await db.schema.dropTable(table).ifExists().execute();
  await sql`update projects set doc = doc - 'tentative'`.execute(db);
  await db.schema.alterTable('projects').dropColumn('tentative').execute();
}
