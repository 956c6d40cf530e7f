import type { Project } from '../../domain/index.ts';
import type { Writer } from '../db/connect.ts';

/** The read-model row for the stream's folded state (also used by the rebuild). */
export const projectRow = (state: Project) => ({
  id: state._id,
  name: state.name,
  status: state.status,
  tentative: state.tentative,
  start_date: state.startDate,
  end_date: state.endDate,
  version: state.version,
  doc: JSON.stringify(state),
});

/** Writes the projects read model from the project stream's folded state. */
export async function projectProject(db: Writer, id: string, state: Project | null): Promise<void> {
  if (!state) {
    await db.deleteFrom('projects').where('id', '=', id).execute();
    return;
  }
  const row = projectRow(state);
  await db
    .insertInto('projects')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
