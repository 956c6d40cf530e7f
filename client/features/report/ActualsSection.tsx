import { DownloadOutlined, FieldTimeOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, DatePicker, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ActualsVariance } from '../../../domain/actuals/contracts.ts';
import { weekBefore } from '../../../domain/actuals/weeks.ts';
import { useActualsDialog } from '../planning/index.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ShowAllList } from '../../components/ShowAllList.tsx';
import { fetchActualsVariance, lockActualsWeek, unlockActualsWeek } from '../planning/index.ts';
import { errorMessage } from '../../lib/api.ts';
import { csvText, downloadBlob } from '../../lib/csv.ts';
import { addDays, todayDate } from '../../lib/weeks.ts';
import { weekLockMachine } from './weekLock.machine.ts';
import { useProfile } from '../../stores/profile.ts';
import { useNow } from '../../stores/useNow.ts';
import { actualsPresets, countedText } from './actualsRange.ts';

const lockMachine = weekLockMachine.provide({
  actors: {
    lock: fromPromise(async ({ input }: { input: { week: string } }) => lockActualsWeek(input.week)),
    unlock: fromPromise(async ({ input }: { input: { week: string; reason: string } }) => unlockActualsWeek(input.week, input.reason)),
  },
});

type Row = ActualsVariance['rows'][number];

/** People named at once in "not filled for last week". */
const MISSING_SHOWN = 30;
const hours = (value: number) => `${value > 0 ? '+' : ''}${value} h`;

/**
 * Actuals beside the plan: the projects or people furthest from plan over a chosen range (CSV export),
 * who has not filled last week (a manager fills it from here), and locking a week for everyone.
 */
export function ActualsSection() {
  const now = useNow();
  const today = todayDate(now);
  const profile = useProfile();
  const manager = profile.data?.role === 'manager';
  const lastWeek = weekBefore(today);
  const [range, setRange] = useState<[string, string]>([addDays(today, -35), addDays(today, -1)]);
  const [by, setBy] = useState<'project' | 'engineer'>('project');
  const [data, setData] = useState<ActualsVariance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lock, sendLock] = useMachine(lockMachine, { input: { week: lastWeek } });

  const load = useCallback(() => {
    fetchActualsVariance({ from: range[0], to: range[1], by, step: 'week' }).then((answer) => { setData(answer); setError(null); }, (e: unknown) => setError(errorMessage(e)));
  }, [range, by]);
  useEffect(load, [load]);
  const filling = useActualsDialog({ onSaved: load });
  useEffect(() => { if (lock.context.done) load(); }, [lock.context.done, load]);

  const rows = data?.rows ?? [];
  const nameOf = (row: Row) => (row.project ?? row.engineer)?.name ?? '';
  const exportCsv = () => {
    const header = [by === 'project' ? 'project' : 'engineer', 'plannedHours', 'actualHours', 'varianceHours', ...(data?.periods ?? []).flatMap((p) => [`${p.key} planned`, `${p.key} actual`])];
    const lines = rows.map((row) => [nameOf(row), row.plannedHours, row.actualHours, row.varianceHours, ...row.periods.flatMap((c) => [c.plannedHours, c.actualHours])]);
    downloadBlob(`actuals-${by}-${range[0]}-${range[1]}.csv`, new Blob([csvText([header, ...lines])], { type: 'text/csv' }));
  };
  const missingLastWeek = (data?.missing ?? []).filter((m) => m.week === lastWeek);
  // Each quick range says its dates; the answer says which days it counted and which week runs to date.
  const presets = useMemo(() => actualsPresets(today).map((p) => ({ label: p.label, value: [dayjs(p.from), dayjs(p.to)] as [Dayjs, Dayjs] })), [today]);
  const counted = countedText(data);

  return (
    <SectionCard title="Actuals vs plan" subtitle="Furthest from plan first: actual minus planned hours over the chosen days" icon={<FieldTimeOutlined />} testId="actuals-variance">
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker allowClear={false} value={[dayjs(range[0]), dayjs(range[1])]} presets={presets}
          onChange={(values) => values?.[0] && values[1] && setRange([values[0].format('YYYY-MM-DD'), values[1].format('YYYY-MM-DD')])} aria-label="Actuals days" data-testid="actuals-range" />
        <Segmented<'project' | 'engineer'> value={by} onChange={setBy} options={[{ value: 'project', label: 'Projects' }, { value: 'engineer', label: 'People' }]} data-testid="actuals-by" />
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={rows.length === 0} data-testid="actuals-export">Export CSV</Button>
      </Space>
      {counted ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 8 }} data-testid="actuals-counted">
          {counted}
        </Typography.Text>
      ) : null}
      {error ? <Alert type="error" title={error} style={{ marginBottom: 12 }} /> : null}
      <Table<Row> size="small" rowKey={(row) => (row.project ?? row.engineer)!._id} dataSource={rows} pagination={{ pageSize: 10 }} scroll={{ x: 'max-content' }} data-testid="actuals-variance-table"
        columns={[
          { title: by === 'project' ? 'Project' : 'Person', key: 'name', render: (_, row) => nameOf(row) },
          { title: 'Planned', key: 'planned', render: (_, row) => `${row.plannedHours} h` },
          { title: 'Actual', key: 'actual', render: (_, row) => `${row.actualHours} h` },
          { title: 'Difference', key: 'variance', render: (_, row) => <Tag color={row.varianceHours > 0 ? 'red' : row.varianceHours < 0 ? 'blue' : 'default'}>{hours(row.varianceHours)}</Tag> },
        ]} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Not filled for last week ({lastWeek}){missingLastWeek.length > 0 ? `: ${missingLastWeek.length.toLocaleString('en-US')}` : ''}
      </Typography.Title>
      {/* An organisation that has not started recording has everyone here: the first few, the rest on request. */}
      <ShowAllList items={missingLastWeek} limit={MISSING_SHOWN} testId="actuals-missing"
        empty={<Typography.Text type="secondary" data-testid="actuals-missing-none">Everyone with working time has filled last week.</Typography.Text>}
        render={(m) => (
          <Button key={m.engineerId} size="small" style={{ margin: '0 6px 6px 0' }} disabled={!manager} onClick={() => filling.openFor(m.engineerId, m.name, m.week)}>{m.name}</Button>
        )} />
      {manager ? (
        <div style={{ marginTop: 16 }} data-testid="actuals-lock">
          <Space wrap>
            <Input style={{ width: 120 }} value={lock.context.week} onChange={(e) => sendLock({ type: 'WEEK', week: e.target.value })} aria-label="Week to lock" data-testid="actuals-lock-week" />
            <Button icon={<LockOutlined />} onClick={() => sendLock({ type: 'LOCK' })} loading={lock.matches('locking')} data-testid="actuals-lock-button">Lock week for everyone</Button>
            {lock.matches('askingReason') || lock.matches('unlocking') ? (
              <>
                <Input style={{ width: 280 }} placeholder="Why it opens again" value={lock.context.reason} onChange={(e) => sendLock({ type: 'REASON', reason: e.target.value })} data-testid="actuals-unlock-reason" />
                <Button onClick={() => sendLock({ type: 'UNLOCK' })} disabled={!lock.context.reason.trim()} loading={lock.matches('unlocking')} data-testid="actuals-unlock-confirm">Unlock</Button>
                <Button type="text" onClick={() => sendLock({ type: 'CANCEL' })}>Cancel</Button>
              </>
            ) : <Button icon={<UnlockOutlined />} onClick={() => sendLock({ type: 'ASK_UNLOCK' })} data-testid="actuals-unlock-button">Unlock…</Button>}
          </Space>
          {lock.context.error ? <Alert type="error" title={lock.context.error} style={{ marginTop: 8 }} /> : null}
          {lock.context.done ? <Alert type="success" title={lock.context.done} style={{ marginTop: 8 }} data-testid="actuals-lock-done" /> : null}
        </div>
      ) : null}
      {filling.dialog}
    </SectionCard>
  );
}
