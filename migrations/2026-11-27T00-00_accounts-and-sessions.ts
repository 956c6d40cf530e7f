import { sql, type Kysely } from 'kysely';

// Accounts gain what an organisation needs to run itself: an admin permission, a life cycle
// (invited, active, deactivated), the last sign-in, a version for edits, and no password at all for
// people who have not chosen one yet or who sign in through their identity provider. Sessions make a
// token revocable; one-time link tokens (setup, invitation, reset, sign-on code) are kept only hashed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('invited', 'active', 'deactivated')`))
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').alterColumn('password_hash', (c) => c.dropNotNull()).execute();
  // Whoever ran the organisation before admins existed keeps running it: the first manager becomes one.
  await sql`update users set admin = true where id = (select id from users where role = 'manager' order by created_at, id limit 1)`.execute(db);

  // Engineers may now be planned without an account: their records keep e-mails unique themselves.
  await db.schema.createIndex('engineers_email').on('engineers').column('email').unique().execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('link_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('setup', 'invite', 'reset', 'sign-on')`))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('link_tokens_user').on('link_tokens').columns(['user_id', 'kind']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_tokens').ifExists().execute();
  await db.schema.dropTable('sessions').ifExists().execute();
  await db.schema.dropIndex('engineers_email').ifExists().execute();
  await sql`update users set password_hash = '' where password_hash is null`.execute(db);
  await db.schema.alterTable('users').alterColumn('password_hash', (c) => c.setNotNull()).execute();
  await db.schema.alterTable('users').dropColumn('admin').dropColumn('status').dropColumn('last_sign_in_at').dropColumn('version').execute();
}
