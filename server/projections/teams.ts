import type { StaffingRequest, Team } from '../../domain/index.ts';
import type { Writer } from '../db/connect.ts';

export const teamRow = (state: Team) => ({ id: state._id, name: state.name, parent_id: state.parentId, version: state.version, doc: JSON.stringify(state) });

/** The teams read model from the team stream's folded state (also used by the rebuild). */
export async function projectTeam(db: Writer, id: string, state: Team | null): Promise<void> {
  if (!state) {
    await db.deleteFrom('teams').where('id', '=', id).execute();
    return;
  }
  const row = teamRow(state);
  await db.insertInto('teams').values(row).onConflict((oc) => oc.column('id').doUpdateSet(row)).execute();
}

export const staffingRow = (state: StaffingRequest) => ({
  id: state._id, state: state.state, requested_by: state.requestedBy, engineer_id: state.engineerId, project_id: state.projectId,
  version: state.version, doc: JSON.stringify(state),
});

/** The staffing requests read model from the request's folded state. */
export async function projectStaffing(db: Writer, id: string, state: StaffingRequest | null): Promise<void> {
  if (!state) {
    await db.deleteFrom('staffing_requests').where('id', '=', id).execute();
    return;
  }
  const row = staffingRow(state);
  await db.insertInto('staffing_requests').values(row).onConflict((oc) => oc.column('id').doUpdateSet(row)).execute();
}
