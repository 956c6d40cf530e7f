import { describe, expect, it } from 'vitest';
import type { CapacityAssignment, CapacityEngineer } from '../capacity/inputs.ts';
import { plannedHours } from './planned.ts';
import { weekDates } from './weeks.ts';

// Week 2026-W48: Monday 23 to Sunday 29 November 2026.
const week = { ...weekDates('2026-W48'), step: 'week' as const };
const sam: CapacityEngineer = { _id: 'sam', name: 'Sam', maxCapacity: 100 };
const on = (projectId: string, allocationPercentage: number, engineerId = 'sam'): CapacityAssignment => ({
  _id: `${engineerId}-${projectId}`, engineerId, projectId, allocationPercentage, startDate: '2026-11-01T00:00:00.000Z', endDate: '2027-01-01T00:00:00.000Z',
});

const hoursOf = (result: ReturnType<typeof plannedHours>) =>
  Object.fromEntries(result.cells.map((c) => [`${c.engineerId}/${c.projectId}`, c.hours]));

describe('planned hours per project and week (booked day-percent sum x HOURS_PER_DAY / 100)', () => {
  it('a full week at 50 % is 20 hours, and each project of the engineer is its own figure', () => {
    const result = plannedHours({ engineers: [sam], assignments: [on('portal', 50), on('billing', 25)] }, week, 8);
    expect(result.periods.map((p) => p.key)).toEqual(['2026-W48']);
    expect(hoursOf(result)).toEqual({ 'sam/portal': [20], 'sam/billing': [10] });
  });

  it('a holiday takes its day away', () => {
    const result = plannedHours({ engineers: [sam], assignments: [on('portal', 50)], holidays: [{ date: '2026-11-26', name: 'Thanksgiving' }] }, week, 8);
    expect(hoursOf(result)).toEqual({ 'sam/portal': [16] });
  });

  it('time off takes its days away (with a holiday: both)', () => {
    const timeOff = [{ engineerId: 'sam', from: '2026-11-23', to: '2026-11-24' }];
    expect(hoursOf(plannedHours({ engineers: [sam], assignments: [on('portal', 50)], timeOff }, week, 8))).toEqual({ 'sam/portal': [12] });
    const holidays = [{ date: '2026-11-26', name: 'Thanksgiving' }];
    expect(hoursOf(plannedHours({ engineers: [sam], assignments: [on('portal', 50)], timeOff, holidays }, week, 8))).toEqual({ 'sam/portal': [8] });
  });

  it('someone starting on Wednesday is planned from Wednesday', () => {
    const joiner = { ...sam, startDate: '2026-11-25' };
    expect(hoursOf(plannedHours({ engineers: [joiner], assignments: [on('portal', 100)] }, week, 8))).toEqual({ 'sam/portal': [24] });
  });

  it('a part-timer working Monday to Wednesday is planned on those days only', () => {
    const partTimer = { ...sam, workWeeks: [{ from: '2026-01-01', days: [100, 100, 100, 0, 0, 0, 0] }] };
    expect(hoursOf(plannedHours({ engineers: [partTimer], assignments: [on('portal', 50)] }, week, 8))).toEqual({ 'sam/portal': [12] });
  });

  it('HOURS_PER_DAY other than 8 scales every figure', () => {
    expect(hoursOf(plannedHours({ engineers: [sam], assignments: [on('portal', 50)] }, week, 7.5))).toEqual({ 'sam/portal': [18.75] });
    expect(hoursOf(plannedHours({ engineers: [sam], assignments: [on('portal', 50)] }, week, 6))).toEqual({ 'sam/portal': [15] });
  });

  it('work on a tentative (pipeline) project is not planned yet', () => {
    const result = plannedHours({ engineers: [sam], assignments: [on('portal', 50), on('bid', 50)], tentativeProjectIds: ['bid'] }, week, 8);
    expect(hoursOf(result)).toEqual({ 'sam/portal': [20], 'sam/bid': [0] });
  });

  it('two engineers on one project are two figures, each with their own days', () => {
    const ann = { _id: 'ann', name: 'Ann', maxCapacity: 100 };
    const timeOff = [{ engineerId: 'ann', from: '2026-11-23', to: '2026-11-27' }];
    const result = plannedHours({ engineers: [sam, ann], assignments: [on('portal', 50), on('portal', 100, 'ann')], timeOff }, week, 8);
    expect(hoursOf(result)).toEqual({ 'sam/portal': [20], 'ann/portal': [0] });
  });
});
