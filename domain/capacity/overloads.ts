/**
 * Overloads a write makes or worsens: the days on which a person ends up booked above their capacity
 * and more booked than before the write. The API answers them beside every assignment write (it never
 * refuses one: managers overload on purpose), and every screen asks with them before such a write, so
 * the question and the answer are one rule.
 *
 * Judged day by day on the capacity model's figures (their own working days, holidays, time off and
 * work weeks), counting work on projects not won yet as booked: planning on top of the pipeline is
 * what overbooks someone once it is won.
 */
import { z } from 'zod';
import { capacityOverTime, type CapacityFacts } from './capacity-over-time.ts';
import { dateOfDay, instantOf } from './calendar-days.ts';
import { refId, type CapacityAssignment, type CapacityEngineer } from './inputs.ts';
import { localDayOf } from './time-zone.ts';

export const overloadSchema = z.object({
  engineerId: z.string(),
  /** The days (YYYY-MM-DD, in order) over capacity that the write caused or made worse. */
  days: z.array(z.string()),
  /** The highest utilisation (booked / capacity x 100, one decimal) of those days with the write. */
  peak: z.number(),
});
export type Overload = z.infer<typeof overloadSchema>;

/** One assignment as it was and as the write leaves it: null before for new work, null after for removed work. */
export type AssignmentChange = { before: CapacityAssignment | null; after: CapacityAssignment | null };

/** A write over many years is judged over its first five: no screen plans further ahead than that. */
const MAX_JUDGED_DAYS = 5 * 366;

/**
 * The days a write is judged over: from the first day any of its states starts to the day the last
 * one ends on (that day included, so a span's last day is judged whether or not it counts).
 */
export function changeWindow(changes: readonly AssignmentChange[], timeZone: string): { from: string; to: string } | null {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const state of changes.flatMap((c) => [c.before, c.after])) {
    if (!state) continue;
    const start = instantOf(state.startDate);
    const end = instantOf(state.endDate);
    if (!(end >= start)) continue;
    first = Math.min(first, localDayOf(start, timeZone));
    last = Math.max(last, localDayOf(end, timeZone));
  }
  if (!Number.isFinite(first) || !Number.isFinite(last)) return null;
  return { from: dateOfDay(first), to: dateOfDay(Math.min(last, first + MAX_JUDGED_DAYS - 1)) };
}

/** The days the write raised above capacity, per engineer it touched, from the plan's facts. */
export function overloadsOfChanges<E extends CapacityEngineer>(facts: CapacityFacts<E>, changes: readonly AssignmentChange[]): Overload[] {
  const timeZone = facts.timeZone ?? 'UTC';
  const window = changeWindow(changes, timeZone);
  if (!window) return [];
  const touched = new Set(changes.flatMap((c) => [c.before, c.after]).flatMap((a) => (a ? [refId(a.engineerId)] : [])));
  const changedIds = new Set(changes.flatMap((c) => [c.before?._id, c.after?._id]).filter((id): id is string => id !== undefined));
  // The facts may hold the assignments as they were or as the write leaves them: either is set aside.
  const rest = facts.assignments.filter((a) => !(a._id !== undefined && changedIds.has(a._id)) && touched.has(refId(a.engineerId)));
  const engineers = facts.engineers.filter((e) => touched.has(e._id));
  const dayView = (assignments: CapacityAssignment[]) =>
    capacityOverTime({ ...facts, engineers, assignments, placeholders: [] }, { ...window, step: 'day', includeTentative: true }).engineers;
  const before = dayView([...rest, ...changes.flatMap((c) => (c.before ? [c.before] : []))]);
  const after = dayView([...rest, ...changes.flatMap((c) => (c.after ? [c.after] : []))]);
  const overloads: Overload[] = [];
  after.forEach((row, index) => {
    const was = before[index]!.periods;
    const days: string[] = [];
    let peak = 0;
    row.periods.forEach((day, d) => {
      if (day.capacity > 0 && day.booked > day.capacity && day.booked > was[d]!.booked) {
        days.push(day.key);
        peak = Math.max(peak, day.utilization ?? 0);
      }
    });
    if (days.length > 0) overloads.push({ engineerId: row.engineer._id, days, peak });
  });
  return overloads;
}
