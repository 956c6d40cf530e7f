import type { Project } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/** Writes the projects read model from the project stream's folded state. */
export async function projectProject(trx: DbOrTrx, id: string, state: Project | null): Promise<void> {
  if (!state) {
    await trx.deleteFrom('projects').where('id', '=', id).execute();
    return;
  }
  const row = {
    id,
    name: state.name,
    status: state.status,
    start_date: state.startDate,
    end_date: state.endDate,
    version: state.version,
    doc: JSON.stringify(state),
  };
  await trx
    .insertInto('projects')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
