import { ProjectOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Spin, Switch, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { dayOfDate } from '../../../domain/capacity/calendar-days.ts';
import type { ProjectPlanSortKey } from '../../../domain/capacity/sort-keys.ts';
import { type Assignment, type Placeholder, type ProjectStatus, projectStatuses } from '../../../domain/entities.ts';
import { ListEmptyState } from '../../components/ListEmptyState.tsx';
import { GridFrame } from '../../components/grid/GridFrame.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SaveViewButton } from '../../components/SaveViewButton.tsx';
import { AssignmentLanes, detailsHeight, LANE_HEIGHT, type LaidOutBars, layOutBars } from '../../components/grid/AssignmentLanes.tsx';
import { barGeometry, fittedColumnWidth, scheduleAxis, xOfDay } from '../../components/grid/axis.ts';
import { BulkBar } from '../../components/grid/BulkBar.tsx';
import { DragPreviewOr } from '../../components/grid/DragPreviewOr.tsx';
import { PlaceholderBar } from '../../components/grid/PlaceholderRows.tsx';
import { todayShown } from '../../components/grid/todayShown.ts';
import { useScheduleWrites } from '../planning/index.ts';
import { useWidth } from '../../components/grid/useWidth.ts';
import { WindowMoves, SpanSelect } from '../../components/grid/WindowControls.tsx';
import '../../components/grid/grid.css';
import { afterNextPaint } from '../../lib/afterPaint.ts';
import { capitalize } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { planHasFilters } from './planView.ts';
import { alignedFrom, columnWidths, windowRange } from '../../lib/window.ts';
import { useAssignments } from '../../stores/assignments.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { loadCollections } from '../../stores/plan.ts';
import { useProjects } from '../../stores/projects.ts';
import { ALL_COLLECTIONS } from '../../stores/useScreenData.ts';
import { useTeamOptions, useTeams } from '../../stores/teams.ts';
import { ProjectPlanGrid } from './ProjectPlanGrid.tsx';
import { planSummary } from './planLook.ts';
import { useProjectPlanMachine } from './useProjectPlanMachine.ts';
import { chartColors, palette, textColors } from '../../components/palette.ts';

const sorts: { label: string; value: ProjectPlanSortKey }[] = [
  { label: 'Name', value: 'name' },
  { label: 'Start', value: 'start' },
  { label: 'Most staffed', value: 'staffed' },
  { label: 'Most open', value: 'demand' },
];

const byStart = (a: { startDate: string; _id: string }, b: { startDate: string; _id: string }) => a.startDate.localeCompare(b.startDate) || a._id.localeCompare(b._id);
const noTimeOff: readonly never[] = [];
/** The plan says no conflicts by assignment (the schedule's rows do): no bar here is flagged. */
const noConflicts: ReadonlySet<string> = new Set();

/** What the swatches of a cell's thin bar mean. */
function PlanLegend() {
  const swatch = (label: string, color: string) => (
    <span key={label} style={{ display: 'inline-flex', alignItems: 'center', gap: 5 }}>
      <span aria-hidden="true" style={{ width: 14, height: 6, borderRadius: 2, background: color, display: 'inline-block' }} />
      {label}
    </span>
  );
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', fontSize: 12, color: textColors.label }} data-testid="plan-legend">
      {swatch('Staffed', chartColors.booked)}
      {swatch('Tentative', chartColors.tentative)}
      {swatch('Open roles', chartColors.pending)}
    </div>
  );
}

/**
 * The project plan (Float's and Runn's project planner): projects down the side, periods across, each
 * cell the project's staffed person-days against its open roles (and its tentative work), the people on
 * it on hover. A project opens on its assignments and open roles as bars; a manager drags and resizes
 * the assignments' bars exactly as on the schedule: the same bars, drag machine and command path.
 */
export default function ProjectPlanPage() {
  const teamOptions = useTeamOptions(useTeams());
  const canPlan = useCanPlan();
  const isMobile = useIsMobile();
  const engineers = useEngineers();
  const assignments = useAssignments();
  const projects = useProjects();
  const { send, view, data, error, open, busy } = useProjectPlanMachine();
  const plan = data?.plan ?? null;
  const timeZone = useRef('UTC');
  if (plan) timeZone.current = plan.timeZone;
  const writes = useScheduleWrites({ engineers: engineers.data, assignments: assignments.data, projects: projects.data, timeZone, reload: () => send({ type: 'RELOAD' }) });

  // The lists (the open projects' bars, the dialogs) load once the plan is on screen, as on the schedule.
  const settled = data !== null || error !== null;
  useEffect(() => (settled ? afterNextPaint(() => void loadCollections(ALL_COLLECTIONS)) : undefined), [settled]);

  const cardRef = useRef<HTMLDivElement>(null);
  const room = useWidth(cardRef);
  const nameWidth = isMobile ? 140 : 260;
  const columnWidth = fittedColumnWidth(room - 16, nameWidth, plan?.periods.length ?? 0, columnWidths[view.step], view.step === 'month' ? Number.POSITIVE_INFINITY : undefined);
  const today = todayShown();
  const range = windowRange(view, today);
  const axis = useMemo(() => scheduleAxis(plan?.periods ?? [], columnWidth), [plan?.periods, columnWidth]);
  const todayDay = dayOfDate(today);
  const todayX = todayDay >= axis.firstDay && todayDay < axis.endDay ? xOfDay(axis, todayDay) : null;
  const tentativeProjects = useMemo(() => new Set(projects.data.filter((p) => p.tentative).map((p) => p._id)), [projects.data]);

  // An open project's bars: its assignments with a day in the window, by start, packed into lanes;
  // worked out when a project is first opened, kept until the assignments or the window change.
  const laidOutOf = useMemo(() => {
    const byProject = new Map<string, Assignment[]>();
    for (const a of assignments.data) {
      const list = byProject.get(a.projectId._id);
      if (list) list.push(a);
      else byProject.set(a.projectId._id, [a]);
    }
    const kept = new Map<string, LaidOutBars>();
    return (projectId: string): LaidOutBars => {
      let laid = kept.get(projectId);
      if (!laid) {
        const own = (byProject.get(projectId) ?? []).filter((a) => barGeometry(a, axis, timeZone.current) !== null).sort(byStart);
        kept.set(projectId, (laid = layOutBars(own, timeZone.current)));
      }
      return laid;
    };
  }, [assignments.data, axis]);
  const rolesOf = useMemo(() => {
    const byProject = new Map<string, Placeholder[]>();
    for (const p of data?.placeholders ?? []) {
      if (barGeometry(p, axis, timeZone.current) === null) continue;
      const list = byProject.get(p.projectId);
      if (list) list.push(p);
      else byProject.set(p.projectId, [p]);
    }
    for (const list of byProject.values()) list.sort(byStart);
    return (projectId: string) => byProject.get(projectId) ?? [];
  }, [data?.placeholders, axis]);

  const isOpen = useCallback((id: string) => open.includes(id), [open]);
  const toggle = useCallback((projectId: string) => send({ type: 'TOGGLE_ROW', projectId }), [send]);
  // The lanes leave out the line that explains a person's row: the drag's preview shows above the grid.
  const detailsHeightOf = useCallback((id: string) => detailsHeight(laidOutOf(id).count, false, false) + rolesOf(id).length * LANE_HEIGHT, [laidOutOf, rolesOf]);
  const { drag, running, openEdit, selection } = writes;
  const nameOfProject = useCallback((id: string) => plan?.rows.find((r) => r.project._id === id)?.project.name ?? 'the project', [plan]);
  const renderDetails = useCallback(
    (projectId: string) => (
      <div data-testid="plan-details">
        {/* No person's row: without the explaining line (detailed) the lanes need no engineer. */}
        <AssignmentLanes
          engineerId=""
          conflicted={noConflicts}
          laidOut={laidOutOf(projectId)}
          detailed
          selection={selection}
          timeOff={noTimeOff}
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
          nameOf={(a) => a.engineerId.name}
        />
        {rolesOf(projectId).map((p) => (
          <div key={p._id} className="plan-details-roles" style={{ height: LANE_HEIGHT, width: axis.width }}>
            <PlaceholderBar placeholder={p} projectName={nameOfProject(projectId)} axis={axis} timeZone={timeZone.current} />
          </div>
        ))}
      </div>
    ),
    [laidOutOf, rolesOf, selection, nameWidth, isMobile, todayX, axis, canPlan, drag, running, tentativeProjects, openEdit, nameOfProject],
  );

  return (
    <div>
      <PageHeader title="Project plan" subtitle={isMobile ? undefined : 'Every project period by period: staffed work against open roles, and who is on it'} extra={<SaveViewButton />} />
      <LoadErrors errors={[engineers.error, assignments.error]} />
      <Card style={{ marginBottom: 12 }} styles={{ body: { padding: isMobile ? 10 : '8px 12px' } }} data-testid="plan-toolbar">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
          <WindowMoves
            from={range.from}
            step={view.step}
            onShift={(direction) => send({ type: 'SHIFT', direction })}
            onToday={() => send({ type: 'TODAY' })}
            onGoTo={(date) => send({ type: 'SET_VIEW', view: { ...view, from: alignedFrom(view, date) } })}
            onStep={(step) => send({ type: 'CHANGE', change: { step } })}
            testIdPrefix="plan"
          />
          <SpanSelect step={view.step} weeks={view.weeks} onChange={(weeks) => send({ type: 'CHANGE', change: { weeks } })} testId="plan-span" />
          <Input
            allowClear
            prefix={<SearchOutlined className="muted" />}
            placeholder="Project name..."
            value={view.q}
            onChange={(e) => send({ type: 'SEARCH', text: e.target.value })}
            aria-label="Search by project name"
            style={{ width: 180 }}
          />
          <Select
            allowClear
            placeholder="Status"
            value={view.status ?? undefined}
            options={projectStatuses.map((s) => ({ value: s, label: capitalize(s) }))}
            onChange={(status?: ProjectStatus) => send({ type: 'CHANGE', change: { status: status ?? null } })}
            aria-label="Status"
            style={{ width: 130 }}
            data-testid="plan-status"
          />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="Team"
            value={view.team ?? undefined}
            options={teamOptions}
            onChange={(team?: string) => send({ type: 'CHANGE', change: { team: team ?? null } })}
            aria-label="Team"
            style={{ width: 180 }}
            data-testid="plan-team"
          />
          <Select value={view.sort} options={sorts} onChange={(sort) => send({ type: 'CHANGE', change: { sort } })} aria-label="Sort by" prefix="Sort:" style={{ width: 160 }} data-testid="plan-sort" />
          <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, cursor: 'pointer', whiteSpace: 'nowrap' }} title="Count work on projects not won yet as staffed">
            <Switch size="small" checked={view.includeTentative} onChange={(includeTentative) => send({ type: 'CHANGE', change: { includeTentative } })} aria-label="Include tentative" />
            Tentative
          </label>
        </div>
      </Card>
      <Card styles={{ body: { padding: 0 } }} data-testid="plan-card" ref={cardRef}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', padding: isMobile ? '8px 12px' : '10px 16px' }}>
          <Typography.Text strong data-testid="plan-summary">
            <ProjectOutlined style={{ color: palette.primary, marginRight: 8 }} />
            {plan ? planSummary(plan) : 'Loading the project plan...'}
            {busy && plan ? <Spin size="small" style={{ marginLeft: 10 }} /> : null}
          </Typography.Text>
          <div style={{ minHeight: 20, display: 'flex', alignItems: 'center', minWidth: 0, maxWidth: '100%' }}>
            <DragPreviewOr drag={drag}>
              <PlanLegend />
            </DragPreviewOr>
          </div>
        </div>
        {canPlan ? <BulkBar selection={selection} compact={isMobile} /> : null}
        <GridFrame
          what="The project plan"
          error={error}
          onRetry={() => send({ type: 'RETRY' })}
          data={plan}
          empty={
            <ListEmptyState
              icon={<ProjectOutlined />}
              things="projects"
              filtered={planHasFilters(view)}
              filteredHint="Try another search or status"
              noneHint="Projects appear here once they are created"
              onClear={() => send({ type: 'CLEAR_FILTERS' })}
            />
          }
        >
          {(loaded) => (
            <ProjectPlanGrid
              plan={loaded}
              step={view.step}
              columnWidth={columnWidth}
              nameWidth={nameWidth}
              today={today}
              isOpen={isOpen}
              onToggle={toggle}
              detailsHeightOf={detailsHeightOf}
              renderDetails={renderDetails}
            />
          )}
        </GridFrame>
      </Card>
      {canPlan ? writes.dialogs : null}
    </div>
  );
}
