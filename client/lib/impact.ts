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
   * The change makes or worsens an overload: on some day from now on it adds load, and that day ends
   * up above their capacity (new work, or work handed to them, adds load on all of its days; moving or
   * lengthening their own work, on the days it now covers). Only that is worth asking about:
   * shortening or lowering the work of someone already over is not.
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
  const known = original && Date.parse(original.endDate) > Date.parse(original.startDate) ? original : null;
  const was = known ? peakAllocation([...others, known], judgedRange(known, now)).peak : null;
  return {
    name: engineer.name,
    maxCapacity: engineer.maxCapacity,
    before,
    after: withChange.peak,
    from: withChange.from,
    status,
    overloaded: status === 'overloaded',
    worsens: overloadsMore(engineer.maxCapacity, others, known, { startDate: change.startDate, endDate: change.endDate, allocationPercentage: allocation }, now),
    was,
    text: impactText(engineer.name, withChange.peak, engineer.maxCapacity, withChange.from),
  };
}

/**
 * Whether some day from now on gets more load with `after` than with `before` (null: the work is new)
 * and ends up above `maxCapacity`. The days are cut at every start and end, so each piece has one load.
 */
function overloadsMore(maxCapacity: number, others: readonly Allocated[], before: Allocated | null, after: Allocated, now: Date): boolean {
  const time = (iso: string) => Date.parse(iso);
  // From now on, as the preview judges; a change of work that has ended (a correction) over all of it.
  const start = Math.min(time(after.startDate), before ? time(before.startDate) : Number.POSITIVE_INFINITY);
  const from = time(after.endDate) > now.getTime() ? Math.max(now.getTime(), start) : start;
  const edges = [...new Set([from, ...[...others, after, ...(before ? [before] : [])].flatMap((a) => [time(a.startDate), time(a.endDate)])])]
    .filter((t) => t >= from)
    .sort((a, b) => a - b);
  const on = (a: Allocated, t: number) => (time(a.startDate) <= t && t < time(a.endDate) ? a.allocationPercentage : 0);
  for (const t of edges) {
    const rest = others.reduce((sum, a) => sum + on(a, t), 0);
    const withAfter = rest + on(after, t);
    const withBefore = rest + (before ? on(before, t) : 0);
    if (withAfter > withBefore && utilizationStatus(withAfter, maxCapacity) === 'overloaded') return true;
  }
  return false;
}

/** Whether to ask before saving: only when the change makes or worsens an overload. */
export const asksToConfirm = (impact: Impact | null): boolean => impact !== null && impact.overloaded && impact.worsens;

/**
 * One rule for tentative work while planning: the form's week strip and its overload warning (and a
 * dragged bar's preview) both count work on projects not won yet, as booked. Planning on top of it is
 * what overbooks someone once the pipeline is won.
 */
export const PLANNING_COUNTS_TENTATIVE = true;
