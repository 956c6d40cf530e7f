import { ExperimentOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Button, Result, Space, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadErrors } from '../../components/LoadErrors.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useIsMobile } from '../../lib/mediaQuery.ts';
import { useProfile } from '../../stores/profile.ts';
import { useScreenData } from '../../stores/useScreenData.ts';
import { newScenarioMachine } from './newScenario.machine.ts';
import { NewScenarioDialog } from './NewScenarioDialog.tsx';
import { ResolveOverloadsDialog } from '../planning/index.ts';
import { resolveBody, resolveOverloadsMachine } from '../planning/index.ts';
import { ScenarioStatusTag, SharedTag } from './scenarioLook.tsx';
import { scenariosApi, type ScenarioSummary } from './scenariosApi.ts';
import { useScenarioQuery } from './useScenarioQuery.ts';

/** Who may read scenarios: managers (their own and shared ones) and auditors (shared ones). */
export const canReadScenarios = (role: string | null | undefined) => role === 'manager' || role === 'auditor';

const listScenarios = (_: object, signal: AbortSignal) => scenariosApi.list(signal);

const nameLink = (s: ScenarioSummary) => (
  <Link to={`/scenarios/${s._id}`} data-testid="scenario-link">
    <Typography.Text strong style={{ color: 'inherit', overflowWrap: 'anywhere' }}>{s.name}</Typography.Text>
  </Link>
);

const columns: TableColumnsType<ScenarioSummary> = [
  { title: 'Name', key: 'name', render: (_, s) => nameLink(s) },
  { title: 'Owner', dataIndex: 'ownerName', key: 'owner' },
  { title: 'Shared', key: 'shared', render: (_, s) => <SharedTag shared={s.shared} /> },
  { title: 'Status', key: 'status', render: (_, s) => <ScenarioStatusTag status={s.status} /> },
  { title: 'Changes', dataIndex: 'changeCount', key: 'changes', align: 'right' },
];

/** On a phone: the name, and under it the owner and the tags, so nothing needs a sideways scroll. */
const compactColumns: TableColumnsType<ScenarioSummary> = [
  {
    title: 'Scenario',
    key: 'name',
    render: (_, s) => (
      <div style={{ display: 'grid', gap: 4 }}>
        {nameLink(s)}
        <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{s.ownerName}</Typography.Text>
          <SharedTag shared={s.shared} />
          <ScenarioStatusTag status={s.status} />
        </div>
      </div>
    ),
  },
  { title: 'Changes', dataIndex: 'changeCount', key: 'changes', align: 'right' },
];

/** Scenarios: drafts of planning changes, each folded on the live plan until it is published. */
export default function ScenariosPage() {
  // The lists too, though the screen shows none of them: the live connection starts from their position.
  useScreenData();
  const profile = useProfile();
  const mobile = useIsMobile();
  const role = profile.data?.role;
  const navigate = useNavigate();
  const list = useScenarioQuery(listScenarios, {});
  const [state, send] = useMachine(
    useMemo(
      () =>
        newScenarioMachine.provide({
          actors: { create: fromPromise(({ input }) => scenariosApi.create(input)) },
          actions: { created: (_, { id }) => void navigate(`/scenarios/${id}`) },
        }),
      [navigate],
    ),
  );

  const [resolving, sendResolve] = useMachine(
    useMemo(
      () =>
        resolveOverloadsMachine.provide({
          actors: { resolve: fromPromise(({ input }) => scenariosApi.resolve(resolveBody(input))) },
          actions: { opened: (_, { id }) => void navigate(`/scenarios/${id}`) },
        }),
      [navigate],
    ),
  );

  if (role && !canReadScenarios(role)) {
    return <Result status="403" title="Scenarios are for managers and auditors" />;
  }
  const isManager = role === 'manager';
  const rows = list.data ?? [];
  const newButton = isManager ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => send({ type: 'OPEN' })} data-testid="new-scenario">
      New scenario
    </Button>
  ) : null;
  // The next twelve weeks by default: what "overloaded in the next weeks" looks at.
  const openResolve = () => sendResolve({ type: 'OPEN', from: dayjs().format('YYYY-MM-DD'), to: dayjs().add(12, 'week').format('YYYY-MM-DD') });
  const resolveButton = isManager ? (
    <Button icon={<ThunderboltOutlined />} onClick={openResolve} data-testid="resolve-overloads">
      Resolve overloads
    </Button>
  ) : null;

  return (
    <div>
      <PageHeader
        title="Scenarios"
        subtitle="Draft planning changes on top of the live plan, compare them week by week, and publish them in one go"
        extra={isManager ? <Space wrap>{resolveButton}{newButton}</Space> : null}
      />
      <LoadErrors errors={[list.error]} />
      <SectionCard title="All scenarios" subtitle={isManager ? 'Yours, and the ones other managers shared' : 'The ones managers shared'} testId="scenario-list">
        <DataTable<ScenarioSummary>
          dataSource={rows}
          loading={list.loading && list.data === null}
          empty={
            <EmptyState
              icon={<ExperimentOutlined />}
              title="No scenarios yet"
              hint={isManager ? 'Start one to try out a plan (win a deal, move people) without touching the live plan.' : 'Managers can share scenarios with you; none are shared yet.'}
              action={newButton}
            />
          }
          columns={mobile ? compactColumns : columns}
        />
      </SectionCard>
      <ResolveOverloadsDialog state={resolving.value as 'closed' | 'editing' | 'solving' | 'result'} context={resolving.context} send={sendResolve} />
      <NewScenarioDialog open={!state.matches('closed')} submitting={state.matches('submitting')} context={state.context} send={send} />
    </div>
  );
}
