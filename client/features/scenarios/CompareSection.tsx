import { LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, DatePicker, Empty, Select, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { mondayOfDate, todayDate, weekLabel } from '../../lib/weeks.ts';
import { forecastRange, forecastSpans, forecastWindowMachine, startsThisWeek } from '../../machines/forecastWindow.machine.ts';
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
  const { weeks } = state.context;
  const compare = useScenarioQuery(fetchCompare, { id: scenarioId, ...range, version });
  const data = compare.data;
  const rows = useMemo(() => (data ? compareRows(data.periods) : []), [data]);
  const points = useMemo(() => (data ? chartPoints(data.periods) : []), [data]);
  const when = startsThisWeek(state.context) ? `the next ${weeks} weeks` : `${weeks} weeks from ${weekLabel(range.from)}`;

  const controls = (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <DatePicker
        picker="week"
        size="small"
        allowClear={false}
        value={dayjs(range.from)}
        format={(value) => `From ${weekLabel(mondayOfDate(value.format('YYYY-MM-DD')))}`}
        onChange={(day) => day && send({ type: 'SET_START', date: day.format('YYYY-MM-DD') })}
        aria-label="First week"
        data-testid="compare-start"
      />
      <Select
        size="small"
        value={weeks}
        options={forecastSpans.map((span) => ({ value: span, label: `${span} weeks` }))}
        onChange={(value: number) => send({ type: 'SET_WEEKS', weeks: value })}
        aria-label="Weeks"
        style={{ width: 104 }}
        data-testid="compare-weeks"
      />
      {!startsThisWeek(state.context) ? <Button size="small" onClick={() => send({ type: 'THIS_WEEK' })}>This week</Button> : null}
    </div>
  );

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
