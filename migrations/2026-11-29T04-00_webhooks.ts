import { sql, type Kysely } from 'kysely';

// Outbound webhooks. The event log is the outbox: an endpoint keeps only its cursor (the last event it
// was sent or skipped by its filter), advanced after a 2xx, so deliveries survive restarts and replay
// is a cursor reset. The failure columns drive the backoff and the pause after the give-up time.
// Every attempt is logged. Calendar feeds keep only a hash of their secret token, one per account.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('cursor', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('paused_at', 'timestamptz')
    .addColumn('paused_reason', 'text')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('cursor', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('error', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_newest').on('webhook_deliveries').columns(['webhook_id', 'id desc']).execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The feed's token is HMAC(server secret, user, nonce): the same URL can be answered again until
    // revoked (a new nonce), while the database holds only the nonce and the token's hash.
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').ifExists().execute();
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhooks').ifExists().execute();
}
