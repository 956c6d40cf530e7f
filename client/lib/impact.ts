import type { Engineer } from '../../domain/entities.ts';
import { type Allocated, engineerIdOf, type OwnedAllocation, peakAllocation, utilizationPercentage, utilizationStatus, type UtilizationStatus } from '../../domain/figures.ts';
import { allocationOfCapacity, loadPercent, shortDate } from './format.ts';
import { DAY_MS } from '../../domain/capacity/calendar-days.ts';
import { orgTimeZone } from './orgTimeZone.ts';

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
  /** Above their capacity with the change (whether saving asks is the overload rule's: lib/overloads.ts). */
  overloaded: boolean;
  /** 'Puts <name> at 125% of capacity from <date> (62.5% allocated of 50%)'. */
  text: string;
};

/**
 * The preview's sentence: the load it makes (booked against their own capacity, the figure every
 * screen shows for the person), the spec's allocation beside it, labelled. A part-timer of 50 % taken
 * to 62.5 % is at 125 %, not at '62.5% of 50%'.
 */
export const impactText = (name: string, after: number, maxCapacity: number, from: string) =>
  `Puts ${name} at ${loadPercent(utilizationPercentage(after, maxCapacity))} of capacity from ${shortDate(from)} (${allocationOfCapacity(after, maxCapacity)})`;

/** The engineer's other assignments: theirs, without the one being edited. */
export const otherAssignments = <A extends OwnedAllocation & { _id: string }>(assignments: readonly A[], engineerId: string, exceptId?: string | null) =>
  assignments.filter((a) => engineerIdOf(a) === engineerId && a._id !== exceptId);

type Change = { allocationPercentage: number | null | undefined; startDate: string; endDate: string };

/** The dates a change is judged over: from now on when it is running (the past is history), else all of them. */
function judgedRange(change: { startDate: string; endDate: string }, now: Date) {
  const start = Date.parse(change.startDate);
  const end = Date.parse(change.endDate);
  // The end is the last day, worked: a change that ends today still runs today.
  const running = start < now.getTime() && now.getTime() < end + DAY_MS;
  return { startDate: running ? now.toISOString() : change.startDate, endDate: change.endDate };
}

/**
 * The impact of `change` on the engineer, for the preview; null while the change is not a readable
 * allocation over a date range. Every assignment in `others` counts, tentative ones too: the form's
 * week strip counts them the same way (see PLANNING_COUNTS_TENTATIVE).
 */
export function assignmentImpact(
  engineer: Pick<Engineer, 'name' | 'maxCapacity'>,
  others: readonly Allocated[],
  change: Change,
  now: Date,
): Impact | null {
  const allocation = change.allocationPercentage;
  const start = Date.parse(change.startDate);
  const end = Date.parse(change.endDate);
  if (typeof allocation !== 'number' || !Number.isFinite(allocation) || allocation <= 0) return null;
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return null;
  const range = judgedRange(change, now);
  const before = peakAllocation(others, range, orgTimeZone()).peak;
  const withChange = peakAllocation([...others, { startDate: change.startDate, endDate: change.endDate, allocationPercentage: allocation }], range, orgTimeZone());
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

/**
 * One rule for tentative work while planning: the form's week strip and its overload warning (and a
 * dragged bar's preview) both count work on projects not won yet, as booked. Planning on top of it is
 * what overbooks someone once the pipeline is won.
 */
export const PLANNING_COUNTS_TENTATIVE = true;
