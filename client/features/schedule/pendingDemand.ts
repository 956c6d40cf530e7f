import { type StaffingView } from '../planning/index.ts';
import { barGeometry, type ScheduleAxis } from '../../components/grid/axis.ts';

/** An open staffing request on the requested person's row: where it sits and what it asks. */
export type PendingBar = { id: string; left: number; width: number; label: string; project: string };
/** An open request for a role with nobody named (and no open role already showing it): demand for that role. */
export type PendingRole = PendingBar & { role: string };

const none: readonly PendingBar[] = [];
export const noPending = none;

/**
 * The open requests for a named person (asked or proposed, not answered yet), per person, placed on the
 * axis: demand that may come, drawn hatched like tentative work until someone answers. A request for a
 * role with nobody proposed has no row to sit on (see pendingRoles).
 */
export function pendingByEngineer(requests: readonly StaffingView[] | null, axis: ScheduleAxis, timeZone: string): Map<string, PendingBar[]> {
  const by = new Map<string, PendingBar[]>();
  for (const r of requests ?? []) {
    if ((r.state !== 'open' && r.state !== 'proposed') || !r.engineerId) continue;
    const at = barGeometry(r, axis, timeZone);
    if (!at) continue;
    const label = `Pending staffing request: ${r.projectName} at ${r.allocationPercentage}% from ${r.startDate.slice(0, 10)} to ${r.endDate.slice(0, 10)}, asked by ${r.requestedByName}`;
    by.set(r.engineerId, [...(by.get(r.engineerId) ?? []), { id: r._id, left: at.left, width: Math.max(at.width, 4), label, project: r.projectName }]);
  }
  return by;
}

/**
 * The open requests for a role with nobody proposed yet, placed on the axis: demand for a role above the
 * people. One made from an open role is left out: that open role already shows the demand.
 */
export function pendingRoles(requests: readonly StaffingView[] | null, axis: ScheduleAxis, timeZone: string): PendingRole[] {
  const roles: PendingRole[] = [];
  for (const r of requests ?? []) {
    if (r.state !== 'open' || r.engineerId || r.placeholderId) continue;
    const at = barGeometry(r, axis, timeZone);
    if (!at) continue;
    const label = `Pending staffing request: someone as ${r.role} on ${r.projectName} at ${r.allocationPercentage}% from ${r.startDate.slice(0, 10)} to ${r.endDate.slice(0, 10)}, asked by ${r.requestedByName}`;
    roles.push({ id: r._id, left: at.left, width: Math.max(at.width, 4), label, project: r.projectName, role: r.role });
  }
  return roles;
}
