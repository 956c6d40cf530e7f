import { CalendarOutlined, TeamOutlined } from '@ant-design/icons';
import { useActorRef, useSelector } from '@xstate/react';
import { Alert, Button, Card, Modal, Skeleton, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { fromPromise } from 'xstate';
import { dayOfDate } from '../../../domain/capacity/calendar-days.ts';
import type { Assignment } from '../../../domain/entities.ts';
import { assignmentsByEngineer, sortedUnique } from '../../../domain/figures.ts';
import { useAssignmentPlanning } from '../../components/assignment-planning/AssignmentPlanning.tsx';
import { ImpactPreview } from '../../components/assignment-planning/AssignmentFormDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { plural } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { searchOfView, viewFromSearch } from '../../lib/scheduleView.ts';
import { columnWidths, localDateOf, windowRange } from '../../lib/scheduleWindow.ts';
import { barDragMachine } from '../../machines/barDrag.machine.ts';
import { scheduleMachine } from '../../machines/schedule.machine.ts';
import { assignmentsStore, useAssignments } from '../../stores/assignments.ts';
import { engineersStore, useEngineers } from '../../stores/engineers.ts';
import { onLiveChange } from '../../stores/live.ts';
import { useProjects } from '../../stores/projects.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { viewMode } from '../../stores/viewMode.ts';
import { AssignmentLanes } from './AssignmentLanes.tsx';
import { barGeometry, fittedColumnWidth, scheduleAxis, xOfDay } from './axis.ts';
import { draggedDates } from './drag.ts';
import { ScheduleGrid } from './ScheduleGrid.tsx';
import { ScheduleLegend } from './ScheduleLegend.tsx';
import { fetchCapacity, gridIncludes, pastCapacity } from './scheduleSource.ts';
import { ScheduleToolbar } from './ScheduleToolbar.tsx';
import { useWidth } from './useWidth.ts';
import './schedule.css';

/** The day the window starts from when the URL names none: today, or the moment shown while looking at the past. */
const todayShown = () => localDateOf(viewMode.pastAt ? new Date(viewMode.pastAt) : new Date());

/** What the drag preview reads of the live plan (the collections as they are when asked). */
const livePlan = () => ({ engineers: engineersStore.data, assignments: assignmentsStore.data });

const byStart = (a: Assignment, b: Assignment) => a.startDate.localeCompare(b.startDate) || a._id.localeCompare(b._id);

/**
 * The schedule: people down the side, weeks (or days, or months) across, each cell the person's
 * load, red where they are over and grey where they are away; totals per period on top. A row opens
 * on the person's assignments, whose bars a manager drags to move or resize them.
 */
export default function SchedulePage() {
  useScreenData();
  const [params, setParams] = useSearchParams();
  const canPlan = useCanPlan();
  const isMobile = useIsMobile();
  const engineers = useEngineers();
  const assignments = useAssignments();
  const projects = useProjects();
  const { pastAt } = useSnapshot(viewMode);
  const timeZone = useRef('UTC');

  const machine = useMemo(
    () =>
      scheduleMachine.provide({
        actors: {
          fetchSchedule: fromPromise(async ({ input, signal }) => {
            if (viewMode.past) return pastCapacity(viewMode.past, input.query, timeZone.current);
            const grid = await fetchCapacity(input.query, signal);
            timeZone.current = grid.timeZone;
            return grid;
          }),
        },
      }),
    [],
  );
  const schedule = useActorRef(machine, { input: { view: viewFromSearch(params), today: todayShown } });
  const view = useSelector(schedule, (s) => s.context.view);
  const data = useSelector(schedule, (s) => s.context.data);
  const error = useSelector(schedule, (s) => s.context.error);
  const expanded = useSelector(schedule, (s) => s.context.expanded);
  const filtersOpen = useSelector(schedule, (s) => s.context.filtersOpen);
  const busy = useSelector(schedule, (s) => s.matches('loading') || s.matches('waiting'));
  const send = schedule.send;

  // The view lives in the URL: every change is written there (no history entry per keystroke), and a
  // URL changed from outside (a link, the sidebar) is read back.
  useEffect(() => {
    const next = searchOfView(view);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new view writes the URL
  }, [view]);
  useEffect(() => send({ type: 'SET_VIEW', view: viewFromSearch(params) }), [params, send]);

  // Another manager's change (or this one's) arrives as an event: the grid is fetched again unless it already has it.
  useEffect(
    () =>
      onLiveChange((event) => {
        if (viewMode.past) return;
        if (event && gridIncludes(schedule.getSnapshot().context.data, event.cursor)) return;
        send({ type: 'REFRESH' });
      }),
    [schedule, send],
  );
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else send({ type: 'RELOAD' });
  }, [pastAt, send]);

  const planning = useAssignmentPlanning({
    engineers: engineers.data,
    assignments: assignments.data,
    projects: projects.data,
    onWritten: () => send({ type: 'RELOAD' }),
  });
  const planningRef = useRef(planning);
  planningRef.current = planning;

  const drag = useActorRef(barDragMachine, {
    input: { drag: (a, edge, days) => draggedDates(a, edge, days, timeZone.current), plan: livePlan },
  });
  useEffect(() => {
    const subscriptions = [
      drag.on('open', ({ assignment }) => planningRef.current.openEdit(assignment)),
      drag.on('commit', ({ action }) => planningRef.current.run(action)),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [drag]);
  const confirming = useSelector(drag, (s) => (s.matches('confirming') ? s.context.impact : null));

  const cardRef = useRef<HTMLDivElement>(null);
  const room = useWidth(cardRef);
  const nameWidth = isMobile ? 128 : 248;
  // A vertical scroll bar takes its width from the room.
  const columnWidth = fittedColumnWidth(room - 16, nameWidth, data?.periods.length ?? 0, columnWidths[view.step]);
  const today = todayShown();
  const range = windowRange(view, today);
  const axis = useMemo(() => scheduleAxis(data?.periods ?? [], columnWidth), [data?.periods, columnWidth]);
  const todayDay = dayOfDate(today);
  const todayX = todayDay >= axis.firstDay && todayDay < axis.endDay ? xOfDay(axis, todayDay) : null;

  const skills = useMemo(() => sortedUnique(engineers.data.map((e) => e.skills)), [engineers.data]);
  const departments = useMemo(() => sortedUnique([engineers.data.map((e) => e.department)]), [engineers.data]);
  const tentativeProjects = useMemo(
    () => new Set(projects.data.filter((p) => (p as { tentative?: boolean }).tentative === true).map((p) => p._id)),
    [projects.data],
  );

  // Bars of the open rows: the person's assignments with a day in the window, by start.
  const byEngineer = useMemo(() => assignmentsByEngineer(assignments.data), [assignments.data]);
  const bars = useMemo(() => {
    const open = new Map<string, Assignment[]>();
    for (const id of expanded) {
      const own = (byEngineer.get(id) ?? []).filter((a) => barGeometry(a, axis, timeZone.current) !== null);
      open.set(id, own.sort(byStart));
    }
    return open;
  }, [expanded, byEngineer, axis]);
  const barCount = useCallback((id: string) => bars.get(id)?.length ?? 0, [bars]);
  const toggle = useCallback((engineerId: string) => send({ type: 'TOGGLE_ROW', engineerId }), [send]);
  const openEdit = useCallback((a: Assignment) => planningRef.current.openEdit(a), []);
  const running = planning.running;
  const renderDetails = useCallback(
    (engineerId: string) => (
      <AssignmentLanes
        engineerId={engineerId}
        assignments={bars.get(engineerId) ?? []}
        nameWidth={nameWidth}
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
    [bars, nameWidth, todayX, axis, canPlan, drag, running, tentativeProjects, openEdit],
  );

  return (
    <div>
      <PageHeader title="Schedule" subtitle="Everyone's load period by period: who is over, who is free, and when" />
      <LoadErrors errors={[engineers.error, assignments.error]} />
      <ScheduleToolbar view={view} compact={isMobile} filtersOpen={filtersOpen} range={range} skills={skills} departments={departments} send={send} />
      <Card styles={{ body: { padding: 0 } }} data-testid="schedule-card" ref={cardRef}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', padding: '12px 16px' }}>
          <Typography.Text strong data-testid="schedule-summary">
            <CalendarOutlined style={{ color: '#2563eb', marginRight: 8 }} />
            {data ? `${plural(data.total, 'engineer')} · ${dayjs(data.from).format('MMM D')} - ${dayjs(data.to).format('MMM D, YYYY')}` : 'Loading the schedule...'}
            {busy && data ? <Spin size="small" style={{ marginLeft: 10 }} /> : null}
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
        {!data ? (
          <div style={{ padding: 16 }}>
            <Skeleton active paragraph={{ rows: 8 }} />
          </div>
        ) : data.rows.length === 0 ? (
          <EmptyState
            icon={<TeamOutlined />}
            title="No engineers match"
            hint="Try another window or fewer filters"
            action={<Button onClick={() => send({ type: 'CLEAR_FILTERS' })}>Clear filters</Button>}
          />
        ) : (
          <ScheduleGrid
            data={data}
            step={view.step}
            sort={view.sort}
            columnWidth={columnWidth}
            nameWidth={nameWidth}
            compact={isMobile}
            today={today}
            expanded={expanded}
            onToggle={toggle}
            barCount={barCount}
            renderDetails={renderDetails}
          />
        )}
      </Card>
      {canPlan ? planning.dialogs : null}
      <Modal
        open={confirming !== null}
        title={confirming ? `This overloads ${confirming.name}` : ''}
        onCancel={() => drag.send({ type: 'BACK' })}
        footer={[
          <Button key="back" onClick={() => drag.send({ type: 'BACK' })}>
            Back
          </Button>,
          <Button key="confirm" type="primary" danger onClick={() => drag.send({ type: 'CONFIRM' })} data-testid="confirm-overload">
            Save anyway
          </Button>,
        ]}
        destroyOnHidden
        data-testid="drop-confirm"
      >
        <ImpactPreview impact={confirming} confirming />
      </Modal>
    </div>
  );
}
