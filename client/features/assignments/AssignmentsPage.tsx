import { CalendarOutlined, CheckCircleOutlined, PlusOutlined, ScheduleOutlined, SyncOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Progress, type TableColumnsType, type TableProps, Tag, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable.tsx';
import { ListEmptyState } from '../../components/ListEmptyState.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { AssignmentStatusTag } from '../../components/tags.tsx';
import { percent } from '../../lib/format.ts';
import { RangeCell } from '../../components/RangeCell.tsx';
import { projectPagePath } from '../../lib/paths.ts';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { useNow } from '../../stores/useNow.ts';
import { useCanPlan } from '../../stores/permissions.ts';
import { useProfile } from '../../stores/profile.ts';
import { useAssignments } from '../../stores/assignments.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useProjects } from '../../stores/projects.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { useAssignmentPlanning } from '../planning/index.ts';
import { AssignmentFilters } from './AssignmentFilters.tsx';
import { type AssignmentRow, assignmentsSubtitle, countByAssignmentStatus, withStatus } from './assignmentRows.ts';
import { columnSortOrder, sortOfColumn } from './listQuery.ts';
import { useAssignmentList } from './useAssignmentList.ts';
import { palette, textColors } from '../../components/palette.ts';

const progressColor = { active: palette.primary, upcoming: textColors.faint, completed: palette.done } as const;

/** The table's columns; the sortable ones sort on the server, so each shows the list's current sort. */
const columnsFor = (sort: string | null): TableColumnsType<AssignmentRow> => [
  {
    title: 'Engineer',
    key: 'engineer',
    render: (_, a) => (
      // Capped, so a long e-mail does not push the table past the page: it ends in '…' and says itself on hover.
      <div style={{ lineHeight: 1.35, whiteSpace: 'nowrap', maxWidth: 200 }}>
        <div style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>{a.engineerId.name}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} ellipsis={{ tooltip: false }} title={a.engineerId.email}>
          {a.engineerId.email}
        </Typography.Text>
      </div>
    ),
    sorter: true,
    sortOrder: columnSortOrder('engineer', sort),
  },
  {
    title: 'Project',
    key: 'project',
    render: (_, a) => (
      <Link to={projectPagePath(a.projectId._id)} style={{ display: 'block', minWidth: 140, maxWidth: 180 }} data-testid="assignment-project-link">
        {a.projectId.name}
      </Link>
    ),
    sorter: true,
    sortOrder: columnSortOrder('project', sort),
  },
  {
    title: 'Role',
    key: 'role',
    render: (_, a) => <span style={{ display: 'block', minWidth: 110, maxWidth: 160 }}>{a.role}</span>,
    sorter: true,
    sortOrder: columnSortOrder('role', sort),
  },
  {
    title: 'Allocation',
    key: 'allocation',
    render: (_, a) => (
      <Tag color="blue" className="tabular" style={{ marginInlineEnd: 0 }}>
        {percent(a.allocationPercentage)}
      </Tag>
    ),
    sorter: true,
    sortOrder: columnSortOrder('allocation', sort),
  },
  {
    title: 'Timeline',
    key: 'timeline',
    render: (_, a) => <RangeCell start={a.startDate} end={a.endDate} />,
    sorter: true,
    sortOrder: columnSortOrder('timeline', sort),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, a) => <AssignmentStatusTag status={a.status} />,
  },
  {
    title: 'Progress',
    key: 'progress',
    render: (_, a) => (
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 120 }}>
        <Progress percent={a.progress} showInfo={false} size="small" strokeColor={progressColor[a.status]} style={{ width: 76, margin: 0 }} aria-label="Time elapsed" />
        <span className="tabular" style={{ fontSize: 12, color: textColors.label, width: 36, textAlign: 'right' }}>
          {a.progress}%
        </span>
      </div>
    ),
  },
];

/**
 * Assignments: the cards, and the All Assignments table with status and progress, which the
 * server searches, filters, sorts (current and upcoming first unless a column says otherwise) and pages.
 */
export default function AssignmentsPage() {
  useScreenData();
  const assignments = useAssignments();
  const clock = useNow();
  // After a write the clock moves on at once, so an assignment ended just now shows as completed.
  const [writtenAt, setWrittenAt] = useState<Date | null>(null);
  const now = writtenAt && writtenAt > clock ? writtenAt : clock;
  // Counting 20,000 assignments waits for React's time slices, not the update that brought them.
  const counted = useDeferredValue(assignments.data);
  const counts = useMemo(() => countByAssignmentStatus(counted, now), [counted, now]);
  const loading = (!assignments.loaded && assignments.loading) || counted !== assignments.data;
  const list = useAssignmentList();
  const rows = useMemo(() => withStatus(list.rows, now), [list.rows, now]);
  // Only a search or filter that is set may be blamed for an empty list.
  const filtered = list.search.trim() !== '' || Object.values(list.filters).some((value) => value !== null && value !== undefined && value !== '');
  // The table renders new rows in React's time slices; the count above it waits for the same slice,
  // so it never says 'Showing 2' over the 14 rows still on screen.
  const shownTotal = useDeferredValue(list.total);
  const isEngineer = useProfile().data?.role === 'engineer';

  // Managers plan here; engineers and auditors, and anyone looking at a past moment, only read.
  const canPlan = useCanPlan();
  const isMobile = useIsMobile();
  const engineers = useEngineers();
  const projects = useProjects();
  const planning = useAssignmentPlanning({
    engineers: engineers.data,
    assignments: assignments.data,
    projects: projects.data,
    onWritten: () => {
      setWrittenAt(new Date());
      list.refresh();
    },
  });
  const columns = columnsFor(list.sort);
  const shownColumns: TableColumnsType<AssignmentRow> = canPlan
    ? [...columns, { title: 'Actions', key: 'actions', fixed: isMobile ? undefined : 'right', render: (_, a) => planning.renderActions(a) }]
    : columns;
  const onTableChange: TableProps<AssignmentRow>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      list.setSort(sortOfColumn(one?.columnKey, one?.order ?? null));
    } else if (action === 'paginate') {
      list.setPage(pagination.current ?? 1);
    }
  };

  return (
    <div>
      <PageHeader
        title="Assignments"
        subtitle="Who works on what, at how much of their time, and how far along"
        extra={
          canPlan ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => planning.openCreate()} data-testid="new-assignment">
              New assignment
            </Button>
          ) : undefined
        }
      />
      <LoadErrors errors={[assignments.error, list.error]} />
      <StatGrid>
        <StatCard title="Total Assignments" value={assignments.data.length} hint="All assignments" icon={<ScheduleOutlined />} loading={loading} testId="card-total-assignments" />
        <StatCard title="Active Assignments" value={counts.active} hint="Currently running" icon={<SyncOutlined />} tone="green" loading={loading} testId="card-active-assignments" />
        <StatCard title="Upcoming" value={counts.upcoming} hint="Starting soon" icon={<CalendarOutlined />} tone="violet" loading={loading} testId="card-upcoming" />
        <StatCard title="Completed" value={counts.completed} hint="Finished" icon={<CheckCircleOutlined />} tone="slate" loading={loading} testId="card-completed" />
      </StatGrid>
      <SectionCard
        title="All Assignments"
        subtitle={list.loading && rows.length === 0 ? 'Loading assignments...' : assignmentsSubtitle(shownTotal, filtered)}
        icon={<UnorderedListOutlined />}
        bodyPadding={0}
        testId="all-assignments"
      >
        <AssignmentFilters
          search={list.search}
          filters={list.filters}
          onSearch={list.setSearch}
          onFilter={list.setFilter}
          engineers={engineers.data}
          projects={projects.data}
          showEngineer={!isEngineer}
          isMobile={isMobile}
        />
        <DataTable<AssignmentRow>
          // Denser cells: with the Actions column pinned right, every column still fits at 1440 px.
          size="middle"
          columns={shownColumns}
          dataSource={rows}
          loading={list.loading}
          pagination={{ current: list.page, pageSize: list.pageSize, total: list.total }}
          onChange={onTableChange}
          empty={
            <ListEmptyState
              icon={<ScheduleOutlined />}
              things="assignments"
              filtered={filtered}
              filteredTitle="No assignments found"
              filteredHint="Try adjusting your search or filter criteria"
              noneHint="Plan someone on a project with New Assignment"
            />
          }
        />
      </SectionCard>
      {canPlan ? planning.dialogs : null}
    </div>
  );
}
