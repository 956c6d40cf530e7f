import { sql, type Kysely } from 'kysely';

// A scenario's own stream: its drafted changes, kept apart from the planning log so that nothing that
// reads the live plan (projections, history, the live feed) ever sees a draft. Append-only like events;
// the primary key on (scenario, position) is the version check of two writes racing on one scenario.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scenario_events')
    .addColumn('scenario_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scenario_events_pkey', ['scenario_id', 'position'])
    .execute();
  await sql`
    create trigger scenario_events_no_update_or_delete before update or delete on scenario_events
      for each row execute function events_are_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scenario_events').ifExists().execute();
}
