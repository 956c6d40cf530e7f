import type { Kysely } from 'kysely';

// Managers choose whether they are e-mailed about staffing requests (to answer, and answers to theirs),
// as each kind of notice is chosen: on until turned off.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_settings').addColumn('staffing', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_settings').dropColumn('staffing').execute();
}
