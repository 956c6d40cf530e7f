import type { AssignmentRecord } from '../../domain/index.ts';
import type { DbOrTrx, Writer } from '../db/connect.ts';
import { projectMany, type ProjectedState } from './many.ts';

/** The read-model row for the stream's folded state (also used by the rebuild). */
export const assignmentRow = (state: AssignmentRecord) => ({
  id: state._id,
  engineer_id: state.engineerId,
  project_id: state.projectId,
  start_date: state.startDate,
  end_date: state.endDate,
  version: state.version,
  doc: JSON.stringify(state),
});

/** Writes the assignments read model; a removed assignment (state null) leaves it, its history stays. */
export async function projectAssignment(db: Writer, id: string, state: AssignmentRecord | null): Promise<void> {
  if (!state) {
    await db.deleteFrom('assignments').where('id', '=', id).execute();
    return;
  }
  const row = assignmentRow(state);
  await db
    .insertInto('assignments')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** The same, for many streams at once (commands run in bulk). */
export const projectAssignments = (db: DbOrTrx, states: readonly ProjectedState<AssignmentRecord>[]) => projectMany(db, 'assignments', assignmentRow, states);
