import { sql, type Kysely } from 'kysely';

// Named holiday calendars. Every holiday belongs to one; those there are already belong to the default
// calendar ('default', whose stream stays `calendar`), as their events (upcast) now say. The calendars'
// own read model holds the default calendar too, at the version of its stream, so that a rebuild from
// the events (which folds the default calendar in from the start) finds the same rows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('holidays').addColumn('calendar_id', 'text', (c) => c.notNull().defaultTo('default')).execute();
  await db.schema.createIndex('holidays_calendar').on('holidays').columns(['calendar_id', 'date']).execute();
  await sql`update holidays set doc = doc || '{"calendarId": "default"}'::jsonb where not doc ? 'calendarId'`.execute(db);

  await db.schema
    .createTable('holiday_calendars')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('doc', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`
    insert into holiday_calendars (id, name, version, doc)
    select 'default', 'Default', v.version, jsonb_build_object('_id', 'default', 'name', 'Default', 'version', v.version)
      from (select coalesce((select version from streams where stream_id = 'calendar'), 0)::int as version) as v`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('holiday_calendars').ifExists().execute();
  // Only the default calendar's holidays were there before; the others' go with their calendars.
  await sql`delete from holidays where calendar_id <> 'default'`.execute(db);
  await sql`update holidays set doc = doc - 'calendarId'`.execute(db);
  await db.schema.dropIndex('holidays_calendar').ifExists().execute();
  await db.schema.alterTable('holidays').dropColumn('calendar_id').execute();
}
