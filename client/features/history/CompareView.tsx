import {
  ArrowRightOutlined,
  DiffOutlined,
  ProjectOutlined,
  ScheduleOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import VirtualList from '@rc-component/virtual-list';
import { Alert, Button, DatePicker, Empty, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { UtilizationTag } from '../../components/tags.tsx';
import { type VirtualColumn, VirtualTable } from '../../components/VirtualTable.tsx';
import { errorMessage } from '../../lib/api.ts';
import { dateTime, momentParts, percent } from '../../lib/format.ts';
import { allocationDelta, type DiffRow, diffRows, pageLabel, previousOffset } from './compare.ts';
import { EntityTag, EventTypeTag } from './eventLook.tsx';
import { type DiffChange, type DiffOffsets, type DiffSection, type EngineerDiff, historyApi, type ListPage, type PlanDiff } from './historyApi.ts';
import { borderColors, deltaColors, palette, textColors } from '../../components/palette.ts';

type CompareState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** `paging`: the section whose next or previous page is on its way (the shown page stays meanwhile). */
  | { status: 'done'; diff: PlanDiff; offsets: DiffOffsets; paging: DiffSection | null; pageError?: string }
  | { status: 'failed'; error: string };

const firstPages: DiffOffsets = { projects: 0, assignments: 0, engineers: 0, changes: 0 };

/** How tall a long list may grow before it scrolls within its card (only the rows in view are drawn). */
const LIST_HEIGHT = 480;

const kindLook: Record<DiffRow['kind'], { color: string; label: string }> = {
  created: { color: 'green', label: 'Created' },
  changed: { color: 'blue', label: 'Changed' },
  removed: { color: 'red', label: 'Removed' },
};

function ChangeRow({ row, first }: { row: DiffRow; first: boolean }) {
  return (
    <div
      data-kind={row.kind}
      style={{ display: 'grid', gap: 4, padding: '12px 0', borderTop: first ? undefined : `1px solid ${borderColors.faint}`, minWidth: 0 }}
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
          <span style={{ textDecoration: 'line-through', color: palette.muted, overflowWrap: 'anywhere' }}>{f.before}</span>
          <ArrowRightOutlined style={{ fontSize: 11, color: textColors.faint }} />
          <span style={{ overflowWrap: 'anywhere' }}>{f.after}</span>
        </div>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-role="by">
        <UserOutlined /> {row.by.length ? `by ${row.by.join(', ')}` : 'by an unknown actor'}
      </Typography.Text>
    </div>
  );
}

/** The rows of one page; a long page scrolls within the card and draws only the rows in view. */
function ChangeList({ rows, empty, testId }: { rows: DiffRow[]; empty: string; testId: string }) {
  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} style={{ margin: '12px 0' }} />;
  }
  return (
    <div data-testid={testId}>
      <VirtualList data={rows} height={LIST_HEIGHT} itemHeight={56} itemKey="key" fullHeight={false}>
        {(row, index) => <ChangeRow row={row} first={index === 0} />}
      </VirtualList>
    </div>
  );
}

/** 'Showing 201-400 of 4,512' with the way to the pages around it, whenever a section is cut. */
function SectionPager({ page, busy, onPage, testId }: { page: ListPage; busy: boolean; onPage: (offset: number) => void; testId: string }) {
  const label = pageLabel(page);
  if (!label) return null;
  const previous = previousOffset(page);
  const next = page.nextOffset;
  return (
    <div data-testid={testId} style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', padding: '8px 0' }}>
      <Typography.Text type="secondary" className="tabular" style={{ fontSize: 13 }} data-role="label">
        {label}
      </Typography.Text>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button size="small" disabled={previous === null || busy} onClick={() => previous !== null && onPage(previous)} data-role="previous">
          Previous
        </Button>
        <Button size="small" type="primary" ghost disabled={next === null} loading={busy} onClick={() => next !== null && onPage(next)} data-role="next">
          Next
        </Button>
      </div>
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

const engineerColumns: VirtualColumn<EngineerDiff>[] = [
  { title: 'Engineer', key: 'name', width: 'minmax(140px, 2fr)', render: (e) => <strong style={{ overflowWrap: 'anywhere' }}>{e.name}</strong> },
  { title: 'Before', key: 'before', width: 'minmax(150px, 1fr)', render: (e) => figure(e.before) },
  { title: 'After', key: 'after', width: 'minmax(150px, 1fr)', render: (e) => figure(e.after) },
  {
    title: 'Change',
    key: 'delta',
    width: '90px',
    align: 'right',
    render: (e) => {
      const delta = allocationDelta(e.before, e.after);
      const color = delta.startsWith('+') ? deltaColors.up : delta === '0' ? deltaColors.same : deltaColors.down;
      return <span className="tabular" style={{ color, fontWeight: 600, whiteSpace: 'nowrap' }}>{delta} pts</span>;
    },
  },
];

const changeColumns = (mobile: boolean): VirtualColumn<DiffChange>[] => [
  {
    title: 'When',
    key: 'when',
    width: mobile ? '84px' : '180px',
    render: (c) =>
      mobile ? (
        <div className="tabular" style={{ whiteSpace: 'nowrap', fontSize: 12, lineHeight: 1.4 }}>
          <div>{momentParts(c.recordedAt).day}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{momentParts(c.recordedAt).time}</Typography.Text>
        </div>
      ) : (
        <span className="tabular" style={{ whiteSpace: 'nowrap', fontSize: 13 }}>{dateTime(c.recordedAt)}</span>
      ),
  },
  ...(mobile ? [] : [{ title: 'Who', key: 'who', width: 'minmax(120px, 180px)', render: (c: DiffChange) => <span style={{ overflowWrap: 'anywhere' }}>{c.actor.name}</span> }]),
  {
    title: 'What',
    key: 'what',
    width: 'minmax(0, 1fr)',
    render: (c) => (
      <div style={{ display: 'flex', gap: 6, alignItems: 'baseline', flexWrap: 'wrap', minWidth: 0 }}>
        <EventTypeTag type={c.type} />
        <EntityTag kind={c.entity.kind} />
        <span style={{ overflowWrap: 'anywhere' }}>{c.summary}</span>
      </div>
    ),
  },
];

function SummaryTags({ diff }: { diff: PlanDiff }) {
  const c = diff.totals;
  const tags = (counts: { created: number; changed: number; removed: number }) => (
    <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
      <Tag color="green" style={{ marginInlineEnd: 0 }}>{counts.created.toLocaleString('en-US')} created</Tag>
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>{counts.changed.toLocaleString('en-US')} changed</Tag>
      <Tag color="red" style={{ marginInlineEnd: 0 }}>{counts.removed.toLocaleString('en-US')} removed</Tag>
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
        <Tag style={{ marginInlineEnd: 0 }}>{c.engineers.toLocaleString('en-US')} with a new allocation or status</Tag>
      </div>
      <Typography.Text strong>Changes</Typography.Text>
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        <Tag style={{ marginInlineEnd: 0 }}>{c.changes.toLocaleString('en-US')} {c.changes === 1 ? 'event' : 'events'} recorded</Tag>
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

/** 'Compare two moments': what was created, changed and removed between them, and by whom. */
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
      const diff = await historyApi.diff(a.toISOString(), b.toISOString(), firstPages);
      if (id === latest.current) setState({ status: 'done', diff, offsets: firstPages, paging: null });
    } catch (error) {
      if (id === latest.current) setState({ status: 'failed', error: errorMessage(error) });
    }
  }, []);

  /** Another page of one section, between the same two moments as the page shown. */
  const turnPage = useCallback(async (shown: Extract<CompareState, { status: 'done' }>, section: DiffSection, offset: number) => {
    const id = ++latest.current;
    const offsets = { ...shown.offsets, [section]: offset };
    setState({ ...shown, paging: section, pageError: undefined });
    try {
      const diff = await historyApi.diff(shown.diff.from, shown.diff.to, offsets);
      if (id === latest.current) setState({ status: 'done', diff, offsets, paging: null });
    } catch (error) {
      if (id === latest.current) setState({ ...shown, paging: null, pageError: errorMessage(error) });
    }
  }, []);

  // The first time the view opens it compares the last seven days.
  useEffect(() => {
    if (from && to) void compare(from, to);
  }, []);

  const done = state.status === 'done' ? state : null;
  const diff = done?.diff;
  const rows = useMemo(() => (diff ? diffRows(diff) : null), [diff]);
  const pager = (section: DiffSection) =>
    done && (
      <SectionPager
        page={done.diff.pages[section]}
        busy={done.paging === section}
        onPage={(offset) => void turnPage(done, section, offset)}
        testId={`compare-${section}-pager`}
      />
    );

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
        {done?.pageError && <Alert type="error" showIcon style={{ marginTop: 12 }} title={done.pageError} />}
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
            {pager('projects')}
          </SectionCard>
          <SectionCard title="Assignments" icon={<ScheduleOutlined />} testId="compare-assignments" bodyPadding="4px 20px 12px">
            <ChangeList rows={rows.assignments} empty="No assignment was created, changed or removed" testId="compare-assignment-rows" />
            {pager('assignments')}
          </SectionCard>
          <SectionCard
            title="Engineers' allocation and status"
            subtitle="Current allocation at each moment"
            icon={<TeamOutlined />}
            testId="compare-engineers"
            bodyPadding="12px 0 4px"
            style={{ gridColumn: '1 / -1' }}
          >
            <VirtualTable<EngineerDiff>
              rowKey="engineerId"
              columns={engineerColumns}
              rows={done.diff.engineers}
              height={LIST_HEIGHT}
              minWidth={560}
              empty={'No engineer\u2019s allocation or status moved'}
            />
            <div style={{ padding: '0 16px' }}>{pager('engineers')}</div>
          </SectionCard>
          <SectionCard
            title="Who made each change"
            subtitle={`${done.diff.totals.changes.toLocaleString('en-US')} ${done.diff.totals.changes === 1 ? 'event' : 'events'}, oldest first`}
            icon={<UserOutlined />}
            testId="compare-changes"
            bodyPadding="12px 0 4px"
            style={{ gridColumn: '1 / -1' }}
          >
            <VirtualTable<DiffChange>
              rowKey="cursor"
              columns={changeColumns(mobile)}
              rows={done.diff.changes}
              height={LIST_HEIGHT}
              rowHeight={mobile ? 64 : 41}
              empty="Nothing changed between these moments"
            />
            <div style={{ padding: '0 16px' }}>{pager('changes')}</div>
          </SectionCard>
        </div>
      )}
    </div>
  );
}
