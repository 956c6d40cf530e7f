import { CheckCircleOutlined, ProjectOutlined, ScheduleOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Assignment, Engineer } from '../../../domain/entities.ts';
import { type EngineerWithFigures, withLoads } from '../../../domain/figures.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PersonCell } from '../../components/EngineerAvatar.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { PercentBar, SeniorityTag, utilizationColors } from '../../components/tags.tsx';
import { afterNextPaint } from '../../lib/afterPaint.ts';
import { capitalize, percent, plural } from '../../lib/format.ts';
import { todayDate } from '../../lib/weeks.ts';
import { awaitingFirstLoad } from '../../stores/collection.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { loadCollections } from '../../stores/plan.ts';
import { useProfile } from '../../stores/profile.ts';
import { useProjects } from '../../stores/projects.ts';
import { useCurrentLoad } from '../../stores/useCurrentLoad.ts';
import { useCapacity } from '../planning/index.ts';
import { useEngineerFigures } from '../../stores/usePlanFigures.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { usePastMoment } from '../../stores/viewMode.ts';
import { weekQuery } from './dashboardPreload.ts';
import { weekLoad, weekTitle, type WeekLoad } from './weekLoad.ts';
import { chartColors } from '../../components/palette.ts';

/** An engineer with today's figures and this week's load (null while it loads). */
type Row = EngineerWithFigures<Engineer, Assignment> & { week: WeekLoad | null };

const statusColors: Record<WeekLoad['status'], string> = { ...utilizationColors, off: chartColors.noCapacity };

const columns: TableColumnsType<Row> = [
  {
    title: 'Engineer',
    key: 'engineer',
    render: (_, e) => <PersonCell name={e.name} avatar={e.avatar} lines={[e.email]} />,
    sorter: (a, b) => a.name.localeCompare(b.name),
  },
  {
    title: 'Seniority',
    key: 'seniority',
    render: (_, e) => <SeniorityTag seniority={e.seniority} />,
  },
  {
    title: 'Load this week',
    key: 'allocation',
    sorter: (a, b) => (a.week?.value ?? -2) - (b.week?.value ?? -2),
    // The status is not printed in this column; it only colours the bar.
    render: (_, e) =>
      e.week ? (
        <div style={{ minWidth: 150 }} data-status={e.week.status} data-testid="week-load">
          <div className="tabular" style={{ marginBottom: 4 }}>
            <strong>{e.week.text}</strong>{' '}
            <Typography.Text type="secondary">{e.week.detail}</Typography.Text>
          </div>
          <PercentBar value={Math.max(0, e.week.value)} color={statusColors[e.week.status]} />
          {e.week.over ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="week-over">
              {e.week.over}
            </Typography.Text>
          ) : null}
        </div>
      ) : (
        <Typography.Text type="secondary">…</Typography.Text>
      ),
  },
  {
    title: 'Active Projects',
    key: 'active',
    sorter: (a, b) => a.activeProjects - b.activeProjects,
    render: (_, e) => <span className="tabular">{plural(e.activeProjects, 'project')}</span>,
  },
  {
    title: 'Capacity',
    key: 'capacity',
    render: (_, e) => (
      <div style={{ lineHeight: 1.35 }}>
        <div className="tabular">{percent(e.maxCapacity)}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {capitalize(e.workType)}
        </Typography.Text>
      </div>
    ),
  },
];

// The rows come first, from the directory and everyone's current load; the whole assignments list
// (megabytes in a large organisation, a long task to parse) once they are on screen.
const FIRST_COLLECTIONS = ['profile', 'engineers', 'projects'] as const;
const LATER_COLLECTIONS = ['assignments'] as const;

/** Manager Dashboard: four cards and the Team Utilization Overview. */
export default function ManagerDashboardPage() {
  useScreenData(FIRST_COLLECTIONS);
  const { figures: listFigures, computing, fresh, engineers, assignments, now: listNow } = useEngineerFigures();
  const projects = useProjects();
  // Until the page has every assignment and has worked the figures out itself, the live plan's rows
  // take today's figures from the server's sums of everyone's current work: the same numbers, without
  // waiting for megabytes. A past moment or a scenario has its own plan in the page already.
  const role = useProfile().data?.role;
  const live = usePastMoment() === null;
  const current = useCurrentLoad(live && (role === 'manager' || role === 'auditor'));
  // The figures are true once they are those of both lists as loaded: until then the ones worked out
  // here can be of the engineers alone (everyone without work: "Current Running 0" beside a 186 %
  // load). Once true, they take over from the current loads and keep the rows from then on; later
  // updates keep the figures before until theirs are worked out, as every screen does.
  const figuresTrue = useRef(false);
  if (engineers.loaded && assignments.loaded && fresh) figuresTrue.current = true;
  const listsTookOver = figuresTrue.current;
  const early = useMemo(
    () => (listsTookOver || !current.answer || !engineers.loaded ? null : { figures: withLoads<Engineer, Assignment>(engineers.data, current.answer.loads, new Date(current.answer.at)), now: new Date(current.answer.at) }),
    [listsTookOver, current.answer, engineers.loaded, engineers.data],
  );
  const figures = early?.figures ?? listFigures;
  const now = early?.now ?? listNow;
  // Counted from the figures, not from 20,000 assignments again: every engineer of a current
  // assignment is in the directory (engineers are never removed), so both counts agree.
  const running = useMemo(() => figures.filter((e) => e.activeProjects > 0).length, [figures]);
  const figuresFailed = engineers.error !== null || assignments.error !== null;
  const figuresLoading = !figuresFailed && !early && (!listsTookOver || computing);
  // The assignments are asked for once the first rows have been painted: their arrival re-renders the
  // whole page, and their parse is a long task of its own. At once when the rows wait for them (no
  // current loads to draw from: a past plan, or they failed) or when there are no rows. Once a visit.
  const laterAsked = useRef(false);
  const loadLater = useCallback(() => {
    if (laterAsked.current) return;
    laterAsked.current = true;
    afterNextPaint(() => void loadCollections(LATER_COLLECTIONS));
  }, []);
  // (Whose the session is decides whether current loads come at all: not known, nothing is asked yet.)
  const rowsWaitForLists = role !== undefined && current.settled && (!current.answer || engineers.error !== null || (engineers.loaded && engineers.data.length === 0));
  useEffect(() => (rowsWaitForLists ? loadLater() : undefined), [rowsWaitForLists, loadLater]);
  // This week, as the schedule's week column has it: the same model, the same answer.
  const today = todayDate(now);
  const week = useMemo(() => weekQuery(today), [today]);
  const load = useCapacity(week);
  const rows = useMemo(() => {
    const byEngineer = new Map((load.data?.rows ?? []).map((row) => [row.engineer._id, row.periods[0]]));
    return figures.map((e): Row => ({ ...e, week: load.data ? weekLoad(byEngineer.get(e._id)) : null }));
  }, [figures, load.data]);
  const canPlan = useCanPlan();
  const navigate = useNavigate();
  // An organisation that has just moved in has nobody in its plan yet: say where people come from.
  const noEngineers = canPlan ? (
    <EmptyState
      icon={<TeamOutlined />}
      title="No engineers in the plan yet"
      hint="Add them one by one, import a CSV file of your team, or invite them to sign in from People & access."
      action={
        <div style={{ display: 'flex', gap: 8, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button type="primary" onClick={() => navigate('/engineers')} data-testid="empty-add-engineers">Add engineers</Button>
          <Button onClick={() => navigate('/import-export')}>Import a CSV file</Button>
        </div>
      }
    />
  ) : (
    <EmptyState icon={<TeamOutlined />} title="No engineers in the plan yet" hint="Their load shows here once managers add them." />
  );

  return (
    <div>
      <PageHeader title="Manager Dashboard" subtitle="Your team's capacity and work at a glance" />
      <LoadErrors errors={[engineers.error, projects.error, assignments.error, load.error]} />
      <StatGrid>
        <StatCard title="Total Engineers" value={engineers.error !== null ? '–' : engineers.data.length} hint="Team members" icon={<TeamOutlined />} loading={awaitingFirstLoad(engineers)} testId="card-total-engineers" />
        <StatCard title="Total Projects" value={projects.error !== null ? '–' : projects.data.length} hint="All projects" icon={<ProjectOutlined />} tone="violet" loading={awaitingFirstLoad(projects)} testId="card-total-projects" />
        <StatCard title="Assignments" value={assignments.error !== null ? '–' : assignments.data.length} hint="Total assignments" icon={<ScheduleOutlined />} tone="cyan" loading={awaitingFirstLoad(assignments)} testId="card-assignments" />
        <StatCard title="Current Running" value={figuresFailed ? '–' : running} hint="Engineers with active assignments" icon={<CheckCircleOutlined />} tone="green" loading={figuresLoading} testId="card-current-running" />
      </StatGrid>
      <SectionCard
        title="Team Utilization Overview"
        subtitle={`${weekTitle(week)}: confirmed work against each engineer's capacity that week, as the Schedule shows it`}
        bodyPadding={0}
        testId="team-utilization"
      >
        <DataTable<Row>
          columns={columns}
          // No row before its figures are true: under the loading mask they stayed readable.
          dataSource={figuresLoading || figuresFailed ? [] : rows}
          loading={figuresLoading}
          onRowsShown={loadLater}
          empty={figuresFailed ? <EmptyState icon={<TeamOutlined />} title="The team's load could not be worked out" hint="A list did not load (see above); reload the page to try again." /> : noEngineers}
        />
      </SectionCard>
    </div>
  );
}
