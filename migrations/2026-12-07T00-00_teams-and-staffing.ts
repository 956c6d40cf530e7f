import { sql, type Kysely } from 'kysely';

// Teams (one row per team, written from its stream), staffing requests (one row per request, written from
// its stream) and a manager's scope on their account row ('all': org-wide, every manager so far).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staffing_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('engineer_id', 'text')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staffing_requests_state').on('staffing_requests').columns(['state', 'engineer_id']).execute();
  await db.schema.alterTable('users').addColumn('scope', 'jsonb', (c) => c.notNull().defaultTo(sql`'"all"'::jsonb`)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('scope').execute();
  await db.schema.dropTable('staffing_requests').ifExists().execute();
  await db.schema.dropTable('teams').ifExists().execute();
}
