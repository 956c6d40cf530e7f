import { LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Empty, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { WeekWindowControls, windowPhrase } from '../../components/WeekWindowControls.tsx';
import { todayDate } from '../../lib/weeks.ts';
import { forecastRange, forecastWindowMachine } from '../../machines/forecastWindow.machine.ts';
import { chartPoints, compareRows } from './compareRows.ts';
import { CompareTable } from './CompareTable.tsx';
import { scenariosApi } from './scenariosApi.ts';
import { useScenarioQuery } from './useScenarioQuery.ts';

const UtilizationChart = lazy(() => import('./UtilizationChart.tsx'));
const today = () => todayDate(new Date());

type Params = { id: string; from: string; to: string; version: number };
/** `version` is not sent: a new version of the scenario (a change drafted or undone) only makes it ask again. */
const fetchCompare = ({ id, from, to }: Params, signal: AbortSignal) => scenariosApi.compare(id, { from, to, step: 'week' }, signal);

/** The scenario against the live plan over a window of weeks: the utilisation table, a chart, and whose status changes. */
export function CompareSection({ scenarioId, version, mobile }: { scenarioId: string; version: number; mobile: boolean }) {
  const [state, send] = useMachine(forecastWindowMachine, { input: { today } });
  const range = forecastRange(state.context);
  const compare = useScenarioQuery(fetchCompare, { id: scenarioId, ...range, version });
  const data = compare.data;
  const rows = useMemo(() => (data ? compareRows(data.periods) : []), [data]);
  const points = useMemo(() => (data ? chartPoints(data.periods) : []), [data]);
  const when = windowPhrase(state.context);
  const controls = <WeekWindowControls context={state.context} send={send} testIdPrefix="compare" />;

  return (
    <SectionCard
      title="Compare with the live plan"
      subtitle={`Utilisation per week over ${when}: booked (confirmed) work against capacity, in person-days`}
      icon={<LineChartOutlined />}
      extra={controls}
      testId="scenario-compare"
      style={{ height: 'auto' }}
    >
      {compare.error ? (
        <Alert type="error" showIcon title={compare.error} action={<Button size="small" icon={<ReloadOutlined />} onClick={compare.retry}>Retry</Button>} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="compare-ready" data-loading={String(compare.loading)}>
          <div>
            <Typography.Title level={5} style={{ margin: '0 0 8px' }}>Whose status changes</Typography.Title>
            {data.statusChanges.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nobody's status changes in this window" style={{ margin: 0 }} />
            ) : (
              <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="status-changes">
                {data.statusChanges.map((change) => (
                  <li key={`${change.engineerId}-${change.first}`} data-role="status-change" style={{ overflowWrap: 'anywhere' }}>
                    {change.sentence}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
            <div data-testid="compare-chart">
              <UtilizationChart points={points} height={mobile ? 200 : 240} />
            </div>
          </Suspense>
          <CompareTable rows={rows} mobile={mobile} />
        </div>
      )}
    </SectionCard>
  );
}
