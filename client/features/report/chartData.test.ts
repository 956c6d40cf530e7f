import { describe, expect, it } from 'vitest';
import { percentTick, projectStatusData, sliceTooltip, utilizationChartData, yDomain } from './chartData.ts';

const engineers = [
  { _id: 'a', name: 'Ana', seniority: 'senior' as const, maxCapacity: 100, currentAllocation: 120, utilizationStatus: 'overloaded' as const, activeProjects: 3 },
  { _id: 'b', name: 'Ben', seniority: 'junior' as const, maxCapacity: 50, currentAllocation: 10, utilizationStatus: 'underutilized' as const, activeProjects: 1 },
  { _id: 'c', name: 'Cy', seniority: 'mid' as const, maxCapacity: 100, currentAllocation: 80, utilizationStatus: 'optimal' as const, activeProjects: 2 },
];

describe('report chart data', () => {
  it('pairs allocation (red / blue / green by status) with grey capacity per engineer', () => {
    const data = utilizationChartData(engineers);
    expect(data).toHaveLength(6);
    expect(data.slice(0, 2)).toEqual([
      { id: 'a', name: 'Ana', series: 'Current Allocation', value: 120, color: '#ef4444', seniority: 'Senior', status: 'Overloaded', activeProjects: 3 },
      { id: 'a', name: 'Ana', series: 'Max Capacity', value: 100, color: '#9ca3af', seniority: 'Senior', status: 'Overloaded', activeProjects: 3 },
    ]);
    expect(data[2]!.color).toBe('#3b82f6');
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
});
