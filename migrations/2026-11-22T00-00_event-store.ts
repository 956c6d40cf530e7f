import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here; a later change is a new migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('streams')
    .addColumn('stream_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // transaction_id lets readers follow commit order: positions are handed out at insert, not at commit
  // (see docs/architecture.md, 'Event store rules').
  await sql`
    create table events (
      global_position bigint generated always as identity,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null references streams (stream_id),
      stream_position bigint not null,
      event_id uuid not null unique,
      type text not null,
      schema_version integer not null default 1,
      data jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      recorded_at timestamptz not null default now(),
      primary key (stream_id, stream_position)
    )`.execute(db);
  await sql`create unique index events_global_position on events (global_position)`.execute(db);
  await sql`create index events_commit_order on events (transaction_id, global_position)`.execute(db);
  await sql`create index events_type on events (type)`.execute(db);
  await sql`create index events_recorded_at on events (recorded_at)`.execute(db);
  await sql`create index events_actor on events ((metadata ->> 'actorId'))`.execute(db);

  // Rule 2: history is append-only, enforced by the database rather than by convention.
  await sql`
    create function events_are_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'events are append-only: % is not allowed', tg_op using errcode = 'P0001';
    end $$`.execute(db);
  await sql`
    create trigger events_no_update_or_delete before update or delete on events
    for each row execute function events_are_append_only()`.execute(db);
  await sql`
    create trigger events_no_truncate before truncate on events
    for each statement execute function events_are_append_only()`.execute(db);

  // Rule 5: a tiny wake-up; readers always read the table.
  await sql`
    create function events_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('events_appended', '');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger events_wake_readers after insert on events
    for each statement execute function events_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists events`.execute(db);
  await sql`drop function if exists events_are_append_only`.execute(db);
  await sql`drop function if exists events_notify`.execute(db);
  await db.schema.dropTable('streams').ifExists().execute();
}
