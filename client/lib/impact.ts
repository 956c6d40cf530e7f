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
  /** Above their capacity with the change. */
  overloaded: boolean;
  /**
   * The change makes their load higher than it was: always for new work (or work handed to them); for a
   * change of their own assignment, when the peak with it is above the peak with the assignment as it was.
   * Only an overload the change makes or worsens is worth asking about: shortening or lowering work
   * of someone already over is not.
   */
  worsens: boolean;
  /** Their peak with the assignment as it was, over its own dates (from now on); null for new work. */
  was: number | null;
  /** 'Puts <name> at 130% of 100% capacity from <date>'. */
  text: string;
};

export const impactText = (name: string, after: number, maxCapacity: number, from: string) =>
  `Puts ${name} at ${percent(after)} of ${percent(maxCapacity)} capacity from ${shortDate(from)}`;

/** The engineer's other assignments: theirs, without the one being edited. */
export const otherAssignments = <A extends OwnedAllocation & { _id: string }>(assignments: readonly A[], engineerId: string, exceptId?: string | null) =>
  assignments.filter((a) => engineerIdOf(a) === engineerId && a._id !== exceptId);

type Change = { allocationPercentage: number | null | undefined; startDate: string; endDate: string };

/** The dates a change is judged over: from now on when it is running (the past is history), else all of them. */
function judgedRange(change: { startDate: string; endDate: string }, now: Date) {
  const start = Date.parse(change.startDate);
  const end = Date.parse(change.endDate);
  const running = start < now.getTime() && now.getTime() < end;
  return { startDate: running ? now.toISOString() : change.startDate, endDate: change.endDate };
}

/**
 * The impact of `change` on the engineer; null while the change is not a readable allocation over a
 * date range. `original` is the assignment as it is now when the change is to one of theirs (a drag, an
 * edit), so the impact can say whether the change makes their load worse; without it the work is new to them.
 * Every assignment in `others` counts, tentative ones too: the form's week strip counts them the same way
 * (see PLANNING_COUNTS_TENTATIVE).
 */
export function assignmentImpact(
  engineer: Pick<Engineer, 'name' | 'maxCapacity'>,
  others: readonly Allocated[],
  change: Change,
  now: Date,
  original: Allocated | null = null,
): Impact | null {
  const allocation = change.allocationPercentage;
  const start = Date.parse(change.startDate);
  const end = Date.parse(change.endDate);
  if (typeof allocation !== 'number' || !Number.isFinite(allocation) || allocation <= 0) return null;
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  const range = judgedRange(change, now);
  const before = peakAllocation(others, range).peak;
  const withChange = peakAllocation([...others, { startDate: change.startDate, endDate: change.endDate, allocationPercentage: allocation }], range);
  const status = utilizationStatus(withChange.peak, engineer.maxCapacity);
  const was = original && Date.parse(original.endDate) > Date.parse(original.startDate) ? peakAllocation([...others, original], judgedRange(original, now)).peak : null;
  return {
    name: engineer.name,
    maxCapacity: engineer.maxCapacity,
    before,
    after: withChange.peak,
    from: withChange.from,
    status,
    overloaded: status === 'overloaded',
    worsens: was === null ? withChange.peak > before : withChange.peak > was,
    was,
    text: impactText(engineer.name, withChange.peak, engineer.maxCapacity, withChange.from),
  };
}

/** Whether to ask before saving: only when the change makes or worsens an overload. */
export const asksToConfirm = (impact: Impact | null): boolean => impact !== null && impact.overloaded && impact.worsens;

/**
 * One rule for tentative work while planning: the form's week strip and its overload warning (and a
 * dragged bar's preview) both count work on projects not won yet, as booked. Planning on top of it is
 * what overbooks someone once the pipeline is won.
 */
export const PLANNING_COUNTS_TENTATIVE = true;
