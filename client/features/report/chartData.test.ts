import { describe, expect, it } from 'vitest';
import { chartPage, chartPageLabel, percentTick, projectStatusData, sliceTooltip, utilizationChartData, yDomain } from './chartData.ts';

const engineers = [
  { _id: 'a', name: 'Ana', seniority: 'senior' as const, maxCapacity: 100, currentAllocation: 120, utilizationPercentage: 120, utilizationStatus: 'overloaded' as const, activeProjects: 3 },
  { _id: 'b', name: 'Ben', seniority: 'junior' as const, maxCapacity: 50, currentAllocation: 10, utilizationPercentage: 20, utilizationStatus: 'underutilized' as const, activeProjects: 1 },
  { _id: 'c', name: 'Cy', seniority: 'mid' as const, maxCapacity: 100, currentAllocation: 80, utilizationPercentage: 80, utilizationStatus: 'optimal' as const, activeProjects: 2 },
];

describe('report chart data', () => {
  it('pairs allocation (red / blue / green by status) with grey capacity per engineer', () => {
    const data = utilizationChartData(engineers);
    expect(data).toHaveLength(6);
    expect(data.slice(0, 2)).toEqual([
      { id: 'a', name: 'Ana', series: 'Current Allocation', value: 120, color: '#ef4444', seniority: 'Senior', status: 'Overloaded', activeProjects: 3, load: '120%' },
      { id: 'a', name: 'Ana', series: 'Max Capacity', value: 100, color: '#9ca3af', seniority: 'Senior', status: 'Overloaded', activeProjects: 3, load: '120%' },
    ]);
    expect(data[2]!.color).toBe('#3b82f6');
    // A part-timer's bars stay allocation beside capacity; the load they make is said as every screen says it.
    expect(data[2]!.load).toBe('20%');
    expect(data[4]!.color).toBe('#22c55e');
  });
  it('runs the y axis from 0 to the largest value plus 20, with % ticks', () => {
    expect(yDomain(engineers)).toEqual([0, 140]);
    expect(yDomain([])).toEqual([0, 20]);
    expect(percentTick(60)).toBe('60%');
  });
  it('slices projects by status with one-decimal shares', () => {
    const slices = projectStatusData([{ status: 'active' }, { status: 'active' }, { status: 'planning' }]);
    expect(slices.map((s) => [s.label, s.value, s.percent, s.color])).toEqual([
      ['Active Projects', 2, '66.7', '#22c55e'],
      ['Planning Projects', 1, '33.3', '#eab308'],
      ['Completed Projects', 0, '0.0', '#3b82f6'],
    ]);
    expect(sliceTooltip(slices[0]!)).toBe('2 (66.7%)');
  });
  it('draws a page of engineers at a time, every one on exactly one page', () => {
    const team = Array.from({ length: 2008 }, (_, i) => i);
    const first = chartPage(team, 0);
    expect(first).toMatchObject({ page: 0, pages: 84, first: 1, last: 24, total: 2008 });
    expect(first.items).toEqual(team.slice(0, 24));
    expect(chartPageLabel(first)).toBe('Engineers 1-24 of 2,008');
    const last = chartPage(team, 83);
    expect(last).toMatchObject({ page: 83, first: 1993, last: 2008 });
    expect(chartPageLabel(last)).toBe('Engineers 1,993-2,008 of 2,008');
    expect(Array.from({ length: 84 }, (_, p) => chartPage(team, p).items).flat()).toEqual(team);
  });
  it('keeps the page within the pages there are', () => {
    expect(chartPage([1, 2, 3], 5)).toMatchObject({ items: [1, 2, 3], page: 0, pages: 1, first: 1, last: 3 });
    expect(chartPage([], 0)).toMatchObject({ items: [], page: 0, pages: 1, first: 0, last: 0, total: 0 });
    expect(chartPage(Array.from({ length: 30 }, (_, i) => i), -1).page).toBe(0);
  });
});
