import type { Engineer, Project, ProjectStatus } from '../../../domain/entities.ts';
import { chartMaximum, countByStatus, type EngineerFigures, percentOf, type UtilizationStatus } from '../../../domain/figures.ts';
import { capitalize } from '../../lib/format.ts';

/** Bar colours of 'Team Utilization vs Capacity': allocation by status, capacity grey. */
export const utilizationBarColors: Record<UtilizationStatus | 'capacity', string> = {
  overloaded: '#ef4444',
  underutilized: '#3b82f6',
  optimal: '#22c55e',
  capacity: '#9ca3af',
};

/** Slice colours of 'Project Status Distribution': active green, planning yellow, completed blue. */
export const projectStatusColors: Record<ProjectStatus, string> = {
  active: '#22c55e',
  planning: '#eab308',
  completed: '#3b82f6',
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
};

type Figures = Pick<Engineer, '_id' | 'name' | 'seniority' | 'maxCapacity'> &
  Pick<EngineerFigures, 'currentAllocation' | 'utilizationStatus' | 'activeProjects'>;

/** A pair of bars per engineer: current allocation (coloured by status), then max capacity (grey). */
export function utilizationChartData(engineers: readonly Figures[]): UtilizationDatum[] {
  return engineers.flatMap((e) => {
    const shared = {
      id: e._id,
      name: e.name,
      seniority: capitalize(e.seniority),
      status: capitalize(e.utilizationStatus),
      activeProjects: e.activeProjects,
    };
    return [
      { ...shared, series: ALLOCATION_SERIES, value: e.currentAllocation, color: utilizationBarColors[e.utilizationStatus] },
      { ...shared, series: CAPACITY_SERIES, value: e.maxCapacity, color: utilizationBarColors.capacity },
    ];
  });
}

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
