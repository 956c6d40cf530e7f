import type { AssignmentRecord } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/** Writes the assignments read model; a removed assignment (state null) leaves it, its history stays. */
export async function projectAssignment(trx: DbOrTrx, id: string, state: AssignmentRecord | null): Promise<void> {
  if (!state) {
    await trx.deleteFrom('assignments').where('id', '=', id).execute();
    return;
  }
  const row = {
    id,
    engineer_id: state.engineerId,
    project_id: state.projectId,
    start_date: state.startDate,
    end_date: state.endDate,
    version: state.version,
    doc: JSON.stringify(state),
  };
  await trx
    .insertInto('assignments')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
