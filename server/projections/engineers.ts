import type { Engineer } from '../../domain/index.ts';
import type { DbOrTrx, Writer } from '../db/connect.ts';
import { projectMany, type ProjectedState } from './many.ts';

/** The read-model row for the stream's folded state (also used by the rebuild). */
export const engineerRow = (state: Engineer) => ({
  id: state._id, name: state.name, email: state.email, version: state.version, doc: JSON.stringify(state),
});

/** Writes the engineers read model from the engineer stream's folded state. */
export async function projectEngineer(db: Writer, id: string, state: Engineer | null): Promise<void> {
  if (!state) {
    await db.deleteFrom('engineers').where('id', '=', id).execute();
    return;
  }
  const row = engineerRow(state);
  await db
    .insertInto('engineers')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** The same, for many streams at once (commands run in bulk). */
export const projectEngineers = (db: DbOrTrx, states: readonly ProjectedState<Engineer>[]) => projectMany(db, 'engineers', engineerRow, states);
