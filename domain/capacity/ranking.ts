import { capacityOverTime, type CapacityFacts, type EngineerCapacity } from './capacity-over-time.ts';
import type { CapacityEngineer } from './inputs.ts';

import type { CapacitySortKey } from './sort-keys.ts';

type Row = Pick<EngineerCapacity, 'peakUtilization' | 'minFree'> & { engineer: CapacityEngineer };

const nameOf = (row: Row) => row.engineer.name ?? row.engineer._id;

/** By name, then by id so that two namesakes keep one order from page to page. */
const byName = (a: Row, b: Row) => nameOf(a).localeCompare(nameOf(b)) || a.engineer._id.localeCompare(b.engineer._id);

/** Highest first; a missing figure (nothing to measure: every period off) goes last. */
const highestFirst = (x: number | null, y: number | null) => (x === y ? 0 : x === null ? 1 : y === null ? -1 : y - x);

/**
 * Row orders of a capacity view: 'peak' puts the most loaded period first (who is overloaded at
 * some point), 'free' the engineer whose tightest period is freest (who can take work), 'name' A-Z.
 */
export function compareCapacityRows(key: CapacitySortKey): (a: Row, b: Row) => number {
  switch (key) {
    case 'peak':
      return (a, b) => highestFirst(a.peakUtilization, b.peakUtilization) || byName(a, b);
    case 'free':
      return (a, b) => highestFirst(a.minFree, b.minFree) || byName(a, b);
    case 'name':
      return byName;
  }
}

export type AvailableEngineer<E extends CapacityEngineer = CapacityEngineer> = { engineer: E; lowestFree: number };

/**
 * The rows with at least `minFree` % of a day free in every period that has working days, most free
 * first. A row with no working day at all offers nothing and is left out.
 */
export function freeInEveryPeriod<E extends CapacityEngineer>(rows: readonly EngineerCapacity<E>[], minFree: number): AvailableEngineer<E>[] {
  return rows
    .filter((row) => row.minFree !== null && row.minFree >= minFree)
    .sort(compareCapacityRows('free'))
    .map((row) => ({ engineer: row.engineer, lowestFree: row.minFree! }));
}

/** Engineers with at least `minFree` % free in every ISO week of from..to (weeks cut by the range count their days inside it). */
export function availableEngineers<E extends CapacityEngineer>(
  facts: CapacityFacts<E>,
  range: { from: string; to: string; minFree: number; includeTentative?: boolean },
): AvailableEngineer<E>[] {
  const view = capacityOverTime(facts, { from: range.from, to: range.to, step: 'week', includeTentative: range.includeTentative });
  return freeInEveryPeriod(view.engineers, range.minFree);
}
