import { DownloadOutlined, FundOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { Alert, Button, Col, Row, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { InTurn } from '../../components/InTurn.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { WeekWindowControls, windowPhrase } from '../../components/WeekWindowControls.tsx';
import { csvText, downloadText } from '../../lib/csv.ts';
import { todayDate } from '../../lib/weeks.ts';
import { forecastRange, forecastWindowMachine } from '../../machines/forecastWindow.machine.ts';
import { useCapacity } from '../planning/index.ts';
import { forecastChartData, forecastColors, forecastCsvRows, forecastFilename, forecastHeadline, forecastSummary, overloadedInRange } from './forecast.ts';
import { OverloadedSoon } from './OverloadedSoon.tsx';
import { textColors } from '../../components/palette.ts';

// The charts library is big: it loads in its own chunk, after the rest of the report has drawn.
const ForecastChart = lazy(() => import('./ForecastChart.tsx'));

const today = () => todayDate(new Date());
const chartFallback = <Skeleton.Node active style={{ width: '100%', height: 300 }} />;

function Legend() {
  const items = [...(['Confirmed', 'Tentative', 'Placeholders'] as const).map((s) => [s, forecastColors[s], 'square'] as const), ['Capacity', forecastColors.Capacity, 'line'] as const];
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 14, marginBottom: 8, fontSize: 12, color: textColors.label }}>
      {items.map(([label, color, shape]) => (
        <span key={label} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: shape === 'line' ? 16 : 10, height: shape === 'line' ? 3 : 10, borderRadius: shape === 'line' ? 2 : 3, background: color, display: 'inline-block' }} />
          {label}
        </span>
      ))}
    </div>
  );
}

/**
 * The forecast on the Report: capacity against confirmed, tentative and placeholder demand per week
 * over a chosen range (the next 12 weeks by default), who is overloaded in it, and the grid as CSV.
 */
export function ForecastSection() {
  const [state, send] = useMachine(forecastWindowMachine, { input: { today } });
  const range = forecastRange(state.context);
  const grid = useCapacity({ ...range, step: 'week', sort: 'peak' });
  const data = grid.data;
  const chart = useMemo(() => (data ? forecastChartData(data.totals) : null), [data]);
  const headline = useMemo(() => (data ? forecastHeadline(forecastSummary(data.totals)) : null), [data]);
  const overloaded = useMemo(() => (data ? overloadedInRange(data.rows) : null), [data]);
  const when = windowPhrase(state.context);

  const controls = (
    <WeekWindowControls context={state.context} send={send} testIdPrefix="forecast">
      <Button
        size="small"
        icon={<DownloadOutlined />}
        disabled={!data}
        onClick={() => data && downloadText(forecastFilename(data), csvText(forecastCsvRows(data)))}
        data-testid="forecast-csv"
      >
        CSV
      </Button>
    </WeekWindowControls>
  );

  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="forecast">
      <Col xs={24} xl={15}>
        <SectionCard title="Forecast" subtitle={`Capacity against demand per week, ${when}`} icon={<FundOutlined />} extra={controls} testId="forecast-chart">
          {grid.error ? (
            <Alert type="error" showIcon title={`The forecast could not be loaded: ${grid.error}`} action={<Button size="small" icon={<ReloadOutlined />} onClick={grid.retry}>Retry</Button>} />
          ) : null}
          <Legend />
          {headline ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginBottom: 4 }} data-testid="forecast-summary">
              {headline}
            </Typography.Text>
          ) : null}
          {!chart ? (
            chartFallback
          ) : chart.capacity.length === 0 ? (
            <EmptyState icon={<FundOutlined />} title="No weeks to show" />
          ) : (
            <Suspense fallback={chartFallback}>
              <InTurn fallback={chartFallback}>
                <div style={{ opacity: grid.loading ? 0.6 : 1 }}>
                  <ForecastChart demand={chart.demand} capacity={chart.capacity} />
                </div>
              </InTurn>
            </Suspense>
          )}
        </SectionCard>
      </Col>
      <Col xs={24} xl={9}>
        <SectionCard
          title={`Overloaded in ${when}`}
          subtitle={overloaded ? `${overloaded.length} ${overloaded.length === 1 ? 'engineer' : 'engineers'} over capacity on some day, worst first` : 'Loading...'}
          icon={<WarningOutlined />}
          testId="overloaded-soon"
        >
          <div style={{ maxHeight: 460, overflowY: 'auto', marginRight: -8, paddingRight: 8 }}>
            <OverloadedSoon people={overloaded} weeks={state.context.weeks} />
          </div>
        </SectionCard>
      </Col>
    </Row>
  );
}
