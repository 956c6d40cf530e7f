import type { Account, AccountEvent } from '../../domain/index.ts';
import type { Writer } from '../db/connect.ts';

/**
 * The account's facts as its stream says (name, e-mail, role, admin, status, version) on its `users`
 * row; the credentials beside them are the auth code's. A withdrawn invitation leaves no row.
 */
export async function projectAccount(trx: Writer, id: string, state: Account | null, events: readonly AccountEvent[]): Promise<void> {
  if (!state) {
    if (events.some((e) => e.type === 'InviteWithdrawn')) await trx.deleteFrom('users').where('id', '=', id).execute();
    return;
  }
  const facts = { email: state.email, name: state.name, role: state.role, admin: state.admin, status: state.status, version: state.version, scope: JSON.stringify(state.scope ?? 'all') };
  await trx.insertInto('users').values({ id, ...facts, department: '', password_hash: null })
    .onConflict((c) => c.column('id').doUpdateSet(facts)).execute();
}
