import { sql, type Kysely } from 'kysely';

// What people are told by e-mail (and channels by Slack): each person's choices, the follower that turns
// the event log into messages (its cursor), and an outbox the messages wait in, so a restart loses none
// and sends none twice. A message's `dedupe_key` names what it is about (an event and a recipient, a
// week's digest): the follower may see an event again after a crash, the key keeps its message one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('assigned', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('time_off', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('digest', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('log_followers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('cursor', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('mail', 'slack')`))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed', 'unknown')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('slack_channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('slack_channels').ifExists().execute();
  await db.schema.dropTable('outbox').ifExists().execute();
  await db.schema.dropTable('log_followers').ifExists().execute();
  await db.schema.dropTable('notification_settings').ifExists().execute();
}
