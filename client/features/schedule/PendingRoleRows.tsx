import { OPEN_ROLES_BORDER, OPEN_ROLES_HEADER, OPEN_ROLES_LINE } from '../../components/grid/openRolesLayout.ts';
import type { PendingRole } from './pendingDemand.ts';
import { borderColors, planningMarks, textColors } from '../../components/palette.ts';

/** How tall the block is: nothing without requests, else its header and a line per request. */
export const pendingRolesHeight = (roles: readonly PendingRole[]) => (roles.length === 0 ? 0 : OPEN_ROLES_HEADER + roles.length * OPEN_ROLES_LINE + OPEN_ROLES_BORDER);

/**
 * Staffing requests for a role with nobody named, above the people: a line per request with its
 * demand hatched over its dates, like tentative work, until someone answers it.
 */
export function PendingRoleRows({ roles, nameWidth, width }: { roles: readonly PendingRole[]; nameWidth: number; width: number }) {
  if (roles.length === 0) return null;
  return (
    <div style={{ background: planningMarks.openRole.background, borderBottom: `${OPEN_ROLES_BORDER}px solid ${borderColors.pendingRole}` }} data-testid="schedule-pending-roles">
      {/* Inside the schedule's grid: every line is a row of cells (the names column and the bars beside it each a row of their own). */}
      <div className="schedule-line" style={{ height: OPEN_ROLES_HEADER, background: 'inherit' }} role="row">
        <div className="schedule-name" style={{ width: nameWidth, fontSize: 12, fontWeight: 600, color: textColors.pendingRole, whiteSpace: 'nowrap', overflow: 'hidden' }} role="rowheader">
          Requested roles ({roles.length})
        </div>
      </div>
      <div className="schedule-body">
        <div className="schedule-names" style={{ width: nameWidth, background: 'inherit' }}>
          {roles.map((r) => (
            <div key={r.id} className="schedule-name" style={{ position: 'static', height: OPEN_ROLES_LINE, paddingLeft: 12, borderRight: 0, fontSize: 12 }} title={r.label} role="row">
              <span role="rowheader">
                {r.role} · {r.project}
              </span>
            </div>
          ))}
        </div>
        <div style={{ width, flex: 'none' }}>
          {roles.map((r) => (
            <div key={r.id} style={{ position: 'relative', height: OPEN_ROLES_LINE }} role="row">
              <div className="schedule-pending" style={{ left: r.left, width: r.width, top: 8, bottom: 'auto', height: 12 }} title={r.label} aria-label={r.label} role="gridcell"
                data-testid="schedule-pending-role" data-role={r.role} data-project={r.project} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
