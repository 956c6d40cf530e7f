import type { Engineer } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/** Writes the engineers read model from the engineer stream's folded state. */
export async function projectEngineer(trx: DbOrTrx, id: string, state: Engineer | null): Promise<void> {
  if (!state) {
    await trx.deleteFrom('engineers').where('id', '=', id).execute();
    return;
  }
  const row = { id, name: state.name, email: state.email, version: state.version, doc: JSON.stringify(state) };
  await trx
    .insertInto('engineers')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
