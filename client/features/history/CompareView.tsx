import {
  ArrowRightOutlined,
  DiffOutlined,
  ProjectOutlined,
  ScheduleOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, Button, DatePicker, Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { pagination } from '../../components/table.ts';
import { UtilizationTag } from '../../components/tags.tsx';
import { errorMessage } from '../../lib/api.ts';
import { dateTime, percent } from '../../lib/format.ts';
import { allocationDelta, diffCounts, type DiffRow, diffRows } from './compare.ts';
import { EntityTag, EventTypeTag } from './eventLook.tsx';
import { type DiffChange, type EngineerDiff, historyApi, type PlanDiff } from './historyApi.ts';

type CompareState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; diff: PlanDiff }
  | { status: 'failed'; error: string };

const kindLook: Record<DiffRow['kind'], { color: string; label: string }> = {
  created: { color: 'green', label: 'Created' },
  changed: { color: 'blue', label: 'Changed' },
  removed: { color: 'red', label: 'Removed' },
};

function ChangeList({ rows, empty, testId }: { rows: DiffRow[]; empty: string; testId: string }) {
  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ margin: '12px 0' }} />;
  }
  return (
    <div data-testid={testId} style={{ display: 'grid' }}>
      {rows.map((row, i) => (
        <div
          key={row.key}
          data-kind={row.kind}
          style={{ display: 'grid', gap: 4, padding: '12px 0', borderTop: i ? '1px solid #f1f5f9' : undefined, minWidth: 0 }}
        >
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <Tag color={kindLook[row.kind].color} style={{ marginInlineEnd: 0 }}>
              {kindLook[row.kind].label}
            </Tag>
            <strong style={{ overflowWrap: 'anywhere' }}>{row.name}</strong>
          </div>
          {row.detail && <Typography.Text type="secondary" style={{ fontSize: 13 }}>{row.detail}</Typography.Text>}
          {row.fields.map((f) => (
            <div key={f.field} style={{ fontSize: 13, display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'baseline' }}>
              <Typography.Text type="secondary">{f.field}:</Typography.Text>
              <span style={{ textDecoration: 'line-through', color: '#94a3b8', overflowWrap: 'anywhere' }}>{f.before}</span>
              <ArrowRightOutlined style={{ fontSize: 11, color: '#94a3b8' }} />
              <span style={{ overflowWrap: 'anywhere' }}>{f.after}</span>
            </div>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-role="by">
            <UserOutlined /> {row.by.length ? `by ${row.by.join(', ')}` : 'by an unknown actor'}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}

const figure = (side: EngineerDiff['before']) =>
  side ? (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', whiteSpace: 'nowrap' }}>
      <span className="tabular">{percent(side.allocation)}</span>
      <UtilizationTag status={side.status} />
    </span>
  ) : (
    <Typography.Text type="secondary">Not listed</Typography.Text>
  );

const engineerColumns: TableColumnsType<EngineerDiff> = [
  { title: 'Engineer', key: 'name', render: (_, e) => <strong>{e.name}</strong> },
  { title: 'Before', key: 'before', render: (_, e) => figure(e.before) },
  { title: 'After', key: 'after', render: (_, e) => figure(e.after) },
  {
    title: 'Change',
    key: 'delta',
    align: 'right',
    render: (_, e) => {
      const delta = allocationDelta(e.before, e.after);
      const color = delta.startsWith('+') ? '#b45309' : delta === '0' ? '#64748b' : '#2563eb';
      return <span className="tabular" style={{ color, fontWeight: 600, whiteSpace: 'nowrap' }}>{delta} pts</span>;
    },
  },
];

const changeColumns = (mobile: boolean): TableColumnsType<DiffChange> => [
  {
    title: 'When',
    key: 'when',
    render: (_, c) =>
      mobile ? (
        <div className="tabular" style={{ whiteSpace: 'nowrap', fontSize: 12, lineHeight: 1.4 }}>
          <div>{dayjs(c.recordedAt).format('MMM DD, YYYY')}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{dayjs(c.recordedAt).format('HH:mm:ss')}</Typography.Text>
        </div>
      ) : (
        <span className="tabular" style={{ whiteSpace: 'nowrap', fontSize: 13 }}>{dateTime(c.recordedAt)}</span>
      ),
  },
  ...(mobile ? [] : [{ title: 'Who', key: 'who', render: (_: unknown, c: DiffChange) => <span style={{ whiteSpace: 'nowrap' }}>{c.actor.name}</span> }]),
  {
    title: 'What',
    key: 'what',
    render: (_, c) => (
      <div style={{ display: 'flex', gap: 6, alignItems: 'baseline', flexWrap: 'wrap', minWidth: 0 }}>
        <EventTypeTag type={c.type} />
        <EntityTag kind={c.entity.kind} />
        <span style={{ overflowWrap: 'anywhere' }}>{c.summary}</span>
      </div>
    ),
  },
];

function SummaryTags({ diff }: { diff: PlanDiff }) {
  const c = diffCounts(diff);
  const tags = (counts: { created: number; changed: number; removed: number }) => (
    <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
      <Tag color="green" style={{ marginInlineEnd: 0 }}>{counts.created} created</Tag>
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>{counts.changed} changed</Tag>
      <Tag color="red" style={{ marginInlineEnd: 0 }}>{counts.removed} removed</Tag>
    </div>
  );
  return (
    <div data-testid="compare-summary" style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '8px 12px', alignItems: 'center' }}>
      <Typography.Text strong>Projects</Typography.Text>
      {tags(c.projects)}
      <Typography.Text strong>Assignments</Typography.Text>
      {tags(c.assignments)}
      <Typography.Text strong>Engineers</Typography.Text>
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        <Tag style={{ marginInlineEnd: 0 }}>{c.engineers} with a new allocation or status</Tag>
      </div>
      <Typography.Text strong>Changes</Typography.Text>
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        <Tag style={{ marginInlineEnd: 0 }}>{c.changes} {c.changes === 1 ? 'event' : 'events'} recorded</Tag>
      </div>
    </div>
  );
}

type MomentFieldProps = { label: string; value: Dayjs | null; onChange: (moment: Dayjs | null) => void; mobile: boolean; testId: string };

/** One of the two moments: a date and time to the second. */
function MomentField({ label, value, onChange, mobile, testId }: MomentFieldProps) {
  return (
    <label style={{ display: 'grid', gap: 4, flex: mobile ? '1 1 100%' : undefined }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{label}</Typography.Text>
      <DatePicker
        data-testid={testId}
        showTime={{ format: 'HH:mm:ss' }}
        format="YYYY-MM-DD HH:mm:ss"
        value={value}
        onChange={onChange}
        onOk={onChange}
        style={{ width: mobile ? '100%' : 220 }}
      />
    </label>
  );
}

/** 'Compare two moments' (issue 6): what was created, changed and removed between them, and by whom. */
export function CompareView({ mobile }: { mobile: boolean }) {
  const [from, setFrom] = useState<Dayjs | null>(() => dayjs().subtract(7, 'day').startOf('minute'));
  const [to, setTo] = useState<Dayjs | null>(() => dayjs().startOf('minute').add(1, 'minute'));
  const [state, setState] = useState<CompareState>({ status: 'idle' });
  const latest = useRef(0);

  const invalid = !from || !to ? 'Pick both moments' : to.isBefore(from) ? 'The second moment must not be before the first' : null;

  const compare = useCallback(async (a: Dayjs, b: Dayjs) => {
    const id = ++latest.current;
    setState({ status: 'loading' });
    try {
      const diff = await historyApi.diff(a.toISOString(), b.toISOString());
      if (id === latest.current) setState({ status: 'done', diff });
    } catch (error) {
      if (id === latest.current) setState({ status: 'failed', error: errorMessage(error) });
    }
  }, []);

  // The first time the view opens it compares the last seven days.
  useEffect(() => {
    if (from && to) void compare(from, to);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const rows = useMemo(() => (state.status === 'done' ? diffRows(state.diff) : null), [state]);
  const done = state.status === 'done' ? state : null;

  return (
    <div data-testid="compare-view">
      <SectionCard
        title="Compare two moments"
        subtitle="Projects and assignments created, changed or removed between two moments, each engineer's allocation before and after, and who made each change."
        icon={<SwapOutlined />}
        style={{ marginBottom: 16, height: 'auto' }}
      >
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <MomentField label="From" value={from} onChange={setFrom} mobile={mobile} testId="compare-from" />
          <MomentField label="To" value={to} onChange={setTo} mobile={mobile} testId="compare-to" />
          <Button
            type="primary"
            icon={<DiffOutlined />}
            disabled={Boolean(invalid)}
            loading={state.status === 'loading'}
            onClick={() => from && to && void compare(from, to)}
            data-testid="compare-run"
            style={mobile ? { flex: '1 1 100%' } : undefined}
          >
            Compare
          </Button>
        </div>
        {invalid && from && to && (
          <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }}>
            {invalid}
          </Typography.Text>
        )}
        {state.status === 'failed' && <Alert type="error" showIcon style={{ marginTop: 12 }} title={state.error} />}
        {done && (
          <div style={{ marginTop: 16 }}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 13 }} data-testid="compare-range">
              From {dateTime(done.diff.from)} to {dateTime(done.diff.to)}
            </Typography.Text>
            <SummaryTags diff={done.diff} />
          </div>
        )}
      </SectionCard>

      {done && rows && (
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: mobile ? 'minmax(0, 1fr)' : 'repeat(auto-fit, minmax(min(380px, 100%), 1fr))' }}>
          <SectionCard title="Projects" icon={<ProjectOutlined />} testId="compare-projects" bodyPadding="4px 20px 12px">
            <ChangeList rows={rows.projects} empty="No project was created, changed or removed" testId="compare-project-rows" />
          </SectionCard>
          <SectionCard title="Assignments" icon={<ScheduleOutlined />} testId="compare-assignments" bodyPadding="4px 20px 12px">
            <ChangeList rows={rows.assignments} empty="No assignment was created, changed or removed" testId="compare-assignment-rows" />
          </SectionCard>
          <SectionCard
            title="Engineers' allocation and status"
            subtitle="Current allocation at each moment"
            icon={<TeamOutlined />}
            testId="compare-engineers"
            bodyPadding={0}
            style={{ gridColumn: '1 / -1' }}
          >
            <Table<EngineerDiff>
              rowKey="engineerId"
              size="small"
              columns={engineerColumns}
              dataSource={done.diff.engineers}
              pagination={pagination(10)}
              scroll={{ x: 'max-content' }}
              style={{ marginTop: 12 }}
              locale={{ emptyText: 'No engineer\u2019s allocation or status moved' }}
            />
          </SectionCard>
          <SectionCard
            title="Who made each change"
            subtitle={`${done.diff.changes.length} ${done.diff.changes.length === 1 ? 'event' : 'events'}, oldest first`}
            icon={<UserOutlined />}
            testId="compare-changes"
            bodyPadding={0}
            style={{ gridColumn: '1 / -1' }}
          >
            <Table<DiffChange>
              rowKey="cursor"
              size="small"
              columns={changeColumns(mobile)}
              dataSource={done.diff.changes}
              pagination={pagination(10)}
              style={{ marginTop: 12 }}
              locale={{ emptyText: 'Nothing changed between these moments' }}
            />
          </SectionCard>
        </div>
      )}
    </div>
  );
}
