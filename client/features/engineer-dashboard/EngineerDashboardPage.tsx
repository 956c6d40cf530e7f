import { CalendarOutlined, ClockCircleOutlined, FieldTimeOutlined, FolderOpenOutlined, InboxOutlined, LineChartOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Col, Row, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { DataTable } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatCard, StatGrid } from '../../components/StatCard.tsx';
import { ActualsWeekEditor, useTimeOffPlanning } from '../planning/index.ts';
import { WeekLoadCells } from '../../components/WeekLoadCells.tsx';
import { employedIn, weekBefore } from '../../../domain/actuals/weeks.ts';
import { percent, shortDate } from '../../lib/format.ts';
import { useNow } from '../../stores/useNow.ts';
import { useAssignments } from '../../stores/assignments.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { todayDate, weeksFrom } from '../../lib/weeks.ts';
import { useCanEditOwnSkills } from '../../stores/permissions.ts';
import { useProfile } from '../../stores/profile.ts';
import { useProjects } from '../../stores/projects.ts';
import { useCapacity } from '../planning/index.ts';
import { ALL_COLLECTIONS, useScreenData } from '../../stores/useScreenData.ts';
import { markTentative, type OwnAssignment, ownAssignments, splitByTiming } from './own.ts';

/** Work on a project not won yet: it may not happen, and is not counted in the load until it is. */
const TentativeTag = () => (
  <Tooltip title="This project is not won yet: the work may not happen">
    <Tag color="orange" variant="outlined" style={{ marginInlineEnd: 0, borderStyle: 'dashed' }} data-testid="tentative-tag">
      Tentative
    </Tag>
  </Tooltip>
);

const columns: TableColumnsType<OwnAssignment> = [
  {
    title: 'Project Name',
    key: 'project',
    render: (_, a) => (
      <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }} data-tentative={String(a.tentative)}>
        <strong>{a.projectId.name}</strong>
        {a.tentative ? <TentativeTag /> : null}
      </span>
    ),
  },
  { title: 'Role', dataIndex: 'role', key: 'role' },
  {
    title: 'Allocation',
    key: 'allocation',
    render: (_, a) => (
      <Tag color="blue" className="tabular" style={{ marginInlineEnd: 0 }}>
        {percent(a.allocationPercentage)}
      </Tag>
    ),
  },
  { title: 'Start Date', key: 'start', render: (_, a) => <span style={{ whiteSpace: 'nowrap' }}>{shortDate(a.startDate)}</span> },
  { title: 'End Date', key: 'end', render: (_, a) => <span style={{ whiteSpace: 'nowrap' }}>{shortDate(a.endDate)}</span> },
];

/** Their own time off (the server answers an engineer with nothing else) loads with the screen. */
const SCREEN_COLLECTIONS = [...ALL_COLLECTIONS, 'timeOff'] as const;
const LOAD_WEEKS = 12;

/** Engineer Dashboard: own assignments, current and upcoming; their load for the next 12 weeks and their time off. */
export default function EngineerDashboardPage() {
  useScreenData(SCREEN_COLLECTIONS);
  const profile = useProfile();
  const assignments = useAssignments();
  const now = useNow();
  const projects = useProjects();
  const own = useMemo(() => markTentative(ownAssignments(assignments.data, profile.data), projects.data), [assignments.data, profile.data, projects.data]);
  const { current, upcoming } = useMemo(() => splitByTiming(own, now), [own, now]);
  const loading = !assignments.loaded && assignments.loading;
  const firstName = profile.data?.name.split(/\s+/)[0];

  const me = profile.data?._id;
  const today = todayDate(now);
  const weeks = useMemo(() => weeksFrom(today, LOAD_WEEKS), [today]);
  const lastWeek = weekBefore(today);
  // Last week is asked for only once it is known to be theirs: not before they joined, nor after they left.
  const engineers = useEngineers();
  const mine = engineers.data.find((e) => e._id === me);
  const asksLastWeek = (engineers.loaded || engineers.error !== null) && (!mine || employedIn(lastWeek, mine));
  const load = useCapacity(me ? { ...weeks, step: 'week', engineerId: me } : null);
  const myWeeks = load.data?.rows.find((row) => row.engineer._id === me)?.periods ?? (load.data ? [] : null);
  // An engineer books and cancels their own time off, on the live plan.
  const canBook = useCanEditOwnSkills();
  const timeOff = useTimeOffPlanning({ nameOf: () => profile.data?.name ?? 'you' });

  return (
    <div>
      <PageHeader
        title={firstName ? `Welcome back, ${firstName}` : 'My Dashboard'}
        subtitle="Your current and upcoming project assignments"
      />
      <LoadErrors errors={[profile.error, assignments.error]} />
      <StatGrid columns={3}>
        <StatCard title="My Projects" value={own.length} hint="All my assignments" icon={<FolderOpenOutlined />} loading={loading} testId="card-my-projects" />
        <StatCard title="Current Projects" value={current.length} hint="In progress now" icon={<ThunderboltOutlined />} tone="green" loading={loading} testId="card-current-projects" />
        <StatCard title="Upcoming Projects" value={upcoming.length} hint="Starting later" icon={<CalendarOutlined />} tone="violet" loading={loading} testId="card-upcoming-projects" />
      </StatGrid>
      <Row gutter={[16, 16]}>
        {me && asksLastWeek ? (
          <Col span={24}>
            <SectionCard title="Last week" subtitle={`What you worked on in ${lastWeek}, in hours per project: prefilled from the plan`} icon={<FieldTimeOutlined />} testId="last-week">
              <ActualsWeekEditor key={`${me} ${lastWeek}`} engineerId={me} week={lastWeek} manager={false} reminder={`Last week (${lastWeek}) is not filled yet: confirm it as planned or correct the hours`} />
            </SectionCard>
          </Col>
        ) : null}
        <Col span={24}>
          <SectionCard title="Current Projects" subtitle="Projects you are working on now" icon={<ThunderboltOutlined />} bodyPadding={0} testId="current-projects">
            <DataTable<OwnAssignment>
              columns={columns}
              dataSource={current}
              loading={loading}
              empty={<EmptyState icon={<InboxOutlined />} title="No current projects assigned" hint="Check back later for new assignments" />}
            />
          </SectionCard>
        </Col>
        <Col span={24}>
          <SectionCard title="Upcoming Projects" subtitle="Projects scheduled to start later" icon={<ClockCircleOutlined />} bodyPadding={0} testId="upcoming-projects">
            <DataTable<OwnAssignment>
              columns={columns}
              dataSource={upcoming}
              loading={loading}
              empty={<EmptyState icon={<CalendarOutlined />} title="No upcoming projects scheduled" hint="Your schedule is clear for now" />}
            />
          </SectionCard>
        </Col>
        <Col span={24}>
          <SectionCard
            title="My Load"
            subtitle={`Week by week for the next ${LOAD_WEEKS} weeks: red over your capacity, grey when you are off`}
            icon={<LineChartOutlined />}
            testId="my-load"
          >
            <WeekLoadCells periods={myWeeks} loading={load.loading} error={load.error} onRetry={load.retry} testId="my-load-cells" cellWidth={64} />
            {myWeeks?.some((week) => week.tentative > 0) ? (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 8 }} data-testid="my-load-tentative">
                Striped weeks hold tentative work (a project not won yet): not counted in the figure until it is won.
              </Typography.Text>
            ) : null}
          </SectionCard>
        </Col>
        <Col span={24}>
          <SectionCard
            title="My Time Off"
            subtitle="Your booked days off that are not over yet"
            icon={<CalendarOutlined />}
            testId="my-time-off"
            extra={
              canBook && me ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => timeOff.openBooking(me)} data-testid="book-time-off">
                  Book time off
                </Button>
              ) : undefined
            }
          >
            {me ? timeOff.renderList(me, canBook, 'No time off booked') : null}
          </SectionCard>
        </Col>
      </Row>
      {canBook ? timeOff.dialogs : null}
    </div>
  );
}
