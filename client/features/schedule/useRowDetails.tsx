import { useCallback, useMemo } from 'react';
import type { Assignment, Engineer, TimeOff } from '../../../domain/entities.ts';
import { assignmentsByEngineer } from '../../../domain/figures.ts';
import { AssignmentLanes, detailsHeight, type LaidOutBars, layOutBars } from '../../components/grid/AssignmentLanes.tsx';
import { barGeometry, type ScheduleAxis } from '../../components/grid/axis.ts';
import { useReach } from '../../stores/reach.ts';
import type { useScheduleWrites } from '../planning/index.ts';
import type { ScheduleData } from './schedule.machine.ts';

const byStart = (a: Assignment, b: Assignment) => a.startDate.localeCompare(b.startDate) || a._id.localeCompare(b._id);
const noBars: readonly Assignment[] = [];
const noConflicts: ReadonlySet<string> = new Set();

type Writes = ReturnType<typeof useScheduleWrites>;
type Options = {
  assignments: readonly Assignment[];
  engineerById: ReadonlyMap<string, Engineer>;
  grid: ScheduleData['grid'] | null;
  axis: ScheduleAxis;
  timeZone: string;
  detailed: boolean;
  timeOffOf: (id: string) => readonly TimeOff[];
  tentativeProjects: ReadonlySet<string>;
  nameWidth: number;
  compact: boolean;
  todayX: number | null;
  canPlan: boolean;
  writes: Pick<Writes, 'selection' | 'drag' | 'running' | 'openEdit'>;
};

/**
 * An open row's details: the person's assignments with a day in the window, by start, packed into
 * lanes, with the ones planned on a day they do not work marked, draggable where the manager may plan.
 */
export function useRowDetails(options: Options) {
  const { assignments, engineerById, grid, axis, timeZone, detailed, timeOffOf, tentativeProjects, nameWidth, compact, todayX, canPlan, writes } = options;
  const { selection, drag, running, openEdit } = writes;
  // Worked out when a row first needs them (in the detailed mode, 2,000 rows may), then kept until
  // the assignments or the window change.
  const byEngineer = useMemo(() => assignmentsByEngineer(assignments), [assignments]);
  const laidOutOf = useMemo(() => {
    const kept = new Map<string, LaidOutBars>();
    return (id: string): LaidOutBars => {
      let laid = kept.get(id);
      if (!laid) {
        const own = (byEngineer.get(id) ?? noBars).filter((a) => barGeometry(a, axis, timeZone) !== null).sort(byStart);
        laid = layOutBars(own, timeZone);
        kept.set(id, laid);
      }
      return laid;
    };
  }, [byEngineer, axis, timeZone]);
  const assignmentsById = useMemo(() => new Map(assignments.map((a) => [a._id, a])), [assignments]);
  const assignmentOf = useCallback((id: string) => assignmentsById.get(id), [assignmentsById]);
  const detailsHeightOf = useCallback((id: string) => detailsHeight(laidOutOf(id).count, timeOffOf(id).length > 0, !detailed), [laidOutOf, timeOffOf, detailed]);
  // The assignments each engineer has planned on a day they do not work (time off, before they start, after they leave).
  const conflictedBy = useMemo(() => {
    const by = new Map<string, Set<string>>();
    for (const row of grid?.rows ?? []) {
      if (row.conflicts.length > 0) by.set(row.engineer._id, new Set(row.conflicts.flatMap((c) => (c.assignmentId ? [c.assignmentId] : []))));
    }
    return by;
  }, [grid]);
  // A scoped manager's other teams' rows: read, not changed (the server's own rule, client/stores/reach.ts).
  const reach = useReach();
  const outOfReach = useCallback((engineerId: string) => {
    const person = engineerById.get(engineerId);
    return person ? reach.outOfReach(person) : null;
  }, [engineerById, reach]);
  const renderDetails = useCallback(
    (engineerId: string) => (
      <AssignmentLanes
        engineerId={engineerId}
        conflicted={conflictedBy.get(engineerId) ?? noConflicts}
        laidOut={laidOutOf(engineerId)}
        detailed={detailed}
        selection={selection}
        timeOff={timeOffOf(engineerId)}
        nameWidth={nameWidth}
        compact={compact}
        todayX={todayX}
        axis={axis}
        timeZone={timeZone}
        canPlan={canPlan && !outOfReach(engineerId)}
        refusal={canPlan ? outOfReach(engineerId) : null}
        drag={drag}
        saving={running}
        tentativeProjects={tentativeProjects}
        onOpen={openEdit}
      />
    ),
    [conflictedBy, laidOutOf, detailed, selection, timeOffOf, nameWidth, compact, todayX, axis, timeZone, canPlan, drag, running, tentativeProjects, openEdit, outOfReach],
  );
  return { assignmentOf, detailsHeightOf, renderDetails, outOfReach: reach.scoped ? outOfReach : undefined };
}
