import type { Role, User } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { NewUser, UserRow } from '../db/schema.ts';

export const findAccountByEmail = (db: DbOrTrx, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

export const findAccountRole = async (db: DbOrTrx, id: string): Promise<Role | undefined> =>
  (await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst())?.role;

export async function insertAccount(db: DbOrTrx, account: NewUser): Promise<void> {
  await insertAccounts(db, [account]);
}

export async function insertAccounts(db: DbOrTrx, accounts: readonly NewUser[]): Promise<void> {
  if (accounts.length === 0) return;
  await db.insertInto('users').values(accounts.map((account) => ({ ...account, email: account.email.toLowerCase() }))).execute();
}

/** Which of these emails already have an account. */
export async function takenEmails(db: DbOrTrx, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db.selectFrom('users').select('email').where('email', 'in', emails.map((e) => e.trim().toLowerCase())).execute();
  return rows.map((r) => r.email);
}

/** The profile the API serves: never the password hash; engineers add their planning fields. */
export async function loadProfile(db: DbOrTrx, userId: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('engineers', 'engineers.id', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'users.department', 'engineers.doc'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const user: User = { _id: row.id, name: row.name, email: row.email, role: row.role, department: row.department };
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
