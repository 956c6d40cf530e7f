import { sql, type Kysely } from 'kysely';

/**
 * The folded plan every so many events, so that the plan as of a moment folds only the events after
 * the nearest one. A cache: dropping every row loses nothing that the events do not hold.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table plan_snapshots (
      -- The last event folded in, as the log orders and readers name it: "<transaction_id>:<global_position>".
      cursor text primary key,
      transaction_id xid8 not null,
      global_position bigint not null,
      -- The fold's reducers and maps: a snapshot of another format is never restored.
      format text not null,
      event_count bigint not null,
      -- recorded_at of the event at the cursor: the moment a plan up to that cursor is as of.
      recorded_at_last timestamptz not null,
      -- The latest recorded_at of any event up to the cursor: the snapshot serves moments from then on.
      recorded_at_max timestamptz not null,
      -- The earliest recorded_at among the events after the previous snapshot up to this one. Commit
      -- order is not recorded_at order, so this is what tells a reader where events of a moment can stop.
      segment_recorded_at_min timestamptz not null,
      -- PlanFold.toSnapshot() as brotli-compressed JSON.
      plan bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index plan_snapshots_commit_order on plan_snapshots (format, transaction_id, global_position)`.execute(db);
  // recorded_at_max never falls along the log, so this finds the newest snapshot a moment may start from.
  await sql`create index plan_snapshots_moment on plan_snapshots (format, recorded_at_max, transaction_id, global_position)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plan_snapshots').ifExists().execute();
}
