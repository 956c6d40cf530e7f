import type { Engineer, Project, ProjectStatus } from '../../../domain/entities.ts';
import { chartMaximum, countByStatus, type EngineerFigures, percentOf, type UtilizationStatus } from '../../../domain/figures.ts';
import { capitalize, loadPercent } from '../../lib/format.ts';
import { distinctName } from '../../lib/namesakes.ts';
import { chartColors } from '../../components/palette.ts';

/** Bar colours of 'Team Utilization vs Capacity': allocation by status, capacity grey. */
export const utilizationBarColors: Record<UtilizationStatus | 'capacity', string> = {
  ...chartColors.utilisation,
};

/** Slice colours of 'Project Status Distribution': active green, planning yellow, completed blue. */
export const projectStatusColors: Record<ProjectStatus, string> = {
  ...chartColors.projectStatus,
};

export const ALLOCATION_SERIES = 'Current Allocation';
export const CAPACITY_SERIES = 'Max Capacity';

export type UtilizationDatum = {
  /** The x value: the engineer's id, so two engineers with one name stay two groups. */
  id: string;
  name: string;
  series: typeof ALLOCATION_SERIES | typeof CAPACITY_SERIES;
  value: number;
  color: string;
  seniority: string;
  status: string;
  activeProjects: number;
  /** The load (booked against their own capacity) as every screen prints it: the tooltip says it beside the bars' allocation. */
  load: string;
};

type Figures = Pick<Engineer, '_id' | 'name' | 'seniority' | 'maxCapacity'> & { email?: string } &
  Pick<EngineerFigures, 'currentAllocation' | 'utilizationStatus' | 'utilizationPercentage' | 'activeProjects'>;

/**
 * A pair of bars per engineer: current allocation (coloured by status), then max capacity (grey). A
 * name another engineer shares is said with their e-mail (`namesakes`, lib/namesakes.ts).
 */
export function utilizationChartData(engineers: readonly Figures[], namesakes: ReadonlyMap<string, string> = new Map()): UtilizationDatum[] {
  return engineers.flatMap((e) => {
    const shared = {
      id: e._id,
      name: distinctName(e, namesakes),
      seniority: capitalize(e.seniority),
      status: capitalize(e.utilizationStatus),
      activeProjects: e.activeProjects,
      load: loadPercent(e.utilizationPercentage),
    };
    return [
      { ...shared, series: ALLOCATION_SERIES, value: e.currentAllocation, color: utilizationBarColors[e.utilizationStatus] },
      { ...shared, series: CAPACITY_SERIES, value: e.maxCapacity, color: utilizationBarColors.capacity },
    ];
  });
}

/** How many engineers the bar chart draws at once: enough to compare, few enough to read and to draw fast. */
export const CHART_PAGE_SIZE = 24;

export type ChartPage<T> = { items: T[]; page: number; pages: number; first: number; last: number; total: number };

/** One page of the chart's engineers, counted from 0 and kept within the pages there are (the team can shrink live). */
export function chartPage<T>(items: readonly T[], page: number, size = CHART_PAGE_SIZE): ChartPage<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  const start = current * size;
  const shown = items.slice(start, start + size);
  return { items: shown, page: current, pages, first: shown.length > 0 ? start + 1 : 0, last: start + shown.length, total: items.length };
}

/** 'Engineers 25-48 of 2,008' */
export const chartPageLabel = (p: ChartPage<unknown>) =>
  `Engineers ${p.first.toLocaleString('en-US')}-${p.last.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')}`;

/** The y axis: from 0 to the largest allocation or capacity plus 20 (domain's chartMaximum). */
export const yDomain = (engineers: readonly Pick<Figures, 'currentAllocation' | 'maxCapacity'>[]): [number, number] => [
  0,
  chartMaximum(engineers),
];

export const percentTick = (value: number | string) => `${value}%`;

export type StatusSlice = { status: ProjectStatus; label: string; value: number; percent: string; color: string };

const sliceLabels: Record<ProjectStatus, string> = {
  active: 'Active Projects',
  planning: 'Planning Projects',
  completed: 'Completed Projects',
};

/** The pie's slices with their share of the total to one decimal. */
export function projectStatusData(projects: readonly Pick<Project, 'status'>[]): StatusSlice[] {
  const counts = countByStatus(projects);
  const total = projects.length;
  return (['active', 'planning', 'completed'] as const).map((status) => ({
    status,
    label: sliceLabels[status],
    value: counts[status],
    percent: percentOf(counts[status], total),
    color: projectStatusColors[status],
  }));
}

/** The tooltip line of a slice: label, count and share. */
export const sliceTooltip = (slice: Pick<StatusSlice, 'value' | 'percent'>) => `${slice.value} (${slice.percent}%)`;
