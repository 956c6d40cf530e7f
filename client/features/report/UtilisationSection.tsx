import { ArrowLeftOutlined, DownloadOutlined, LineChartOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Segmented, Select, Skeleton, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ReportGrouping, ReportStep } from '../../../domain/reports/inputs.ts';
import type { UtilisationGroup, UtilisationReport } from '../../../domain/reports/utilisation.ts';
import { InTurn } from '../../components/InTurn.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorMessage } from '../../lib/api.ts';
import { downloadText } from '../../lib/csv.ts';
import { fetchUtilisation, fetchUtilisationCsv, type UtilisationAsk } from './reportsApi.ts';
import { todayDate } from '../../lib/weeks.ts';
import { useNow } from '../../stores/useNow.ts';
import {
  bandData, drillAsk, fteOf, groupBars, MAX_GROUP_BARS, overall, reportPresets, reportViewOf, scheduleLink, searchOfReport, trendData, type ReportView,
} from './reportView.ts';

// The charts library loads in its own chunk, after the table has drawn.
const TrendChart = lazy(() => import('./UtilisationCharts.tsx').then((m) => ({ default: m.TrendChart })));
const GroupBarsChart = lazy(() => import('./UtilisationCharts.tsx').then((m) => ({ default: m.GroupBarsChart })));
const BandsChart = lazy(() => import('./UtilisationCharts.tsx').then((m) => ({ default: m.BandsChart })));

const groupings: { value: ReportGrouping; label: string }[] = [
  { value: 'team', label: 'Team' }, { value: 'role', label: 'Role' }, { value: 'skill', label: 'Skill' }, { value: 'seniority', label: 'Seniority' }, { value: 'person', label: 'Person' },
];
const steps: { value: ReportStep; label: string }[] = [
  { value: 'day', label: 'Day' }, { value: 'week', label: 'Week' }, { value: 'month', label: 'Month' }, { value: 'quarter', label: 'Quarter' },
];

const days = (value: number) => `${(Math.round(value * 10) / 10).toLocaleString('en-US')} d`;
const hoursText = (value: number | undefined) => (value === undefined ? '–' : `${(Math.round(value * 10) / 10).toLocaleString('en-US')} h`);
const percentText = (value: number | null) => (value === null ? '–' : `${value}%`);
/** Whole person-days, grouped by thousands as the other columns are (a large organisation's run past 1,000). */
const wholeDays = (value: number) => `${value.toLocaleString('en-US')} d`;

type Loaded = { ask: string; report: UtilisationReport | null; error: string | null };

/** One answer of the utilisation query for `ask`, asked again when it changes. */
function useUtilisation(ask: UtilisationAsk | null): Loaded & { loading: boolean } {
  const key = ask ? JSON.stringify(ask) : '';
  const [loaded, setLoaded] = useState<Loaded>({ ask: '', report: null, error: null });
  useEffect(() => {
    if (!ask) return;
    const abort = new AbortController();
    fetchUtilisation(ask, abort.signal).then(
      (report) => setLoaded({ ask: key, report, error: null }),
      (e: unknown) => abort.signal.aborted || setLoaded({ ask: key, report: null, error: errorMessage(e) }),
    );
    return () => abort.abort();
    // The key says the ask: a new object with the same fields asks nothing again.
  }, [key]);
  return { ...loaded, loading: Boolean(ask) && loaded.ask !== key };
}

type Row = { key: string; label: string; people: number; group: UtilisationGroup; figures: ReturnType<typeof overall> };
const rowsOf = (report: UtilisationReport | null): Row[] => (report?.groups ?? []).map((group) => ({ key: group.key, label: group.label, people: group.people, group, figures: overall(group.periods) }));

function FiguresTable({ rows, report, loading, testId, name }: { rows: Row[]; report: UtilisationReport | null; loading: boolean; testId: string; name: (row: Row) => React.ReactNode }) {
  const periods = report?.periods ?? [];
  const totals = report ? overall(report.totals.periods) : null;
  return (
    <Table<Row>
      size="small"
      rowKey="key"
      loading={loading}
      dataSource={rows}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      columns={[
        { title: 'Group', key: 'label', render: (_, row) => name(row), sorter: (a, b) => a.label.localeCompare(b.label) },
        { title: 'People', key: 'people', align: 'right', render: (_, row) => row.people, sorter: (a, b) => a.people - b.people },
        { title: 'Capacity', key: 'capacity', align: 'right', render: (_, row) => <span title={`${fteOf(row.figures.capacity, periods)} FTE`}>{days(row.figures.capacity)}</span>, sorter: (a, b) => a.figures.capacity - b.figures.capacity },
        { title: 'FTE', key: 'fte', align: 'right', render: (_, row) => fteOf(row.figures.capacity, periods) },
        { title: 'Booked', key: 'booked', align: 'right', render: (_, row) => days(row.figures.booked), sorter: (a, b) => a.figures.booked - b.figures.booked },
        { title: 'Utilisation', key: 'utilisation', align: 'right', render: (_, row) => percentText(row.figures.utilisation), sorter: (a, b) => (a.figures.utilisation ?? -1) - (b.figures.utilisation ?? -1) },
        { title: 'Tentative', key: 'tentative', align: 'right', render: (_, row) => days(row.figures.tentative) },
        { title: 'Open roles', key: 'demand', align: 'right', render: (_, row) => days(row.figures.demand) },
        { title: 'Bench', key: 'bench', align: 'right', render: (_, row) => days(row.figures.bench), sorter: (a, b) => a.figures.bench - b.figures.bench },
        { title: 'Overloaded', key: 'overloaded', align: 'right', render: (_, row) => wholeDays(row.figures.overloadedPersonDays), sorter: (a, b) => a.figures.overloadedPersonDays - b.figures.overloadedPersonDays },
        { title: 'Planned', key: 'planned', align: 'right', render: (_, row) => hoursText(row.figures.plannedHours) },
        { title: 'Actual', key: 'actual', align: 'right', render: (_, row) => hoursText(row.figures.actualHours) },
      ]}
      summary={() =>
        totals && report ? (
          <Table.Summary.Row data-testid={`${testId}-totals`}>
            <Table.Summary.Cell index={0}><strong>Total</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">{report.totals.people}</Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">{days(totals.capacity)}</Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">{fteOf(totals.capacity, periods)}</Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">{days(totals.booked)}</Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">{percentText(totals.utilisation)}</Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">{days(totals.tentative)}</Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">{days(totals.demand)}</Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">{days(totals.bench)}</Table.Summary.Cell>
            <Table.Summary.Cell index={9} align="right">{wholeDays(totals.overloadedPersonDays)}</Table.Summary.Cell>
            <Table.Summary.Cell index={10} align="right">{hoursText(totals.plannedHours)}</Table.Summary.Cell>
            <Table.Summary.Cell index={11} align="right">{hoursText(totals.actualHours)}</Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

const chartFallback = (height: number) => <Skeleton.Node active style={{ width: '100%', height }} />;

/**
 * Utilisation over any range, past or future (GET /api/reports/utilisation): the range with presets
 * that say their dates, the step and the grouping, a table of groups with their totals, drill from a
 * group to its people and from a person to the schedule, the trend past and forecast in one line, the
 * groups' load, and the CSV of the same answer. The view lives in the URL.
 */
export function UtilisationSection() {
  const now = useNow();
  const today = todayDate(now);
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => reportViewOf(params, today), [params, today]);
  const setView = (change: Partial<ReportView>) => setParams(searchOfReport({ ...view, ...change }), { replace: false });
  const presets = useMemo(() => reportPresets(today), [today]);
  const preset = presets.find((p) => p.from === view.from && p.to === view.to);

  const ask = useMemo<UtilisationAsk>(() => ({ from: view.from, to: view.to, step: view.step, groupBy: view.groupBy }), [view.from, view.to, view.step, view.groupBy]);
  const groups = useUtilisation(ask);
  const drilled = view.drill === null ? null : (groups.report?.groups.find((g) => g.key === view.drill) ?? null);
  const people = useUtilisation(drilled && view.groupBy !== 'person' ? drillAsk(view, drilled) : null);
  const shown = drilled ? people : groups;
  const report = shown.report;

  const rows = useMemo(() => rowsOf(groups.report), [groups.report]);
  const peopleRows = useMemo(() => rowsOf(people.report), [people.report]);
  const trend = useMemo(() => (report ? trendData(report.periods, report.totals.periods) : []), [report]);
  const chartGroups = report?.groups.filter((g) => g.people > 0) ?? [];
  const asBars = chartGroups.length <= MAX_GROUP_BARS;
  // chartGroups is a new array each render but follows from the report alone: the report keys them.
  const bars = useMemo(() => (asBars ? groupBars(chartGroups) : []), [report, asBars]);
  const bands = useMemo(() => (asBars ? [] : bandData(chartGroups)), [report, asBars]);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportCsv = () => {
    const csvAsk = drilled && view.groupBy !== 'person' ? drillAsk(view, drilled) : ask;
    setExporting(true);
    fetchUtilisationCsv(csvAsk).then(
      (text) => {
        downloadText(`utilisation-${csvAsk.groupBy}-${view.from}-${view.to}-${view.step}.csv`, text);
        setExportError(null);
      },
      (e: unknown) => setExportError(errorMessage(e)),
    ).finally(() => setExporting(false));
  };

  // A person's row is keyed by their id: the link opens them alone, whoever shares their name. Open
  // roles have no one to open.
  const personLink = (row: Row) => row.people === 0 ? row.label : (
    <Link to={scheduleLink({ _id: row.key, name: row.label }, view.from, view.to)} data-testid="report-person-link">{row.label}</Link>
  );
  const groupName = (row: Row) =>
    view.groupBy === 'person' ? personLink(row) : row.people > 0 ? (
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setView({ drill: row.key })} data-testid="report-drill">{row.label}</Button>
    ) : row.label;
  const groupingLabel = groupings.find((g) => g.value === view.groupBy)!.label.toLowerCase();
  const noun = drilled || view.groupBy === 'person' ? 'People' : `${groupings.find((g) => g.value === view.groupBy)!.label}s`;

  return (
    <SectionCard
      title="Utilisation over a range"
      subtitle="Capacity, booked work, bench and open roles in person-days, past and forecast; planned beside actual hours for what has passed"
      icon={<LineChartOutlined />}
      testId="utilisation-report"
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 300, maxWidth: '100%' }}
          value={preset?.name ?? 'custom'}
          onChange={(name) => {
            const chosen = presets.find((p) => p.name === name);
            if (chosen) setView({ from: chosen.from, to: chosen.to, drill: null });
          }}
          options={[...presets.map((p) => ({ value: p.name, label: p.label })), ...(preset ? [] : [{ value: 'custom', label: 'Custom range' }])]}
          aria-label="Range"
          data-testid="report-preset"
        />
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(view.from), dayjs(view.to)]}
          onChange={(values) => values?.[0] && values[1] && setView({ from: values[0].format('YYYY-MM-DD'), to: values[1].format('YYYY-MM-DD'), drill: null })}
          aria-label="Report days"
          data-testid="report-range"
        />
        <Segmented<ReportStep> value={view.step} onChange={(step) => setView({ step })} options={steps} data-testid="report-step" />
        <Select<ReportGrouping> style={{ width: 150 }} value={view.groupBy} onChange={(groupBy) => setView({ groupBy, drill: null })} options={groupings.map((g) => ({ value: g.value, label: `By ${g.label.toLowerCase()}` }))} aria-label="Group by" data-testid="report-group-by" />
        <Button icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting} disabled={!report} data-testid="report-export">Export CSV</Button>
      </Space>
      {shown.error ? <Alert type="error" title={shown.error} style={{ marginBottom: 12 }} /> : null}
      {exportError ? <Alert type="error" title={exportError} style={{ marginBottom: 12 }} /> : null}

      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(360px, 100%), 1fr))', gap: 16, marginBottom: 16 }}>
        <div data-testid="report-trend-chart">
          <Typography.Text strong>Utilisation per {view.step}, past and forecast</Typography.Text>
          {trend.length === 0 ? chartFallback(280) : (
            <Suspense fallback={chartFallback(280)}>
              <InTurn fallback={chartFallback(280)}><TrendChart data={trend} /></InTurn>
            </Suspense>
          )}
        </div>
        <div data-testid="report-groups-chart">
          <Typography.Text strong>{asBars ? `${noun}: booked, tentative and bench over the range` : `${noun} by utilisation over the range`}</Typography.Text>
          {!report ? chartFallback(280) : (
            <Suspense fallback={chartFallback(280)}>
              <InTurn fallback={chartFallback(280)}>
                {asBars ? <GroupBarsChart data={bars} height={Math.max(200, Math.min(560, 60 + chartGroups.length * 26))} /> : <BandsChart data={bands} noun={noun} />}
              </InTurn>
            </Suspense>
          )}
        </div>
      </div>

      {drilled && view.groupBy !== 'person' ? (
        <div data-testid="report-drilled">
          <Space style={{ marginBottom: 8 }}>
            <Button icon={<ArrowLeftOutlined />} size="small" onClick={() => setView({ drill: null })} data-testid="report-drill-back">All {groupingLabel}s</Button>
            <Typography.Text strong data-testid="report-drilled-title">People in {drilled.label}</Typography.Text>
          </Space>
          <FiguresTable rows={peopleRows} report={people.report} loading={people.loading} testId="report-people-table" name={personLink} />
        </div>
      ) : (
        <FiguresTable rows={rows} report={groups.report} loading={groups.loading} testId="report-groups-table" name={groupName} />
      )}
    </SectionCard>
  );
}
