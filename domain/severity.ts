import type { EngineerFigures } from './figures.ts';

type Loaded = { name: string; maxCapacity: number } & Pick<EngineerFigures, 'currentAllocation' | 'utilizationStatus'>;

/**
 * How loaded an engineer is against their own capacity: 1.2 is 20 % over it. Work booked on someone
 * with no capacity at all is as bad as it gets.
 */
export function loadRatio(e: Pick<Loaded, 'currentAllocation' | 'maxCapacity'>): number {
  if (e.maxCapacity > 0) return e.currentAllocation / e.maxCapacity;
  return e.currentAllocation > 0 ? Number.POSITIVE_INFINITY : 0;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Most loaded first: by load against the engineer's own capacity (a part-timer at 60 of 50 is as
 * overloaded as a full-timer at 120), then by the points over capacity, then by name so the order
 * is stable.
 */
export function byLoadDescending(a: Loaded, b: Loaded): number {
  const ratio = loadRatio(b) - loadRatio(a);
  if (ratio > 0 || ratio < 0) return ratio;
  return b.currentAllocation - b.maxCapacity - (a.currentAllocation - a.maxCapacity) || byName(a.name, b.name);
}

/** The overloaded engineers, most overloaded first: who needs attention before anyone else. */
export const overloadedBySeverity = <F extends Loaded>(figures: readonly F[]): F[] =>
  figures.filter((f) => f.utilizationStatus === 'overloaded').sort(byLoadDescending);

/**
 * Highest current allocation first, as the Report's bar chart draws it (its bars are the allocation in
 * percent, per the spec): the order then reads off the bars. Equal allocations by name, then id, so
 * the order is total. Sorted by load against capacity instead, the chart put part-timers' bars of about
 * 265 % (over five times their 50 %) before a full-timer's 520 % one, under a subtitle saying most loaded first.
 */
export function byAllocationDescending(a: Pick<Loaded, 'name' | 'currentAllocation'> & { _id: string }, b: Pick<Loaded, 'name' | 'currentAllocation'> & { _id: string }): number {
  return b.currentAllocation - a.currentAllocation || byName(a.name, b.name) || byName(a._id, b._id);
}
