import { sql, type Kysely } from 'kysely';

// Undo finds a write's events by the command id they carry (metadata.commandId), and an
// Idempotency-Key retry names the same command id as the answer it replays.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index events_command on events ((metadata ->> 'commandId'))`.execute(db);
  await db.schema.alterTable('idempotency_keys').addColumn('command_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('command_id').execute();
  await sql`drop index if exists events_command`.execute(db);
}
