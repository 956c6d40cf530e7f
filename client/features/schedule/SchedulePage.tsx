import { CalendarOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Spin, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { dayOfDate } from '../../../domain/capacity/calendar-days.ts';
import type { Assignment, TimeOff } from '../../../domain/entities.ts';
import { assignmentsByEngineer, sortedUnique } from '../../../domain/figures.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { afterNextPaint } from '../../lib/afterPaint.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { columnWidths, windowRange } from '../../../domain/schedule/window.ts';
import { useAssignments } from '../../stores/assignments.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { useProjects } from '../../stores/projects.ts';
import { loadCollections } from '../../stores/plan.ts';
import { ALL_COLLECTIONS } from '../../stores/useScreenData.ts';
import { AssignmentLanes, detailsHeight } from './AssignmentLanes.tsx';
import { barGeometry, fittedColumnWidth, scheduleAxis, xOfDay } from './axis.ts';
import { openRolesShown } from './openRolesLayout.ts';
import { placeholderBlockHeight, placeholderGroups, PlaceholderRows } from './PlaceholderRows.tsx';
import { ScheduleGrid } from './ScheduleGrid.tsx';
import { ScheduleLegend } from './ScheduleLegend.tsx';
import { tentativeIds } from './scheduleSource.ts';
import { ScheduleToolbar } from './ScheduleToolbar.tsx';
import { todayShown } from './todayShown.ts';
import { useScheduleMachine } from './useScheduleMachine.ts';
import { useScheduleWrites } from './useScheduleWrites.tsx';
import { gridSummary } from './scheduleText.ts';
import { useWidth } from './useWidth.ts';
import './schedule.css';

const byStart = (a: Assignment, b: Assignment) => a.startDate.localeCompare(b.startDate) || a._id.localeCompare(b._id);
const none: readonly TimeOff[] = [];

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
  const { send, view, timeZone, data, error, expanded, filtersOpen, placeholdersOpen, busy } = useScheduleMachine();
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
  const columnWidth = fittedColumnWidth(room - 16, nameWidth, grid?.periods.length ?? 0, columnWidths[view.step]);
  const today = todayShown();
  const range = windowRange(view, today);
  const axis = useMemo(() => scheduleAxis(grid?.periods ?? [], columnWidth), [grid?.periods, columnWidth]);
  const todayDay = dayOfDate(today);
  const todayX = todayDay >= axis.firstDay && todayDay < axis.endDay ? xOfDay(axis, todayDay) : null;

  const skills = useMemo(() => sortedUnique(engineers.data.map((e) => e.skills)), [engineers.data]);
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

  // Bars of the open rows: the person's assignments with a day in the window, by start.
  const byEngineer = useMemo(() => assignmentsByEngineer(assignments.data), [assignments.data]);
  const bars = useMemo(() => {
    const open = new Map<string, Assignment[]>();
    for (const id of expanded) {
      const own = (byEngineer.get(id) ?? []).filter((a) => barGeometry(a, axis, timeZone.current) !== null);
      open.set(id, own.sort(byStart));
    }
    return open;
  }, [expanded, byEngineer, axis, timeZone]);
  const detailsHeightOf = useCallback((id: string) => detailsHeight(bars.get(id)?.length ?? 0, timeOffOf(id).length > 0), [bars, timeOffOf]);

  const groups = useMemo(
    () => placeholderGroups((data?.placeholders ?? []).filter((p) => barGeometry(p, axis, timeZone.current) !== null), projectsById),
    [data?.placeholders, axis, projectsById, timeZone],
  );

  const toggle = useCallback((engineerId: string) => send({ type: 'TOGGLE_ROW', engineerId }), [send]);
  const { drag, running, openEdit, openTimeOff } = writes;
  const bookTimeOff = useCallback(
    (id: string) => {
      const engineer = grid?.rows.find((r) => r.engineer._id === id)?.engineer;
      if (engineer) openTimeOff(engineer, todayDay >= axis.firstDay && todayDay < axis.endDay ? today : range.from);
    },
    [grid, openTimeOff, todayDay, axis, today, range.from],
  );
  const renderDetails = useCallback(
    (engineerId: string) => (
      <AssignmentLanes
        engineerId={engineerId}
        assignments={bars.get(engineerId) ?? []}
        timeOff={timeOffOf(engineerId)}
        nameWidth={nameWidth}
        compact={isMobile}
        todayX={todayX}
        axis={axis}
        timeZone={timeZone.current}
        canPlan={canPlan}
        drag={drag}
        saving={running}
        tentativeProjects={tentativeProjects}
        onOpen={openEdit}
      />
    ),
    [bars, timeOffOf, nameWidth, isMobile, todayX, axis, timeZone, canPlan, drag, running, tentativeProjects, openEdit],
  );

  const showPlaceholders = placeholdersOpen ?? openRolesShown(groups.reduce((sum, g) => sum + g.placeholders.length, 0));
  const placeholders = {
    height: placeholderBlockHeight(groups, showPlaceholders),
    node: (
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
    ),
  };

  return (
    <div>
      <PageHeader title="Schedule" subtitle="Everyone's load period by period: who is over, who is free, and when" />
      <LoadErrors errors={[engineers.error, assignments.error]} />
      <ScheduleToolbar view={view} compact={isMobile} filtersOpen={filtersOpen} range={range} skills={skills} departments={departments} send={send} />
      <Card styles={{ body: { padding: 0 } }} data-testid="schedule-card" ref={cardRef}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', padding: '12px 16px' }}>
          <Typography.Text strong data-testid="schedule-summary">
            <CalendarOutlined style={{ color: '#2563eb', marginRight: 8 }} />
            {grid ? gridSummary(grid) : 'Loading the schedule...'}
            {busy && grid ? <Spin size="small" style={{ marginLeft: 10 }} /> : null}
          </Typography.Text>
          <ScheduleLegend />
        </div>
        {error ? (
          <Alert
            type="error"
            showIcon
            title={`The schedule could not be loaded: ${error}`}
            action={<Button size="small" onClick={() => send({ type: 'RETRY' })}>Try again</Button>}
            style={{ margin: '0 16px 12px' }}
          />
        ) : null}
        {!grid ? (
          <div style={{ padding: 16 }}>
            <Skeleton active paragraph={{ rows: 8 }} />
          </div>
        ) : grid.rows.length === 0 ? (
          <EmptyState
            icon={<TeamOutlined />}
            title="No engineers match"
            hint="Try another window or fewer filters"
            action={<Button onClick={() => send({ type: 'CLEAR_FILTERS' })}>Clear filters</Button>}
          />
        ) : (
          <ScheduleGrid
            data={grid}
            step={view.step}
            sort={view.sort}
            columnWidth={columnWidth}
            nameWidth={nameWidth}
            compact={isMobile}
            today={today}
            expanded={expanded}
            onToggle={toggle}
            detailsHeightOf={detailsHeightOf}
            renderDetails={renderDetails}
            timeOffOf={timeOffOf}
            projectNameOf={projectNameOf}
            before={placeholders}
            onBookTimeOff={canPlan ? bookTimeOff : undefined}
          />
        )}
      </Card>
      {canPlan ? writes.dialogs : null}
    </div>
  );
}
