import { TeamOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { Card, Space } from 'antd';
import { useCallback, useMemo } from 'react';
import { BulkBar } from '../../components/grid/BulkBar.tsx';
import { GridFrame } from '../../components/grid/GridFrame.tsx';
import { ListEmptyState } from '../../components/ListEmptyState.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SaveViewButton } from '../../components/SaveViewButton.tsx';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { hasFilters } from '../../lib/scheduleView.ts';
import { useAssignments } from '../../stores/assignments.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { useProfile } from '../../stores/profile.ts';
import { useProjects } from '../../stores/projects.ts';
import { useIsViewingPast } from '../../stores/viewMode.ts';
import { useScheduleWrites } from '../planning/index.ts';
import { actualsOffReason } from './actualsQuery.ts';
import { isRowOpen } from './schedule.machine.ts';
import { ScheduleCardHeader } from './ScheduleCardHeader.tsx';
import { ScheduleGrid } from './ScheduleGrid.tsx';
import { ScheduleToolbar } from './ScheduleToolbar.tsx';
import { useListsAfterGrid } from './useListsAfterGrid.ts';
import { usePendingRequests } from './usePendingRequests.ts';
import { usePlaceholderBlock } from './usePlaceholderBlock.tsx';
import { useResolveOnSchedule } from './useResolveOnSchedule.tsx';
import { useRowDetails } from './useRowDetails.tsx';
import { useRowPlanning } from './useRowPlanning.ts';
import { useScheduleActuals } from './useScheduleActuals.ts';
import { useScheduleGestures } from './useScheduleGestures.ts';
import { useScheduleLayout } from './useScheduleLayout.ts';
import { useScheduleLookups } from './useScheduleLookups.ts';
import { useScheduleMachine } from './useScheduleMachine.ts';
import '../../components/grid/grid.css';

/**
 * The schedule: people down the side, weeks (or days, or months) across, each cell the person's
 * load, red where they are over and grey where they are away; totals per period on top, and the
 * open roles (placeholders) under their projects. A row opens on the person's time off and
 * assignments, whose bars a manager drags to move or resize them.
 */
export default function SchedulePage() {
  const canPlan = useCanPlan();
  const isMobile = useIsMobile();
  const engineers = useEngineers();
  const assignments = useAssignments();
  const projects = useProjects();
  const { send, view, timeZone, data, error, expanded, detailed, collapsed, filtersOpen, placeholdersOpen, busy } = useScheduleMachine();
  const reload = useCallback(() => send({ type: 'RELOAD' }), [send]);
  const writes = useScheduleWrites({ engineers: engineers.data, assignments: assignments.data, projects: projects.data, timeZone, reload });
  const grid = data?.grid ?? null;
  useListsAfterGrid(data !== null || error !== null);
  const { cardRef, nameWidth, columnWidth, today, range, axis, todayOnAxis, todayX } = useScheduleLayout(view, grid, isMobile);
  // While the app shows another moment (a past one, a scenario) past periods show that plan, as the
  // Report hides its actuals then: actuals are what was recorded up to now.
  const viewingPast = useIsViewingPast();
  const role = useProfile().data?.role;
  const actualsOff = actualsOffReason(view.step, viewingPast, role);
  const actuals = useScheduleActuals(view, grid, today, actualsOff === null);
  const resolve = useResolveOnSchedule({ selection: writes.selection, range, today, offered: role === 'manager', compact: isMobile });
  const lookups = useScheduleLookups(engineers.data, projects.data, data?.timeOff);
  const openState = useMemo(() => ({ detailed, expanded, collapsed }), [detailed, expanded, collapsed]);
  const isOpen = useCallback((id: string) => isRowOpen(openState, id), [openState]);
  const toggle = useCallback((engineerId: string) => send({ type: 'TOGGLE_ROW', engineerId }), [send]);
  const dropTargetId = useSelector(writes.drag, (s) => (s.matches('dragging') ? (s.context.target?._id ?? null) : null));
  useScheduleGestures(writes, grid, canPlan);
  const rowPlanning = useRowPlanning({ grid, engineers: engineers.data, openTimeOff: writes.openTimeOff, firstDay: todayOnAxis ? today : range.from, reload });
  const pending = usePendingRequests(role === 'manager', axis, timeZone.current);
  const details = useRowDetails({
    assignments: assignments.data, engineerById: lookups.engineerById, grid, axis, timeZone: timeZone.current, detailed, timeOffOf: lookups.timeOffOf,
    tentativeProjects: lookups.tentativeProjects, nameWidth, compact: isMobile, todayX, canPlan, writes,
  });
  const placeholders = usePlaceholderBlock({
    placeholders: data?.placeholders, projectsById: lookups.projectsById, tentativeProjects: lookups.tentativeProjects, pendingRoleLines: pending.roleLines,
    axis, timeZone: timeZone.current, nameWidth, open: placeholdersOpen, compact: isMobile, canPlan,
    onToggle: (shown) => send({ type: 'TOGGLE_PLACEHOLDERS', shown }), onFill: writes.openFill,
  });
  const empty = (
    <ListEmptyState icon={<TeamOutlined />} things="engineers" filtered={hasFilters(view)} filteredHint="Try another window or fewer filters" noneHint="People appear here once managers add them" onClear={() => send({ type: 'CLEAR_FILTERS' })} />
  );

  return (
    <div>
      {/* A phone keeps the title and gives the line under it to the people. */}
      <PageHeader title="Schedule" subtitle={isMobile ? undefined : "Everyone's load period by period: who is over, who is free, and when"} extra={<Space wrap>{resolve.button}<SaveViewButton compact={isMobile} /></Space>} />
      <LoadErrors errors={[engineers.error, assignments.error, actuals.error]} />
      <ScheduleToolbar view={view} compact={isMobile} filtersOpen={filtersOpen} detailed={detailed} range={range} skills={lookups.skills} departments={lookups.departments} teams={lookups.teams} actualsOff={actualsOff} send={send} />
      <Card styles={{ body: { padding: 0 } }} data-testid="schedule-card" ref={cardRef}>
        <ScheduleCardHeader grid={grid} busy={busy || actuals.loading} drag={writes.drag} compact={isMobile} actual={view.show === 'actual' && actualsOff === null} />
        {canPlan ? <BulkBar selection={writes.selection} compact={isMobile} /> : null}
        <GridFrame what="The schedule" error={error} onRetry={() => send({ type: 'RETRY' })} data={grid} empty={empty}>
          {(loaded) => (
            <ScheduleGrid
              data={loaded} step={view.step} sort={view.sort} columnWidth={columnWidth} nameWidth={nameWidth} compact={isMobile} today={today}
              isOpen={isOpen} onToggle={toggle} detailsHeightOf={details.detailsHeightOf} renderDetails={details.renderDetails}
              timeOffOf={lookups.timeOffOf} projectNameOf={lookups.projectNameOf} before={placeholders}
              onBookTimeOff={canPlan ? rowPlanning.bookTimeOff : undefined} onEditDays={canPlan ? rowPlanning.editDays : undefined}
              canPlan={canPlan} outOfReach={details.outOfReach} pendingOf={pending.pendingOf} cells={writes.cells} selection={writes.selection}
              assignmentOf={details.assignmentOf} dropTargetId={dropTargetId} recordedOf={actuals.recordedOf}
            />
          )}
        </GridFrame>
      </Card>
      {canPlan ? writes.dialogs : null}
      {canPlan ? rowPlanning.daysDialogs : null}
      {resolve.dialogs}
    </div>
  );
}
