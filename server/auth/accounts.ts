import { sql } from 'kysely';
import type { User } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { NewUser, UserRow } from '../db/schema.ts';

/**
 * Account changes that depend on the accounts as a whole (the first one, the last admin) take this lock
 * for their transaction, so two of them never decide on the same count.
 */
export async function lockAccounts(trx: DbOrTrx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('accounts', 0))`.execute(trx);
}

/**
 * One account's own lock, for its transaction: writes to its stream that carry no version from their
 * caller (a reset link, a new password, an accepted or withdrawn invitation) take it before reading the
 * stream, so several at once (a burst of "Forgot password" requests) each read what the one before
 * appended and follow it, where without it all but one would fail the append's version check. Taken
 * after `lockAccounts` when a transaction takes both, never before it.
 */
export async function lockAccount(trx: DbOrTrx, accountId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`account:${accountId}`}, 0))`.execute(trx);
}

/** Whether anyone has an account yet (invited ones included). */
export const anyAccount = async (db: DbOrTrx): Promise<boolean> =>
  Boolean(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());

export const findAccountByEmail = (db: DbOrTrx, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

export async function insertAccount(db: DbOrTrx, account: NewUser): Promise<void> {
  await insertAccounts(db, [account]);
}

export async function insertAccounts(db: DbOrTrx, accounts: readonly NewUser[]): Promise<void> {
  if (accounts.length === 0) return;
  await db.insertInto('users').values(accounts.map((account) => ({ ...account, email: account.email.toLowerCase() }))).execute();
}

/** Which of these emails already have an account or an engineer record. */
export async function takenEmails(db: DbOrTrx, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const wanted = emails.map((e) => e.trim().toLowerCase());
  const rows = await db.selectFrom('users').select('email').where('email', 'in', wanted)
    .union(db.selectFrom('engineers').select('email').where('email', 'in', wanted)).execute();
  return rows.map((r) => r.email);
}

/** The profile the API serves: never the password hash; engineers add their planning fields. */
export async function loadProfile(db: DbOrTrx, userId: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('engineers', 'engineers.id', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'users.department', 'users.admin', 'users.scope', 'engineers.doc'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const user: User = { _id: row.id, name: row.name, email: row.email, role: row.role, department: row.department, admin: row.admin, ...(row.role === 'manager' ? { scope: row.scope } : {}) };
  if (row.doc) {
    Object.assign(user, {
      name: row.doc.name,
      department: row.doc.department,
      seniority: row.doc.seniority,
      maxCapacity: row.doc.maxCapacity,
      skills: row.doc.skills,
    });
  }
  return user;
}
