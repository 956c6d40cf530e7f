import type { AccountView } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

const columns = ['id', 'name', 'email', 'role', 'admin', 'status', 'last_sign_in_at', 'version', 'scope'] as const;
type Row = { id: string; name: string; email: string; role: AccountView['role']; admin: boolean; status: AccountView['status']; last_sign_in_at: Date | null; version: number; scope: 'all' | string[] };
const view = (r: Row): AccountView => ({
  _id: r.id, name: r.name, email: r.email, role: r.role, admin: r.admin, status: r.status,
  lastSignInAt: r.last_sign_in_at?.toISOString() ?? null, version: r.version, scope: r.scope,
});

/** The People & access list: every account by name; never a hash. */
export async function listAccounts(db: DbOrTrx): Promise<AccountView[]> {
  return (await db.selectFrom('users').select(columns).orderBy('name').orderBy('id').execute()).map(view);
}

export async function findAccountView(db: DbOrTrx, id: string): Promise<AccountView | undefined> {
  const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  return row && view(row);
}
