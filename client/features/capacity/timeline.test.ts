import { describe, expect, it } from 'vitest';
import {
  allocationColor,
  barGeometry,
  barHeight,
  capacityFilterReducer,
  filterCapacity,
  initialCapacityFilter,
  nowOffset,
  startOfWeek,
  timelineWindow,
  totalFreeCapacity,
} from './timeline.ts';

const local = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const iso = (y: number, m: number, d: number) => local(y, m, d).toISOString();

describe('capacity timeline', () => {
  it('starts weeks on Monday', () => {
    expect(startOfWeek(local(2026, 11, 5)).getTime()).toBe(local(2026, 11, 2).getTime()); // Thu -> Mon
    expect(startOfWeek(local(2026, 11, 8)).getTime()).toBe(local(2026, 11, 2).getTime()); // Sun -> Mon
    expect(startOfWeek(local(2026, 11, 2)).getTime()).toBe(local(2026, 11, 2).getTime());
  });

  it('lays out week columns from one week back', () => {
    const w = timelineWindow(local(2026, 11, 5), 4);
    expect(w.weeks.map((t) => new Date(t).getDate())).toEqual([26, 2, 9, 16]);
    expect(w.start).toBe(local(2026, 10, 26).getTime());
    expect(w.end).toBe(local(2026, 11, 23).getTime());
  });

  it('places bars inside the window and clips those that run over its edges', () => {
    const w = timelineWindow(local(2026, 11, 5), 4); // Oct 26 .. Nov 23 (28 days)
    const inside = barGeometry({ startDate: iso(2026, 11, 2), endDate: iso(2026, 11, 9) }, w)!;
    expect(inside.left).toBeCloseTo(25);
    expect(inside.width).toBeCloseTo(25);
    expect(inside.clippedStart || inside.clippedEnd).toBe(false);
    const over = barGeometry({ startDate: iso(2026, 10, 1), endDate: iso(2026, 12, 31) }, w)!;
    expect(over).toMatchObject({ left: 0, width: 100, clippedStart: true, clippedEnd: true });
    expect(barGeometry({ startDate: iso(2026, 12, 1), endDate: iso(2026, 12, 31) }, w)).toBeNull();
    expect(barGeometry({ startDate: iso(2026, 9, 1), endDate: iso(2026, 10, 26) }, w)).toBeNull();
  });

  it('marks today', () => {
    const now = local(2026, 11, 5);
    const w = timelineWindow(now, 4);
    expect(nowOffset(now, w)).toBeCloseTo((10 / 28) * 100);
    expect(nowOffset(local(2027, 1, 1), w)).toBeNull();
  });

  it('colours and sizes bars by allocation', () => {
    expect(allocationColor(20)).toBe('#93c5fd');
    expect(allocationColor(50)).toBe('#60a5fa');
    expect(allocationColor(60)).toBe('#2563eb');
    expect(allocationColor(100)).toBe('#1d4ed8');
    expect(allocationColor(120)).toBe('#dc2626');
    expect(barHeight(0)).toBe(14);
    expect(barHeight(50)).toBe(20);
    expect(barHeight(100)).toBe(26);
    expect(barHeight(150)).toBe(26);
  });
});

describe('capacity filter', () => {
  const people = [
    { name: 'Ana Lopez', skills: ['React', 'TypeScript'], availableCapacity: 40 },
    { name: 'Ben Ode', skills: ['Go'], availableCapacity: 0 },
    { name: 'Cy Park', skills: ['React'], availableCapacity: -20 },
  ];

  it('updates search, skills and the flag, and clears', () => {
    let f = capacityFilterReducer(initialCapacityFilter, { type: 'search', text: 'ana' });
    f = capacityFilterReducer(f, { type: 'skills', skills: ['Go'] });
    f = capacityFilterReducer(f, { type: 'availableOnly', value: true });
    expect(f).toEqual({ search: 'ana', skills: ['Go'], availableOnly: true });
    expect(capacityFilterReducer(f, { type: 'clear' })).toEqual(initialCapacityFilter);
  });

  it('filters by text, skills and available only', () => {
    expect(filterCapacity(people, { search: 'react', skills: [], availableOnly: false }).map((p) => p.name)).toEqual(['Ana Lopez', 'Cy Park']);
    expect(filterCapacity(people, { search: '', skills: ['Go'], availableOnly: false }).map((p) => p.name)).toEqual(['Ben Ode']);
    expect(filterCapacity(people, { search: '', skills: [], availableOnly: true }).map((p) => p.name)).toEqual(['Ana Lopez']);
  });

  it('sums free capacity, never counting overload as negative', () => {
    expect(totalFreeCapacity(people)).toBe(40);
  });
});
