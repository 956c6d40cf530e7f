import type { Engineer } from '../../domain/entities.ts';
import { type Allocated, engineerIdOf, type OwnedAllocation, peakAllocation, utilizationStatus, type UtilizationStatus } from '../../domain/figures.ts';
import { percent, shortDate } from './format.ts';

/**
 * What a new or changed assignment does to its engineer, before it is saved: their peak allocation
 * with it, against their capacity (domain/figures.ts `peakAllocation`), over the assignment's dates
 * from now on. What already happened is history: an assignment that started in the past is judged
 * from today (one that has ended, over its whole span).
 */
export type Impact = {
  name: string;
  maxCapacity: number;
  /** Peak allocation over the dates (from now on) from their other assignments alone. */
  before: number;
  /** Peak allocation over the dates with this assignment. */
  after: number;
  /** The first moment of that peak. */
  from: string;
  status: UtilizationStatus;
  overloaded: boolean;
  /** 'Puts <name> at 130% of 100% capacity from <date>'. */
  text: string;
};

export const impactText = (name: string, after: number, maxCapacity: number, from: string) =>
  `Puts ${name} at ${percent(after)} of ${percent(maxCapacity)} capacity from ${shortDate(from)}`;

/** The engineer's other assignments: theirs, without the one being edited. */
export const otherAssignments = <A extends OwnedAllocation & { _id: string }>(assignments: readonly A[], engineerId: string, exceptId?: string | null) =>
  assignments.filter((a) => engineerIdOf(a) === engineerId && a._id !== exceptId);

/** The impact of `change` on the engineer; null while the change is not a readable allocation over a date range. */
export function assignmentImpact(
  engineer: Pick<Engineer, 'name' | 'maxCapacity'>,
  others: readonly Allocated[],
  change: { allocationPercentage: number | null | undefined; startDate: string; endDate: string },
  now: Date,
): Impact | null {
  const allocation = change.allocationPercentage;
  const start = Date.parse(change.startDate);
  const end = Date.parse(change.endDate);
  if (typeof allocation !== 'number' || !Number.isFinite(allocation) || allocation <= 0) return null;
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  const running = start < now.getTime() && now.getTime() < end;
  const range = { startDate: running ? now.toISOString() : change.startDate, endDate: change.endDate };
  const before = peakAllocation(others, range).peak;
  const withChange = peakAllocation([...others, { startDate: change.startDate, endDate: change.endDate, allocationPercentage: allocation }], range);
  const status = utilizationStatus(withChange.peak, engineer.maxCapacity);
  return {
    name: engineer.name,
    maxCapacity: engineer.maxCapacity,
    before,
    after: withChange.peak,
    from: withChange.from,
    status,
    overloaded: status === 'overloaded',
    text: impactText(engineer.name, withChange.peak, engineer.maxCapacity, withChange.from),
  };
}
