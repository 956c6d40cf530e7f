import { freeByDay, type CapacityFacts, type EngineerCapacity } from './capacity-over-time.ts';
import { compareFits, fitOfFreeDays, type Fit } from './fit.ts';
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

export type AvailableEngineer<E extends CapacityEngineer = CapacityEngineer> = { engineer: E; lowestFree: number; fit: Fit };

/**
 * Free-when: who has at least `minFree` % of a day free over from..to, judged day by day (fit.ts).
 * Those who fit come first, then those who fit except some days (which the fit names); someone with
 * no working day that has room is left out. Within each, the freest tightest day first, then by name.
 */
export function availableEngineers<E extends CapacityEngineer>(
  facts: CapacityFacts<E>,
  range: { from: string; to: string; minFree: number; includeTentative?: boolean },
): AvailableEngineer<E>[] {
  const byFree = compareCapacityRows('free');
  const rows: { row: Row & { engineer: E }; fit: Fit }[] = [];
  freeByDay(facts, range, (engineer, free, dates) => {
    const fit = fitOfFreeDays(free, dates, range.minFree);
    if (fit.kind !== 'noRoom') rows.push({ row: { engineer, peakUtilization: null, minFree: fit.lowestFree }, fit });
  });
  return rows
    .sort((a, b) => compareFits(a.fit, b.fit) || byFree(a.row, b.row))
    .map(({ row, fit }) => ({ engineer: row.engineer, lowestFree: fit.lowestFree ?? 0, fit }));
}
