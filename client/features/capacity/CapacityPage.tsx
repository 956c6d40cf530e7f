import { FieldTimeOutlined, FilterOutlined, PieChartOutlined, SearchOutlined, TeamOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Card, Col, Input, Row, Segmented, Select, Switch, type TableColumnsType, Typography } from 'antd';
import { useDeferredValue, useMemo, useReducer, useState } from 'react';
import type { Assignment, Engineer } from '../../../domain/entities.ts';
import { countByUtilization, type EngineerWithFigures, sortedUnique } from '../../../domain/figures.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { PersonCell } from '../../components/EngineerAvatar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { PercentBar, utilizationColors } from '../../components/tags.tsx';
import { availableCapacityText, capitalize, percent, plural } from '../../lib/format.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { useEngineerFigures } from '../../stores/usePlanFigures.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { CapacityTimeline, WeekHeader } from './CapacityTimeline.tsx';
import {
  allocationColor,
  capacityFilterReducer,
  filterCapacity,
  initialCapacityFilter,
  timelineWindow,
  totalFreeCapacity,
} from './timeline.ts';

type Row = EngineerWithFigures<Engineer, Assignment>;

const spans = [
  { label: '6 weeks', value: 6 },
  { label: '12 weeks', value: 12 },
  { label: '26 weeks', value: 26 },
];

function AllocationLegend() {
  const steps = [
    { label: '≤25%', value: 25 },
    { label: '≤50%', value: 50 },
    { label: '≤75%', value: 75 },
    { label: '≤100%', value: 100 },
    { label: '>100%', value: 120 },
  ];
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', fontSize: 12, color: '#475569' }}>
      <span>Allocation:</span>
      {steps.map((step) => (
        <span key={step.label} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 14, height: 8, borderRadius: 3, background: allocationColor(step.value), display: 'inline-block' }} />
          {step.label}
        </span>
      ))}
    </div>
  );
}

/** The capacity view (design.md §8): per engineer a time line of assignments, allocation and free capacity. */
export default function CapacityPage() {
  useScreenData();
  const { figures, now, engineers, assignments } = useEngineerFigures();
  const [filter, dispatch] = useReducer(capacityFilterReducer, initialCapacityFilter);
  const deferredFilter = useDeferredValue(filter);
  const [weeks, setWeeks] = useState(12);
  const isMobile = useIsMobile();

  const skills = useMemo(() => sortedUnique(engineers.data.map((e) => e.skills)), [engineers.data]);
  const rows = useMemo(() => filterCapacity(figures, deferredFilter), [figures, deferredFilter]);
  const counts = useMemo(() => countByUtilization(rows), [rows]);
  const free = useMemo(() => totalFreeCapacity(rows), [rows]);
  const span = useMemo(() => timelineWindow(now, weeks), [now, weeks]);
  // The figures need both lists: until the assignments are in, everyone would look free.
  const loading = (!engineers.loaded && engineers.loading) || (!assignments.loaded && assignments.loading);
  const filtering = filter.search.trim() !== '' || filter.skills.length > 0 || filter.availableOnly;

  const columns: TableColumnsType<Row> = [
    {
      title: 'Engineer',
      key: 'engineer',
      // Pinned while the weeks scroll sideways; on phones there is no room to pin it.
      fixed: isMobile ? undefined : 'left',
      width: isMobile ? undefined : 230,
      render: (_, e) => (
        <PersonCell name={e.name} avatar={e.avatar} lines={[`${capitalize(e.seniority)} · ${capitalize(e.workType)}`]} />
      ),
    },
    {
      title: 'Allocation',
      key: 'allocation',
      width: 190,
      render: (_, e) => (
        <div style={{ minWidth: 160 }}>
          <div className="tabular" style={{ whiteSpace: 'nowrap' }}>
            <strong>{percent(e.currentAllocation)}</strong> <Typography.Text type="secondary">of {percent(e.maxCapacity)}</Typography.Text>
          </div>
          <PercentBar value={e.utilizationPercentage} color={utilizationColors[e.utilizationStatus]} width={150} />
          <div className="tabular" style={{ fontSize: 12, marginTop: 2, color: e.availableCapacity > 0 ? '#15803d' : e.availableCapacity < 0 ? '#dc2626' : '#b45309' }}>
            {availableCapacityText(e.availableCapacity)}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {plural(e.allAssignments.length, 'assignment')}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: <WeekHeader window={span} now={now} />,
      key: 'timeline',
      render: (_, e) => <CapacityTimeline assignments={e.allAssignments} window={span} now={now} />,
    },
  ];

  return (
    <div>
      <PageHeader title="Capacity Planning" subtitle="Who is booked when, and who has room for more" />
      <LoadErrors errors={[engineers.error, assignments.error]} />
      <StatGrid>
        <StatCard title="Engineers Shown" value={rows.length} hint={`of ${engineers.data.length} total`} icon={<TeamOutlined />} loading={loading} testId="card-engineers-shown" />
        <StatCard title="Free Capacity" value={percent(free)} hint="Sum of available capacity" icon={<PieChartOutlined />} tone="green" loading={loading} testId="card-free-capacity" />
        <StatCard title="Overloaded" value={counts.overloaded} hint="Above their max capacity" icon={<WarningOutlined />} tone="red" loading={loading} testId="card-capacity-overloaded" />
        <StatCard title="Underutilized" value={counts.underutilized} hint="Below half their capacity" icon={<FieldTimeOutlined />} tone="blue" loading={loading} testId="card-capacity-underutilized" />
      </StatGrid>

      <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }} data-testid="capacity-filters">
        <Row gutter={[12, 12]} align="middle">
          <Col xs={24} md={8}>
            <Input
              allowClear
              prefix={<SearchOutlined className="muted" />}
              placeholder="Search by name or skills..."
              value={filter.search}
              onChange={(e) => dispatch({ type: 'search', text: e.target.value })}
              aria-label="Search engineers"
            />
          </Col>
          <Col xs={24} md={8}>
            <Select
              mode="multiple"
              allowClear
              placeholder="Filter by skills"
              style={{ width: '100%' }}
              value={filter.skills}
              options={skills.map((s) => ({ value: s, label: s }))}
              onChange={(value: string[]) => dispatch({ type: 'skills', skills: value })}
              maxTagCount="responsive"
              aria-label="Filter by skills"
            />
          </Col>
          <Col xs={24} md={8}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 12, justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
                <Switch checked={filter.availableOnly} onChange={(value) => dispatch({ type: 'availableOnly', value })} aria-label="Available only" />
                <span>Available only</span>
              </label>
              {filtering ? (
                <Button type="link" icon={<FilterOutlined />} onClick={() => dispatch({ type: 'clear' })} style={{ paddingInline: 0 }}>
                  Clear filters
                </Button>
              ) : null}
            </div>
          </Col>
        </Row>
      </Card>

      <SectionCard
        title="Capacity Timeline"
        subtitle={loading ? 'Loading engineers...' : `Showing ${plural(rows.length, 'engineer')} · assignments sorted by start date`}
        icon={<FieldTimeOutlined />}
        extra={<Segmented size="small" options={spans} value={weeks} onChange={(value) => setWeeks(Number(value))} />}
        bodyPadding={0}
        testId="capacity-timeline-card"
      >
        <div style={{ padding: '8px 20px 0' }}>
          <AllocationLegend />
        </div>
        <DataTable<Row>
          columns={columns}
          dataSource={rows}
          loading={loading}
          empty={
            <EmptyState
              icon={<TeamOutlined />}
              title="No engineers found"
              hint="Try adjusting your search or filter criteria"
              action={filtering ? <Button onClick={() => dispatch({ type: 'clear' })}>Clear Filters</Button> : undefined}
            />
          }
        />
      </SectionCard>
    </div>
  );
}
