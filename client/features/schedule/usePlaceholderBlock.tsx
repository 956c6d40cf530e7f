import { useMemo } from 'react';
import type { Placeholder, Project } from '../../../domain/entities.ts';
import { barGeometry, type ScheduleAxis } from '../../components/grid/axis.ts';
import { openRolesShown } from '../../components/grid/openRolesLayout.ts';
import { placeholderBlockHeight, placeholderGroups, PlaceholderRows } from '../../components/grid/PlaceholderRows.tsx';
import type { pendingRoles } from './pendingDemand.ts';
import { PendingRoleRows, pendingRolesHeight } from './PendingRoleRows.tsx';

type Options = {
  placeholders: readonly Placeholder[] | undefined;
  projectsById: ReadonlyMap<string, Project>;
  tentativeProjects: ReadonlySet<string>;
  pendingRoleLines: ReturnType<typeof pendingRoles>;
  axis: ScheduleAxis;
  timeZone: string;
  nameWidth: number;
  /** Shown or hidden by the user; null: as the screen's size and the count suggest. */
  open: boolean | null;
  compact: boolean;
  canPlan: boolean;
  onToggle: (shown: boolean) => void;
  onFill: Parameters<typeof PlaceholderRows>[0]['onFill'];
};

/** Above the people: the requests for a role not answered yet, then the open roles (placeholders) under their projects. */
export function usePlaceholderBlock(options: Options): { height: number; node: React.ReactNode } {
  const { placeholders, projectsById, tentativeProjects, pendingRoleLines, axis, timeZone, nameWidth, open, compact, canPlan, onToggle, onFill } = options;
  const groups = useMemo(
    () => placeholderGroups((placeholders ?? []).filter((p) => barGeometry(p, axis, timeZone) !== null), projectsById),
    [placeholders, axis, projectsById, timeZone],
  );
  // A phone shows the open roles' header only until asked: the people come first on a small screen.
  const shown = open ?? (!compact && openRolesShown(groups.reduce((sum, g) => sum + g.placeholders.length, 0)));
  return {
    height: pendingRolesHeight(pendingRoleLines) + placeholderBlockHeight(groups, shown),
    node: (
      <>
        <PendingRoleRows roles={pendingRoleLines} nameWidth={nameWidth} width={axis.width} />
        <PlaceholderRows
          groups={groups}
          tentativeProjects={tentativeProjects}
          axis={axis}
          timeZone={timeZone}
          nameWidth={nameWidth}
          open={shown}
          canPlan={canPlan}
          onToggle={() => onToggle(shown)}
          onFill={onFill}
        />
      </>
    ),
  };
}
