// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, Engineer, Project } from '../../../domain/entities.ts';
import { answerCapacityQuery, capacityQueryInput, inShape } from '../../../domain/capacity/index.ts';
import { resetAll } from '../../stores/plan.ts';
import { MemoryRouter } from 'react-router';
import { utilisationQueryInput, utilisationReport } from '../../../domain/reports/index.ts';
import ReportPage from './ReportPage.tsx';

// The page also draws the utilisation section (its table and pickers): in happy-dom on a busy machine the
// charts below it come seconds after the first paint, not within the default second.
configure({ asyncUtilTimeout: 15_000 });

// Charts draw on canvas: capture their props instead.
const chartProps: Record<string, Record<string, unknown>> = {};
vi.mock('@ant-design/charts', () => ({
  Column: (props: Record<string, unknown>) => {
    chartProps.column = props;
    return <div data-testid="column-chart" />;
  },
  Pie: (props: Record<string, unknown>) => {
    chartProps.pie = props;
    return <div data-testid="pie-chart" />;
  },
  Line: (props: Record<string, unknown>) => {
    chartProps.trend = props;
    return <div data-testid="trend-line" />;
  },
  Bar: (props: Record<string, unknown>) => {
    chartProps.groupBars = props;
    return <div data-testid="group-bars" />;
  },
  DualAxes: (props: Record<string, unknown>) => {
    chartProps.forecast = props;
    return <div data-testid="forecast-dual-axes" />;
  },
}));

const day = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset * day).toISOString();
const engineers: Engineer[] = [
  { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test', department: 'Platform', skills: ['Go'], seniority: 'senior', maxCapacity: 100, version: 1 },
  { _id: 'e2', name: 'Ben Ode', email: 'ben@x.test', department: 'Data', skills: ['Python'], seniority: 'junior', maxCapacity: 50, version: 1 },
];
const projects: Project[] = [
  { _id: 'p1', name: 'Atlas', description: 'Atlas description', startDate: iso(-30), endDate: iso(30), teamSize: 3, requiredSkills: ['Go', 'AWS'], status: 'active', managerId: 'm', tentative: false, version: 1 },
  { _id: 'p2', name: 'Beacon', description: 'Beacon description', startDate: iso(10), endDate: iso(60), teamSize: 2, requiredSkills: ['Python'], status: 'planning', managerId: 'm', tentative: false, version: 1 },
];
const assignments: Assignment[] = [
  { _id: 'a1', engineerId: { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test' }, projectId: { _id: 'p1', name: 'Atlas', status: 'active' }, role: 'Lead', allocationPercentage: 130, startDate: iso(-10), endDate: iso(20), version: 1 },
];

/** What the mocked API answers; a test may swap in a larger team. */
let served = { engineers, assignments, projects };

beforeEach(() => {
  resetAll();
  served = { engineers, assignments, projects };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      // The forecast's grid: what the server would answer for this plan (the same pure query).
      if (url.startsWith('/api/capacity?')) {
        const query = capacityQueryInput.parse(Object.fromEntries(new URLSearchParams(url.split('?')[1])));
        return new Response(JSON.stringify(inShape(answerCapacityQuery({ engineers: served.engineers, assignments: served.assignments }, query, 'UTC'), query.shape)), { status: 200 });
      }
      // The utilisation report: what the server would answer (the same pure report), today as the browser has it.
      if (url.startsWith('/api/reports/utilisation?')) {
        const query = utilisationQueryInput.parse(Object.fromEntries(new URLSearchParams(url.split('?')[1])));
        const facts = { engineers: served.engineers, assignments: served.assignments, assignmentRoles: new Map(), openRoles: new Map(), actuals: [] };
        const today = new Date().toISOString().slice(0, 10);
        return new Response(JSON.stringify(utilisationReport(facts, query, { timeZone: 'UTC', today, hoursPerDay: 8 })), { status: 200 });
      }
      const body = url.endsWith('/engineers') ? served.engineers : url.endsWith('/assignments') ? served.assignments : url.endsWith('/projects') ? served.projects : { _id: 'm', name: 'M', email: 'm@x', role: 'manager', department: 'D' };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Reports & Analytics', () => {
  it('draws both charts with the spec\'s axes, colours, maximum and tooltips', async () => {
    render(<ReportPage />, { wrapper: MemoryRouter });
    await screen.findByTestId('column-chart');
    await screen.findByTestId('pie-chart');
    const column = chartProps.column!;
    const data = column.data as { name: string; series: string; value: number; color: string }[];
    expect(data.map((d) => [d.name, d.series, d.value, d.color])).toEqual([
      ['Ana Lopez', 'Current Allocation', 130, '#ef4444'],
      ['Ana Lopez', 'Max Capacity', 100, '#9ca3af'],
      ['Ben Ode', 'Current Allocation', 0, '#3b82f6'],
      ['Ben Ode', 'Max Capacity', 50, '#9ca3af'],
    ]);
    const axis = column.axis as { y: { title: string; labelFormatter: (v: number) => string }; x: { title: string } };
    expect(axis.y.title).toBe('Allocation Percentage (%)');
    expect(axis.x.title).toBe('Engineers');
    expect(axis.y.labelFormatter(40)).toBe('40%');
    expect((column.scale as { y: { domainMin: number; domainMax: number } }).y).toMatchObject({ domainMin: 0, domainMax: 150 });
    const items = (column.tooltip as { items: ((d: unknown) => { name: string; value: unknown })[] }).items.map((item) => item(data[0]));
    expect(items).toEqual([
      { name: 'Current Allocation', value: '130%', color: '#ef4444' },
      { name: 'Load', value: '130%' },
      { name: 'Seniority', value: 'Senior' },
      { name: 'Status', value: 'Overloaded' },
      { name: 'Active Projects', value: 1 },
    ]);
    const pie = chartProps.pie!;
    const slices = pie.data as { label: string; value: number; percent: string }[];
    expect(slices.map((s) => [s.label, s.value, s.percent])).toEqual([
      ['Active Projects', 1, '50.0'],
      ['Planning Projects', 1, '50.0'],
    ]);
    expect((pie.scale as { color: { range: string[] } }).color.range).toEqual(['#22c55e', '#eab308', '#3b82f6']);
  });

  it('shows the cards, Utilization Analysis with Critical Issues and the Project Timeline', async () => {
    render(<ReportPage />, { wrapper: MemoryRouter });
    await waitFor(() => expect(screen.getByTestId('critical-issues').textContent).toContain('Ana Lopez'));
    expect(screen.getByText('Team Performance')).toBeTruthy();
    expect(screen.getByTestId('card-overloaded-engineers').textContent).toContain('Need attention');
    expect(screen.getByTestId('critical-load').textContent).toBe('130%');
    expect(screen.getByTestId('critical-issues').textContent).toContain('130% allocated of 100%');
    const analysis = screen.getByTestId('utilization-analysis');
    expect(within(analysis).getByText('50-100% capacity')).toBeTruthy();
    expect(within(analysis).getByText('>100% capacity')).toBeTruthy();
    expect(within(analysis).getByText('<50% capacity')).toBeTruthy();
    const timeline = screen.getByTestId('project-timeline');
    expect(timeline.textContent).toContain('Team size: 3 • Skills: Go, AWS');
  });

  it('names a part-timer overloaded by their load, with the allocation beside it labelled', async () => {
    // Ben works half time and has 60 % booked: 120 % of his capacity, as the dashboard and the schedule say.
    served = { engineers, projects, assignments: [{ ...assignments[0]!, _id: 'a2', engineerId: { _id: 'e2', name: 'Ben Ode', email: 'ben@x.test' }, allocationPercentage: 60 }] };
    render(<ReportPage />, { wrapper: MemoryRouter });
    await waitFor(() => expect(screen.getByTestId('critical-issues').textContent).toContain('Ben Ode'));
    expect(screen.getByTestId('critical-load').textContent).toBe('120%');
    expect(screen.getByTestId('critical-issues').textContent).toContain('Overloaded · 60% allocated of 50%');
    expect(screen.getByTestId('critical-issues').textContent).not.toContain('60% / 50%');
    await screen.findByTestId('column-chart');
    const ben = (chartProps.column!.data as { name: string; series: string; load: string }[]).find((d) => d.name === 'Ben Ode' && d.series === 'Current Allocation');
    expect(ben?.load).toBe('120%');
  });

  it('with a large team: Critical Issues shows the 20 most overloaded with Show all, and the chart a page of 24 highest allocation first', async () => {
    // 30 engineers: #0-#24 overloaded, #k at 101 + k (so #24 is the most overloaded), #25-#29 idle.
    const team = Array.from({ length: 30 }, (_, k) => ({ ...engineers[0]!, _id: `t${k}`, name: `Member ${String(k).padStart(2, '0')}`, email: `t${k}@x.test` }));
    served = {
      engineers: team,
      projects,
      assignments: team.slice(0, 25).map((e, k) => ({
        ...assignments[0]!, _id: `ta${k}`, engineerId: { _id: e._id, name: e.name, email: e.email }, allocationPercentage: 101 + k,
      })),
    };
    render(<ReportPage />, { wrapper: MemoryRouter });
    const issues = await screen.findByTestId('critical-issues-list');
    await waitFor(() => expect(issues.textContent).toContain('Member 24'));
    const shown = () => [...issues.textContent!.matchAll(/Member (\d\d)/g)].map((m) => Number(m[1]));
    expect(shown()).toEqual(Array.from({ length: 20 }, (_, i) => 24 - i));
    expect(issues.textContent).toContain('Showing 20 of 25, most overloaded first');
    fireEvent.click(within(issues).getByRole('button', { name: 'Show all (25)' }));
    await waitFor(() => expect(within(issues).getByRole('button', { name: 'Show fewer' })).toBeTruthy());
    expect(shown()[0]).toBe(24);

    const chart = () => [...new Set((chartProps.column!.data as { name: string }[]).map((d) => d.name))];
    await screen.findByTestId('column-chart');
    expect(chart()).toHaveLength(24);
    expect(chart().slice(0, 3)).toEqual(['Member 24', 'Member 23', 'Member 22']);
    const pager = screen.getByTestId('chart-pager');
    expect(pager.textContent).toContain('Engineers 1-24 of 30');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next engineers' }));
    await waitFor(() => expect(chart()).toHaveLength(6));
    expect(chart()).toEqual(['Member 00', 'Member 25', 'Member 26', 'Member 27', 'Member 28', 'Member 29']);
    expect(screen.getByTestId('chart-pager').textContent).toContain('Engineers 25-30 of 30');
  });

  it('orders the chart by the allocation its bars draw, part-timers among full-timers', async () => {
    // 30 engineers, #k at 100 + 10k %; the first ten work half time, so their load against capacity is
    // the highest (#9: 190 of 50) though their bars are among the shortest.
    const team = Array.from({ length: 30 }, (_, k) => ({
      ...engineers[0]!, _id: `t${k}`, name: `Member ${String(k).padStart(2, '0')}`, email: `t${k}@x.test`, maxCapacity: k < 10 ? 50 : 100,
    }));
    served = {
      engineers: team,
      projects,
      assignments: team.map((e, k) => ({ ...assignments[0]!, _id: `ta${k}`, engineerId: { _id: e._id, name: e.name, email: e.email }, allocationPercentage: 100 + 10 * k })),
    };
    render(<ReportPage />, { wrapper: MemoryRouter });
    await screen.findByTestId('column-chart');
    const bars = () => (chartProps.column!.data as { name: string; series: string; value: number }[]).filter((d) => d.series === 'Current Allocation');
    await waitFor(() => expect(bars()).toHaveLength(24));
    expect(bars().map((d) => d.value)).toEqual(Array.from({ length: 24 }, (_, i) => 390 - 10 * i));
    expect(bars()[0]!.name).toBe('Member 29');
    expect(screen.getByTestId('utilization-chart').textContent).toContain('highest allocation first');
    fireEvent.click(within(screen.getByTestId('chart-pager')).getByRole('button', { name: 'Next engineers' }));
    await waitFor(() => expect(bars().map((d) => d.name)).toEqual(['Member 05', 'Member 04', 'Member 03', 'Member 02', 'Member 01', 'Member 00']));
  });

  it('forecasts the next 12 weeks: capacity against demand, and who is overloaded when, worst first', async () => {
    render(<ReportPage />, { wrapper: MemoryRouter });
    await screen.findByTestId('forecast-dual-axes');
    const forecast = chartProps.forecast as { children: { data: { week: string }[] }[] };
    expect(forecast.children[0]!.data).toHaveLength(12 * 3);
    expect(forecast.children[1]!.data).toHaveLength(12);
    const overloaded = screen.getByTestId('overloaded-soon');
    expect(overloaded.textContent).toContain('Overloaded in the next 12 weeks');
    await waitFor(() => expect(within(overloaded).getByText('Ana Lopez')).toBeTruthy());
    expect(overloaded.textContent).toContain('130%');
    expect(overloaded.textContent).not.toContain('Ben Ode');
  });

  it('utilisation over a range: this quarter by team, drill into a team, its people linked to the schedule over the range', async () => {
    render(<ReportPage />, { wrapper: MemoryRouter });
    const table = await screen.findByTestId('report-groups-table');
    await waitFor(() => expect(within(table).getByText('Platform')).toBeTruthy());
    expect(within(table).getByText('Data')).toBeTruthy();
    // The trend draws every period of the range, past and forecast in one line.
    await waitFor(() => expect(chartProps.trend).toBeTruthy());
    const trend = chartProps.trend!.data as { series: string }[];
    expect(new Set(trend.map((d) => d.series))).toEqual(new Set(['Past', 'Forecast']));
    expect((screen.getByTestId('report-preset').textContent ?? '')).toMatch(/^This quarter: \w{3} \d{2} - \w{3} \d{2}$/);
    fireEvent.click(within(table).getByText('Platform'));
    const people = await screen.findByTestId('report-people-table');
    const link = await within(people).findByText('Ana Lopez');
    // Ana herself (her id), her name in the search: a namesake elsewhere would not show beside her.
    expect(link.getAttribute('href')).toMatch(/^\/capacity\?from=\d{4}-\d{2}-\d{2}&weeks=\d+&q=Ana\+Lopez&engineer=e1$/);
    expect(within(people).queryByText('Ben Ode')).toBeNull();
    fireEvent.click(screen.getByTestId('report-drill-back'));
    await screen.findByTestId('report-groups-table');
  });
});
