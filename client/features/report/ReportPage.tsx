import {
  AlertOutlined,
  BarChartOutlined,
  CheckCircleOutlined,
  FieldTimeOutlined,
  LeftOutlined,
  PieChartOutlined,
  ProjectOutlined,
  RightOutlined,
  SyncOutlined,
  TeamOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import VirtualList from '@rc-component/virtual-list';
import { Button, Col, Row, Skeleton, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import type { Assignment, Engineer, Project, ProjectStatus } from '../../../domain/entities.ts';
import { countByStatus, countByUtilization, type EngineerWithFigures } from '../../../domain/figures.ts';
import { byAllocationDescending, overloadedBySeverity } from '../../../domain/severity.ts';
import { CappedList } from '../../components/CappedList.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { EngineerAvatar } from '../../components/EngineerAvatar.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SaveViewButton } from '../../components/SaveViewButton.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { ProjectStatusTag } from '../../components/tags.tsx';
import { allocationOfCapacity, dateRange, loadPercent } from '../../lib/format.ts';
import { useProjects } from '../../stores/projects.ts';
import { useEngineerFigures } from '../../stores/usePlanFigures.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import {
  chartPage, type ChartPage, chartPageLabel, projectStatusColors, projectStatusData, utilizationBarColors, utilizationChartData, yDomain,
} from './chartData.ts';
import { InTurn } from '../../components/InTurn.tsx';
import { ForecastSection } from './ForecastSection.tsx';
import { useTimeTravel } from '../../stores/timeTravel.ts';
import { ActualsSection } from './ActualsSection.tsx';
import { UtilisationSection } from './UtilisationSection.tsx';
import { namesakeHints } from '../../lib/namesakes.ts';
import { borderColors, notices, palette, textColors } from '../../components/palette.ts';

// The charts library is big: it loads in its own chunk, after the rest of the report has drawn.
const UtilizationChart = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.UtilizationChart })));
const StatusPie = lazy(() => import('./Charts.tsx').then((m) => ({ default: m.StatusPie })));

const chartFallback = (height: number) => (
  <div style={{ height, display: 'grid', placeItems: 'center' }}>
    <Skeleton.Node active style={{ width: 240, height: Math.min(height - 40, 200) }}>
      <BarChartOutlined style={{ fontSize: 32, color: textColors.emptyIcon }} />
    </Skeleton.Node>
  </div>
);

function LegendDot({ color, label }: { color: string; label: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 12, color: textColors.label }}>
      <span style={{ width: 10, height: 10, borderRadius: 3, background: color, display: 'inline-block' }} />
      {label}
    </span>
  );
}

function AnalysisTile({ label, hint, value, color, icon }: { label: string; hint: string; value: number; color: string; icon: ReactNode }) {
  return (
    <div style={{ border: `1px solid ${borderColors.subtle}`, borderRadius: 12, padding: '12px 14px', height: '100%' }} data-testid={`analysis-${label.toLowerCase()}`}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, color, fontWeight: 600, fontSize: 13 }}>
        {icon}
        {label}
      </div>
      <div className="tabular" style={{ fontSize: 26, fontWeight: 650, lineHeight: 1.3 }} data-role="value">
        {value}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hint}
      </Typography.Text>
    </div>
  );
}

function ChartPager({ chart, onPage }: { chart: ChartPage<unknown>; onPage: (page: number) => void }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6 }} data-testid="chart-pager">
      <Typography.Text type="secondary" className="tabular" style={{ fontSize: 12 }} data-role="label">
        {chartPageLabel(chart)}
      </Typography.Text>
      <Button size="small" icon={<LeftOutlined />} aria-label="Previous engineers" disabled={chart.page === 0} onClick={() => onPage(chart.page - 1)} />
      <Button size="small" icon={<RightOutlined />} aria-label="Next engineers" disabled={chart.page >= chart.pages - 1} onClick={() => onPage(chart.page + 1)} />
    </div>
  );
}

function CriticalIssue({ engineer: e, namesake }: { engineer: EngineerWithFigures<Engineer, Assignment>; namesake?: string | undefined }) {
  // Spaced by padding, not margin: the list measures each item's height once it is drawn.
  return (
    <div style={{ paddingBottom: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '10px 12px', background: notices.danger.bg, border: `1px solid ${notices.danger.border}`, borderRadius: 10 }}>
        <EngineerAvatar name={e.name} avatar={e.avatar} size={30} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {e.name}
          </Typography.Text>
          <Typography.Text type="secondary" className="tabular" style={{ fontSize: 12 }}>
            {namesake ? <span data-testid="namesake-hint">{namesake} · </span> : null}Overloaded · {allocationOfCapacity(e.currentAllocation, e.maxCapacity)}
          </Typography.Text>
        </div>
        {/* The load, as the dashboard, Engineers and the schedule show it for this person. */}
        <Tag color="red" className="tabular" style={{ marginInlineEnd: 0 }} title="Load: booked against their own capacity" data-testid="critical-load">
          {loadPercent(e.utilizationPercentage)}
        </Tag>
      </div>
    </div>
  );
}

function TimelineItem({ project: p }: { project: Project }) {
  return (
    <div style={{ display: 'flex', gap: 12, padding: '12px 0', borderBottom: `1px solid ${borderColors.faint}` }} data-testid="timeline-item">
      <span aria-hidden="true" style={{ width: 10, height: 10, borderRadius: '50%', background: dotColor(p.status), marginTop: 6, flex: 'none' }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, justifyContent: 'space-between' }}>
          <Typography.Text strong>{p.name}</Typography.Text>
          <ProjectStatusTag status={p.status} />
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 13, display: 'block', marginTop: 2 }}>
          {dateRange(p.startDate, p.endDate)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          Team size: {p.teamSize} • Skills: {p.requiredSkills.join(', ')}
        </Typography.Text>
      </div>
    </div>
  );
}

const dotColor = (status: ProjectStatus) => (status === 'active' ? projectStatusColors.active : status === 'planning' ? projectStatusColors.planning : projectStatusColors.completed);

/** Reports & Analytics: cards, the two charts, Utilization Analysis, Project Timeline. */
export default function ReportPage() {
  useScreenData();
  const travel = useTimeTravel();
  const { figures, computing, engineers, assignments } = useEngineerFigures();
  const projects = useProjects();

  const utilization = useMemo(() => countByUtilization(figures), [figures]);
  const statusCounts = useMemo(() => countByStatus(projects.data), [projects.data]);
  // The chart draws a page of engineers at a time, highest allocation first (the figure its bars draw),
  // on one scale for every page.
  const byAllocation = useMemo(() => [...figures].sort(byAllocationDescending), [figures]);
  const [chartPageIndex, setChartPageIndex] = useState(0);
  const chart = useMemo(() => chartPage(byAllocation, chartPageIndex), [byAllocation, chartPageIndex]);
  // Names shared by several people say whose they are, judged over everyone the report covers.
  const namesakes = useMemo(() => namesakeHints(figures), [figures]);
  const barData = useMemo(() => utilizationChartData(chart.items, namesakes), [chart, namesakes]);
  const [, yMax] = useMemo(() => yDomain(figures), [figures]);
  const slices = useMemo(() => projectStatusData(projects.data), [projects.data]);
  const overloaded = useMemo(() => overloadedBySeverity(figures), [figures]);
  const timeline = useMemo(
    () => [...projects.data].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate)),
    [projects.data],
  );
  // The utilisation figures need both lists: until the assignments are in, everyone would look free.
  const loadingEngineers = (!engineers.loaded && engineers.loading) || (!assignments.loaded && assignments.loading) || computing;
  const loadingProjects = !projects.loaded && projects.loading;

  return (
    <div>
      <PageHeader title="Reports & Analytics" badge="Team Performance" subtitle="Utilisation, capacity and delivery across the team" extra={<SaveViewButton />} />
      <LoadErrors errors={[engineers.error, projects.error, assignments.error]} />
      <StatGrid>
        <StatCard title="Total Engineers" value={engineers.data.length} hint="Active team members" icon={<TeamOutlined />} loading={loadingEngineers} testId="card-total-engineers" />
        <StatCard title="Total Projects" value={projects.data.length} hint="All projects" icon={<ProjectOutlined />} tone="violet" loading={loadingProjects} testId="card-total-projects" />
        <StatCard title="Active Projects" value={statusCounts.active} hint="Currently running" icon={<SyncOutlined />} tone="green" loading={loadingProjects} testId="card-active-projects" />
        <StatCard title="Overloaded Engineers" value={utilization.overloaded} hint="Need attention" icon={<WarningOutlined />} tone="red" loading={loadingEngineers} testId="card-overloaded-engineers" />
      </StatGrid>

      {/* Any range, past or future, grouped: the plan as it stands, so a past moment's view leaves it out. */}
      {travel.status === 'live' ? (
        <div style={{ marginBottom: 16 }}>
          <UtilisationSection />
        </div>
      ) : null}

      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={15}>
          <SectionCard
            title="Team Utilization vs Capacity"
            subtitle={`Current allocation against each engineer's maximum capacity${chart.pages > 1 ? ', highest allocation first' : ''}`}
            icon={<BarChartOutlined />}
            testId="utilization-chart"
            extra={chart.pages > 1 && <ChartPager chart={chart} onPage={setChartPageIndex} />}
          >
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 14, marginBottom: 8 }}>
              <LegendDot color={utilizationBarColors.overloaded} label="Overloaded" />
              <LegendDot color={utilizationBarColors.underutilized} label="Underutilized" />
              <LegendDot color={utilizationBarColors.optimal} label="Optimal" />
              <LegendDot color={utilizationBarColors.capacity} label="Max Capacity" />
            </div>
            {barData.length === 0 ? (
              loadingEngineers ? chartFallback(360) : <EmptyState icon={<BarChartOutlined />} title="No engineers yet" />
            ) : (
              <Suspense fallback={chartFallback(360)}>
                <InTurn fallback={chartFallback(360)}>
                  <UtilizationChart data={barData} max={yMax} />
                </InTurn>
              </Suspense>
            )}
          </SectionCard>
        </Col>
        <Col xs={24} xl={9}>
          <SectionCard
            title="Project Status Distribution"
            subtitle="Projects by status"
            icon={<PieChartOutlined />}
            testId="status-chart"
          >
            {projects.data.length === 0 ? (
              loadingProjects ? chartFallback(360) : <EmptyState icon={<PieChartOutlined />} title="No projects yet" />
            ) : (
              <Suspense fallback={chartFallback(360)}>
                <InTurn fallback={chartFallback(360)}>
                  <StatusPie data={slices} height={382} />
                </InTurn>
              </Suspense>
            )}
          </SectionCard>
        </Col>
      </Row>

      <ForecastSection />

      <div style={{ marginTop: 16, marginBottom: 16 }}>
        {/* Actuals are what was recorded up to now: a past moment's plan has no place for them. */}
        {travel.status === 'live' ? <ActualsSection /> : null}
      </div>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <SectionCard title="Utilization Analysis" subtitle="How the team's capacity is used" icon={<AlertOutlined />} testId="utilization-analysis">
            <Row gutter={[12, 12]}>
              <Col xs={24} sm={8}>
                <AnalysisTile label="Optimal" hint="50-100% capacity" value={utilization.optimal} color={palette.success} icon={<CheckCircleOutlined />} />
              </Col>
              <Col xs={24} sm={8}>
                <AnalysisTile label="Overloaded" hint=">100% capacity" value={utilization.overloaded} color={palette.danger} icon={<WarningOutlined />} />
              </Col>
              <Col xs={24} sm={8}>
                <AnalysisTile label="Underutilized" hint="<50% capacity" value={utilization.underutilized} color={textColors.accentDark} icon={<FieldTimeOutlined />} />
              </Col>
            </Row>
            <Typography.Title level={5} style={{ margin: '20px 0 8px', fontSize: 14 }}>
              Critical Issues
            </Typography.Title>
            <div data-testid="critical-issues">
              {overloaded.length === 0 ? (
                <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '12px 14px', background: notices.success.bg, borderRadius: 10, color: palette.success }}>
                  <CheckCircleOutlined />
                  No critical utilization issues
                </div>
              ) : (
                <CappedList
                  items={overloaded}
                  itemKey={(e) => e._id}
                  renderItem={(e) => <CriticalIssue engineer={e} namesake={namesakes.get(e._id)} />}
                  order="most overloaded first"
                  itemHeight={60}
                  testId="critical-issues-list"
                />
              )}
            </div>
          </SectionCard>
        </Col>
        <Col xs={24} lg={12}>
          <SectionCard title="Project Timeline" subtitle="Every project with its dates, team size and skills" icon={<FieldTimeOutlined />} testId="project-timeline">
            {/* Room for six projects before the list scrolls; only the projects in view are drawn. */}
            {timeline.length === 0 ? (
              loadingProjects ? <Skeleton active /> : <EmptyState icon={<ProjectOutlined />} title="No projects yet" />
            ) : (
              <VirtualList data={timeline} height={540} itemHeight={80} itemKey="_id" fullHeight={false}>
                {(p) => <TimelineItem project={p} />}
              </VirtualList>
            )}
          </SectionCard>
        </Col>
      </Row>
    </div>
  );
}
