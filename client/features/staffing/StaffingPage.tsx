import { CheckOutlined, CloseOutlined, SendOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Empty, Input, InputNumber, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { StaffingState } from '../../../domain/staffing/state.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useBusyAction } from '../../components/useBusyAction.ts';
import { staffingApi, type StaffingView } from '../planning/index.ts';
import { useEngineers } from '../../stores/engineers.ts';
import { useProjects } from '../../stores/projects.ts';
import { useLiveQuery, type LiveQuerySource } from '../../stores/useLiveQuery.ts';
import { PROJECTS_COLLECTIONS, useScreenData } from '../../stores/useScreenData.ts';

/** Both sides' requests, fetched again after every live change: a request answered elsewhere shows here at once. */
const inboxSource: LiveQuerySource<object, StaffingView[]> = { live: (_p, signal) => staffingApi.inbox(signal), past: () => [] };

const stateColor: Record<StaffingState, string> = { open: 'processing', proposed: 'purple', approved: 'success', declined: 'error', withdrawn: 'default' };
const day = (iso: string) => iso.slice(0, 10);

function summary(r: StaffingView): string {
  const whom = r.engineerName ?? `someone as ${r.role}`;
  return `${whom} on ${r.projectName} at ${r.allocationPercentage}% from ${day(r.startDate)} to ${day(r.endDate)}`;
}

/** Staffing requests: ask another team's manager for someone, answer the requests for one's own people. */
export default function StaffingPage() {
  useScreenData(PROJECTS_COLLECTIONS);
  const engineers = useEngineers().data;
  const projects = useProjects().data;
  const { data } = useLiveQuery(inboxSource, {});
  const requests = data ?? [];
  const { busy, run } = useBusyAction();
  const [ask, setAsk] = useState<{ projectId?: string; engineerId?: string; role: string; allocation: number; from?: Dayjs | null; to?: Dayjs | null; note: string }>({ role: '', allocation: 50, note: '' });
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [proposals, setProposals] = useState<Record<string, string>>({});
  const toAnswer = requests.filter((r) => r.canAnswer);
  const mine = requests.filter((r) => r.mine);
  const canAsk = ask.projectId && ask.role.trim() && ask.from && ask.to;

  return (
    <>
      <PageHeader title="Staffing requests" subtitle="Ask a team's manager for someone; answer the requests for your people." />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <SectionCard title="Ask for someone" testId="staffing-ask">
          <Space wrap>
            <Select aria-label="Project" placeholder="Project" style={{ width: 220 }} showSearch optionFilterProp="label" value={ask.projectId}
              options={projects.map((p) => ({ value: p._id, label: p.name }))} onChange={(projectId: string) => setAsk({ ...ask, projectId })} />
            <Select aria-label="Person" placeholder="Person (or leave empty for a role)" style={{ width: 240 }} allowClear showSearch optionFilterProp="label" value={ask.engineerId}
              options={engineers.map((e) => ({ value: e._id, label: `${e.name} (${e.department})` }))} onChange={(engineerId?: string) => setAsk({ ...ask, engineerId })} />
            <Input aria-label="Role" placeholder="Role" style={{ width: 160 }} value={ask.role} onChange={(e) => setAsk({ ...ask, role: e.target.value })} />
            <InputNumber aria-label="Allocation" min={1} max={100} addonAfter="%" value={ask.allocation} onChange={(v) => setAsk({ ...ask, allocation: v ?? 50 })} />
            <DatePicker aria-label="From" placeholder="From" value={ask.from} onChange={(from) => setAsk({ ...ask, from })} />
            <DatePicker aria-label="To" placeholder="To" value={ask.to} onChange={(to) => setAsk({ ...ask, to })} />
            <Input aria-label="Note" placeholder="Note" style={{ width: 220 }} value={ask.note} onChange={(e) => setAsk({ ...ask, note: e.target.value })} />
            <Button type="primary" icon={<SendOutlined />} disabled={!canAsk || busy}
              onClick={() => void run(async () => {
                await staffingApi.ask({
                  projectId: ask.projectId!, ...(ask.engineerId ? { engineerId: ask.engineerId } : {}), role: ask.role.trim(), allocationPercentage: ask.allocation,
                  startDate: ask.from!.format('YYYY-MM-DD'), endDate: ask.to!.format('YYYY-MM-DD'), ...(ask.note.trim() ? { note: ask.note.trim() } : {}),
                });
                setAsk({ role: '', allocation: 50, note: '' });
              }, 'Request sent')}>Send request</Button>
          </Space>
        </SectionCard>

        <SectionCard title={`To answer (${toAnswer.length})`} testId="staffing-to-answer">
          {toAnswer.length === 0 ? <Empty description="Nothing waits for your answer" /> : (
            <List<StaffingView> dataSource={toAnswer} renderItem={(r) => (
              <List.Item data-testid="staffing-request" actions={[
                <Button key="approve" type="primary" icon={<CheckOutlined />} disabled={busy || !r.engineerId} aria-label={`Approve ${summary(r)}`}
                  onClick={() => void run(() => staffingApi.approve(r._id), 'Approved: the assignment is made')}>Approve</Button>,
                <Space.Compact key="propose">
                  <Select aria-label="Propose instead" placeholder="Propose instead" style={{ width: 180 }} showSearch optionFilterProp="label" value={proposals[r._id]}
                    options={engineers.filter((e) => e._id !== r.engineerId).map((e) => ({ value: e._id, label: e.name }))} onChange={(id: string) => setProposals({ ...proposals, [r._id]: id })} />
                  <Button icon={<UserSwitchOutlined />} disabled={busy || !proposals[r._id]} onClick={() => void run(() => staffingApi.propose(r._id, proposals[r._id]!), 'Proposed')}>Propose</Button>
                </Space.Compact>,
                <Space.Compact key="decline">
                  <Input aria-label="Reason" placeholder="Reason" style={{ width: 160 }} value={reasons[r._id] ?? ''} onChange={(e) => setReasons({ ...reasons, [r._id]: e.target.value })} />
                  <Button danger icon={<CloseOutlined />} disabled={busy || !reasons[r._id]?.trim()} onClick={() => void run(() => staffingApi.decline(r._id, reasons[r._id]!), 'Declined')}>Decline</Button>
                </Space.Compact>,
              ]}>
                <List.Item.Meta
                  title={<Space><Tag color={stateColor[r.state]}>{r.state}</Tag><span>{summary(r)}</span></Space>}
                  description={`Asked by ${r.requestedByName}${r.note ? `: ${r.note}` : ''}`}
                />
              </List.Item>
            )} />
          )}
        </SectionCard>

        <SectionCard title={`Asked by me (${mine.length})`} testId="staffing-mine">
          {mine.length === 0 ? <Empty description="You have asked for nobody yet" /> : (
            <List<StaffingView> dataSource={mine} renderItem={(r) => (
              <List.Item data-testid="staffing-mine-request" actions={r.state === 'open' || r.state === 'proposed' ? [
                <Popconfirm key="withdraw" title="Withdraw this request?" onConfirm={() => void run(() => staffingApi.withdraw(r._id), 'Withdrawn')}>
                  <Button disabled={busy}>Withdraw</Button>
                </Popconfirm>,
              ] : []}>
                <List.Item.Meta
                  title={<Space><Tag color={stateColor[r.state]} data-testid="staffing-state">{r.state}</Tag><span>{summary(r)}</span></Space>}
                  description={r.reason ? <Typography.Text type="danger">Declined: {r.reason}</Typography.Text> : r.note}
                />
              </List.Item>
            )} />
          )}
        </SectionCard>
      </Space>
    </>
  );
}
