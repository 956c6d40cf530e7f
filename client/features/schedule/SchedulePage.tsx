import { ProposalPanel, ResolveOverloadsDialog, useEngineerDays, useScheduleWrites } from '../planning/index.ts';
import { CalendarOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useMachine, useSelector } from '@xstate/react';
import { Button, Card, message, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { dayOfDate } from '../../../domain/capacity/calendar-days.ts';
import type { Assignment, TimeOff } from '../../../domain/entities.ts';
import { assignmentsByEngineer, sortedUnique } from '../../../domain/figures.ts';
import { ListEmptyState } from '../../components/ListEmptyState.tsx';
import { GridFrame } from '../../components/grid/GridFrame.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SaveViewButton } from '../../components/SaveViewButton.tsx';
import { afterNextPaint } from '../../lib/afterPaint.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { hasFilters } from '../../lib/scheduleView.ts';
import { columnWidths, windowRange } from '../../lib/window.ts';
import { useAssignments } from '../../stores/assignments.ts';
import { useTeamOptions, useTeams } from '../../stores/teams.ts';
import { useReach } from '../../stores/reach.ts';
import { useLiveQuery, type LiveQuerySource } from '../../stores/useLiveQuery.ts';
import { staffingApi, type StaffingView } from '../planning/index.ts';
import { pendingByEngineer, pendingRoles } from './pendingDemand.ts';
import { PendingRoleRows, pendingRolesHeight } from './PendingRoleRows.tsx';

/** The requests not answered yet (managers'); a past moment shows none. */
const pendingSource: LiveQuerySource<object, StaffingView[]> = { live: (_p, signal) => staffingApi.pending(signal), past: () => [] };
import { useEngineers } from '../../stores/engineers.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { useProjects } from '../../stores/projects.ts';
import { loadCollections } from '../../stores/plan.ts';
import { ALL_COLLECTIONS } from '../../stores/useScreenData.ts';
import { isRowOpen } from './schedule.machine.ts';
import { AssignmentLanes, detailsHeight, type LaidOutBars, layOutBars } from '../../components/grid/AssignmentLanes.tsx';
import { DragPreviewOr } from '../../components/grid/DragPreviewOr.tsx';
import { barGeometry, fittedColumnWidth, scheduleAxis, xOfDay } from '../../components/grid/axis.ts';
import { BulkBar } from '../../components/grid/BulkBar.tsx';
import { createPrefill } from './createPrefill.ts';
import { openRolesShown } from '../../components/grid/openRolesLayout.ts';
import { placeholderBlockHeight, placeholderGroups, PlaceholderRows } from '../../components/grid/PlaceholderRows.tsx';
import { ScheduleGrid } from './ScheduleGrid.tsx';
import { ScheduleLegend } from './ScheduleLegend.tsx';
import { tentativeIds } from './scheduleSource.ts';
import { ScheduleToolbar } from './ScheduleToolbar.tsx';
import { todayShown } from '../../components/grid/todayShown.ts';
import { useScheduleMachine } from './useScheduleMachine.ts';
import { useScheduleActuals } from './useScheduleActuals.ts';
import { useIsViewingPast } from '../../stores/viewMode.ts';
import { useProfile } from '../../stores/profile.ts';
import { actualsOffReason } from './actualsQuery.ts';
import { gridSummary } from './scheduleText.ts';
import { useWidth } from '../../components/grid/useWidth.ts';
import { resolveBody, type ResolvedProposal, resolveOverloads, resolveOverloadsMachine } from '../planning/index.ts';
import { openScenarioLens } from '../../stores/scenarioLens.ts';
import '../../components/grid/grid.css';
import { palette } from '../../components/palette.ts';

const byStart = (a: Assignment, b: Assignment) => a.startDate.localeCompare(b.startDate) || a._id.localeCompare(b._id);
const none: readonly TimeOff[] = [];
const noBars: readonly Assignment[] = [];

/** Ctrl+Z (or Cmd+Z) outside a field or a dialog: undo the newest change made here. */
const isUndoKey = (event: KeyboardEvent) => {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z') return false;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable=true], .ant-modal-root')) return false;
  return document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal') === null;
};

/**
 * The schedule: people down the side, weeks (or days, or months) across, each cell the person's
 * load, red where they are over and grey where they are away; totals per period on top, and the
 * open roles (placeholders) under their projects. A row opens on the person's time off and
 * assignments, whose bars a manager drags to move or resize them.
 */
const noConflicts: ReadonlySet<string> = new Set();

export default function SchedulePage() {
  const canPlan = useCanPlan();
  const isMobile = useIsMobile();
  const engineers = useEngineers();
  const assignments = useAssignments();
  const projects = useProjects();
  const { send, view, timeZone, data, error, expanded, detailed, collapsed, filtersOpen, placeholdersOpen, busy } = useScheduleMachine();
  const writes = useScheduleWrites({
    engineers: engineers.data,
    assignments: assignments.data,
    projects: projects.data,
    timeZone,
    reload: () => send({ type: 'RELOAD' }),
  });

  const cardRef = useRef<HTMLDivElement>(null);
  const room = useWidth(cardRef);
  const nameWidth = isMobile ? 128 : 248;
  const grid = data?.grid ?? null;
  // The lists (filter choices, the open rows' bars, the dialogs) load once the grid has come: the
  // assignments are the app's largest answer and would compete with the grid's for the server and
  // for the main thread, and the first screen needs none of them.
  const gridSettled = data !== null || error !== null;
  // Not before the grid is on screen, either: the lists' loading state re-renders the whole page.
  useEffect(() => (gridSettled ? afterNextPaint(() => void loadCollections(ALL_COLLECTIONS)) : undefined), [gridSettled]);
  // A vertical scroll bar takes its width from the room.
  // Months are few and wide: they fill the room, where weeks and days stop at twice their narrowest.
  const columnWidth = fittedColumnWidth(room - 16, nameWidth, grid?.periods.length ?? 0, columnWidths[view.step], view.step === 'month' ? Number.POSITIVE_INFINITY : undefined);
  const today = todayShown();
  const range = windowRange(view, today);
  const axis = useMemo(() => scheduleAxis(grid?.periods ?? [], columnWidth), [grid?.periods, columnWidth]);
  const todayDay = dayOfDate(today);
  // While the app shows another moment (a past one, a scenario) past periods show that plan, as the
  // Report hides its actuals then: actuals are what was recorded up to now.
  const viewingPast = useIsViewingPast();
  const role = useProfile().data?.role;
  const actualsOff = actualsOffReason(view.step, viewingPast, role);
  const actuals = useScheduleActuals(view, grid, today, actualsOff === null);
  const recordedOf = actuals.recordedOf;
  // Resolve overloads for the window on screen (from today: days before it stay as they are); the
  // proposal is then shown on the schedule, in its scenario's lens, with its changes beside it.
  const [proposal, setProposal] = useState<ResolvedProposal | null>(null);
  const proposed = useRef<ResolvedProposal | null>(null);
  const [resolving, sendResolve] = useMachine(
    useMemo(
      () =>
        resolveOverloadsMachine.provide({
          actors: {
            resolve: fromPromise(async ({ input }) => {
              proposed.current = await resolveOverloads(resolveBody(input));
              return proposed.current;
            }),
          },
          actions: {
            opened: (_, { id }) => {
              openScenarioLens(id, { editable: true }).then(
                () => setProposal(proposed.current?._id === id ? proposed.current : null),
                (error: unknown) => void message.error((error as Error).message),
              );
            },
          },
        }),
      [],
    ),
  );
  // The people of the selected bars, when some are selected: their overloads, and only they take work.
  const openResolve = () => {
    const engineerIds = [...new Set(writes.selection.getSnapshot().context.selected.map((a) => a.engineerId._id))];
    sendResolve({ type: 'OPEN', from: range.from < today ? today : range.from, to: range.to, engineerIds });
  };
  const todayX = todayDay >= axis.firstDay && todayDay < axis.endDay ? xOfDay(axis, todayDay) : null;

  const skills = useMemo(() => sortedUnique(engineers.data.map((e) => e.skills)), [engineers.data]);
  const teamOptions = useTeamOptions(useTeams());
  const departments = useMemo(() => sortedUnique([engineers.data.map((e) => e.department)]), [engineers.data]);
  const tentativeProjects = useMemo(() => new Set(tentativeIds(projects.data)), [projects.data]);
  const projectsById = useMemo(() => new Map(projects.data.map((p) => [p._id, p])), [projects.data]);
  const projectNameOf = useCallback((id: string) => projectsById.get(id)?.name, [projectsById]);

  const timeOffBy = useMemo(() => {
    const byEngineer = new Map<string, TimeOff[]>();
    for (const t of data?.timeOff ?? []) {
      const list = byEngineer.get(t.engineerId);
      if (list) list.push(t);
      else byEngineer.set(t.engineerId, [t]);
    }
    return byEngineer;
  }, [data?.timeOff]);
  const timeOffOf = useCallback((id: string) => timeOffBy.get(id) ?? none, [timeOffBy]);

  const openState = useMemo(() => ({ detailed, expanded, collapsed }), [detailed, expanded, collapsed]);
  const isOpen = useCallback((id: string) => isRowOpen(openState, id), [openState]);

  // Bars of the open rows: the person's assignments with a day in the window, by start, packed into
  // lanes. Worked out when a row first needs them (in the detailed mode, 2,000 rows may), then kept
  // until the assignments or the window change.
  const byEngineer = useMemo(() => assignmentsByEngineer(assignments.data), [assignments.data]);
  const laidOutOf = useMemo(() => {
    const kept = new Map<string, LaidOutBars>();
    return (id: string): LaidOutBars => {
      let laid = kept.get(id);
      if (!laid) {
        const own = (byEngineer.get(id) ?? noBars).filter((a) => barGeometry(a, axis, timeZone.current) !== null).sort(byStart);
        laid = layOutBars(own, timeZone.current);
        kept.set(id, laid);
      }
      return laid;
    };
  }, [byEngineer, axis, timeZone]);
  const assignmentsById = useMemo(() => new Map(assignments.data.map((a) => [a._id, a])), [assignments.data]);
  const assignmentOf = useCallback((id: string) => assignmentsById.get(id), [assignmentsById]);
  const detailsHeightOf = useCallback((id: string) => detailsHeight(laidOutOf(id).count, timeOffOf(id).length > 0, !detailed), [laidOutOf, timeOffOf, detailed]);

  const groups = useMemo(
    () => placeholderGroups((data?.placeholders ?? []).filter((p) => barGeometry(p, axis, timeZone.current) !== null), projectsById),
    [data?.placeholders, axis, projectsById, timeZone],
  );

  const toggle = useCallback((engineerId: string) => send({ type: 'TOGGLE_ROW', engineerId }), [send]);
  const { drag, running, openEdit, openTimeOff, cells, selection, undo } = writes;
  const dropTargetId = useSelector(drag, (s) => (s.matches('dragging') ? (s.context.target?._id ?? null) : null));

  // New work from empty cells: the person of the row and the dates of the periods chosen.
  const gridRef = useRef(grid);
  gridRef.current = grid;
  const openCreate = writes.openCreate;
  useEffect(() => {
    const subscription = cells.on('create', (span) => {
      const prefill = gridRef.current && createPrefill(gridRef.current, span);
      if (prefill) openCreate(undefined, prefill);
    });
    return () => subscription.unsubscribe();
  }, [cells, openCreate]);

  // Ctrl+Z undoes the newest change made here (a toast's Undo, that change).
  useEffect(() => {
    if (!canPlan) return undefined;
    const listener = (event: KeyboardEvent) => {
      if (!isUndoKey(event)) return;
      event.preventDefault();
      undo.send({ type: 'UNDO' });
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [canPlan, undo]);
  const bookTimeOff = useCallback(
    (id: string) => {
      const engineer = grid?.rows.find((r) => r.engineer._id === id)?.engineer;
      if (engineer) openTimeOff(engineer, todayDay >= axis.firstDay && todayDay < axis.endDay ? today : range.from);
    },
    [grid, openTimeOff, todayDay, axis, today, range.from],
  );
  const days = useEngineerDays({ onSaved: () => send({ type: 'RELOAD' }) });
  const { openFor: openDays } = days;
  const editDays = useCallback(
    (id: string) => {
      const engineer = engineers.data.find((e) => e._id === id);
      if (engineer) openDays(engineer);
    },
    [engineers.data, openDays],
  );
  // The assignments each engineer has planned on a day they do not work (time off, before they start, after they leave).
  const conflictedBy = useMemo(() => {
    const by = new Map<string, Set<string>>();
    for (const row of grid?.rows ?? []) {
      if (row.conflicts.length > 0) by.set(row.engineer._id, new Set(row.conflicts.flatMap((c) => (c.assignmentId ? [c.assignmentId] : []))));
    }
    return by;
  }, [grid]);
  // Open staffing requests, fetched again after every live change: hatched on the person's row until answered.
  const pendingAnswer = useLiveQuery(pendingSource, role === 'manager' ? {} : null).data;
  const pendingBars = useMemo(() => pendingByEngineer(Array.isArray(pendingAnswer) ? pendingAnswer : null, axis, timeZone.current), [pendingAnswer, axis, timeZone]);
  const pendingOf = useCallback((engineerId: string) => pendingBars.get(engineerId), [pendingBars]);
  const pendingRoleLines = useMemo(() => pendingRoles(Array.isArray(pendingAnswer) ? pendingAnswer : null, axis, timeZone.current), [pendingAnswer, axis, timeZone]);
  // A scoped manager's other teams' rows: read, not changed (the server's own rule, client/stores/reach.ts).
  const reach = useReach();
  const engineerById = useMemo(() => new Map(engineers.data.map((e) => [e._id, e])), [engineers.data]);
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
        compact={isMobile}
        todayX={todayX}
        axis={axis}
        timeZone={timeZone.current}
        canPlan={canPlan && !outOfReach(engineerId)}
        refusal={canPlan ? outOfReach(engineerId) : null}
        drag={drag}
        saving={running}
        tentativeProjects={tentativeProjects}
        onOpen={openEdit}
      />
    ),
    [conflictedBy, laidOutOf, detailed, selection, timeOffOf, nameWidth, isMobile, todayX, axis, timeZone, canPlan, drag, running, tentativeProjects, openEdit, outOfReach],
  );

  // A phone shows the open roles' header only until asked: the people come first on a small screen.
  const showPlaceholders = placeholdersOpen ?? (!isMobile && openRolesShown(groups.reduce((sum, g) => sum + g.placeholders.length, 0)));
  // Above the people: the requests for a role not answered yet, then the open roles.
  const placeholders = {
    height: pendingRolesHeight(pendingRoleLines) + placeholderBlockHeight(groups, showPlaceholders),
    node: (
      <>
      <PendingRoleRows roles={pendingRoleLines} nameWidth={nameWidth} width={axis.width} />
      <PlaceholderRows
        groups={groups}
        tentativeProjects={tentativeProjects}
        axis={axis}
        timeZone={timeZone.current}
        nameWidth={nameWidth}
        open={showPlaceholders}
        canPlan={canPlan}
        onToggle={() => send({ type: 'TOGGLE_PLACEHOLDERS', shown: showPlaceholders })}
        onFill={writes.openFill}
      />
      </>
    ),
  };

  const resolveButton =
    role === 'manager' ? (
      <Button icon={<ThunderboltOutlined />} onClick={openResolve} data-testid="schedule-resolve-overloads" aria-label="Resolve overloads">
        {isMobile ? null : 'Resolve overloads'}
      </Button>
    ) : null;

  return (
    <div>
      {/* A phone keeps the title and gives the line under it to the people. */}
      <PageHeader title="Schedule" subtitle={isMobile ? undefined : "Everyone's load period by period: who is over, who is free, and when"} extra={<Space wrap>{resolveButton}<SaveViewButton compact={isMobile} /></Space>} />
      <LoadErrors errors={[engineers.error, assignments.error, actuals.error]} />
      <ScheduleToolbar
        view={view}
        compact={isMobile}
        filtersOpen={filtersOpen}
        detailed={detailed}
        range={range}
        skills={skills}
        departments={departments}
        teams={teamOptions}
        actualsOff={actualsOff}
        send={send}
      />
      <Card styles={{ body: { padding: 0 } }} data-testid="schedule-card" ref={cardRef}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: isMobile ? 4 : 12, alignItems: 'center', justifyContent: 'space-between', padding: isMobile ? '8px 12px' : '10px 16px' }}>
          <Typography.Text strong data-testid="schedule-summary">
            <CalendarOutlined style={{ color: palette.primary, marginRight: 8 }} />
            {grid ? gridSummary(grid) : 'Loading the schedule...'}
            {(busy || actuals.loading) && grid ? <Spin size="small" style={{ marginLeft: 10 }} /> : null}
          </Typography.Text>
          <div style={{ minHeight: 20, display: 'flex', alignItems: 'center', minWidth: 0, maxWidth: '100%' }}>
            <DragPreviewOr drag={drag}>
              <ScheduleLegend compact={isMobile} actual={view.show === 'actual' && actualsOff === null} />
            </DragPreviewOr>
          </div>
        </div>
        {canPlan ? <BulkBar selection={selection} compact={isMobile} /> : null}
        <GridFrame
          what="The schedule"
          error={error}
          onRetry={() => send({ type: 'RETRY' })}
          data={grid}
          empty={
            <ListEmptyState
              icon={<TeamOutlined />}
              things="engineers"
              filtered={hasFilters(view)}
              filteredHint="Try another window or fewer filters"
              noneHint="People appear here once managers add them"
              onClear={() => send({ type: 'CLEAR_FILTERS' })}
            />
          }
        >
          {(loaded) => (
            <ScheduleGrid
              data={loaded}
              step={view.step}
              sort={view.sort}
              columnWidth={columnWidth}
              nameWidth={nameWidth}
              compact={isMobile}
              today={today}
              isOpen={isOpen}
              onToggle={toggle}
              detailsHeightOf={detailsHeightOf}
              renderDetails={renderDetails}
              timeOffOf={timeOffOf}
              projectNameOf={projectNameOf}
              before={placeholders}
              onBookTimeOff={canPlan ? bookTimeOff : undefined}
              onEditDays={canPlan ? editDays : undefined}
              canPlan={canPlan}
              outOfReach={reach.scoped ? outOfReach : undefined}
              pendingOf={pendingOf}
              cells={cells}
              selection={selection}
              assignmentOf={assignmentOf}
              dropTargetId={dropTargetId}
              recordedOf={recordedOf}
            />
          )}
        </GridFrame>
      </Card>
      {canPlan ? writes.dialogs : null}
      {canPlan ? days.dialogs : null}
      <ResolveOverloadsDialog state={resolving.value as 'closed' | 'editing' | 'solving' | 'result'} context={resolving.context} send={sendResolve} />
      <ProposalPanel proposal={proposal} onClose={() => setProposal(null)} />
    </div>
  );
}
