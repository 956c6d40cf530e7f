/**
 * The checker: a proposal's commands applied to the plan exactly as the live commands would apply them,
 * and the load recomputed by the capacity model from the resulting assignments. It shares nothing with
 * the program or the greedy pass (no move effects, no day arrays of theirs), so it holds both to the
 * one load rule.
 */
import { capacityOverTime } from '../capacity/capacity-over-time.ts';
import { dateOfDay, dayOfDate, isoWeekKey } from '../capacity/calendar-days.ts';
import { MAX_RANGE_DAYS } from '../capacity/inputs.ts';
import { spanDays } from '../capacity/plan-days.ts';
import type { DraftedCommand } from '../commands/planning-commands.ts';
import type { Plan } from '../plan.ts';
import { applyStreamEvents, decideOnPlan, PlanIndex } from '../scenarios/decide-on-plan.ts';
import type { LevelContext, LevelRequest } from './model.ts';

export type CheckedProposal = {
  plan: Plan;
  /** Overloaded person-days of the window (from today on) and scope, before and after. */
  before: number;
  after: number;
  /** Days, of anyone, over capacity after and more booked than before. */
  created: { engineerId: string; date: string }[];
  /** Days before today, or of a locked actuals week, whose booking changed. */
  pastChanged: { engineerId: string; date: string }[];
  /** Pinned assignments the commands touched. */
  pinnedChanged: string[];
};

export function checkProposal(context: LevelContext, request: LevelRequest, commands: readonly DraftedCommand[]): CheckedProposal {
  const { timeZone, today } = context;
  const index = new PlanIndex();
  let plan = context.plan;
  for (const command of commands) plan = applyStreamEvents(plan, decideOnPlan(plan, command, { id: 'levelling-check', role: 'manager' }, index), index);

  // The days to judge: the window, and every day any changed assignment covers before or after.
  const before = new Map(context.plan.assignments.map((a) => [a._id, a]));
  const after = new Map(plan.assignments.map((a) => [a._id, a]));
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((id) => JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id)));
  let first = Math.min(dayOfDate(request.from), today);
  let last = dayOfDate(request.to);
  const touched = new Set<string>(request.engineerIds);
  for (const id of changed) {
    for (const a of [before.get(id), after.get(id)]) {
      if (!a) continue;
      const span = spanDays(a, timeZone);
      first = Math.min(first, span.first);
      last = Math.max(last, span.last);
      touched.add(a.engineerId._id);
    }
  }
  first = Math.max(first, last - MAX_RANGE_DAYS + 1);
  const engineers = context.plan.engineers.filter((e) => touched.has(e._id));
  const tentativeProjectIds = context.plan.projects.filter((p) => p.tentative).map((p) => p._id);
  const view = (p: Plan) =>
    capacityOverTime(
      { engineers, assignments: p.assignments.filter((a) => touched.has(a.engineerId._id)), tentativeProjectIds, timeOff: p.timeOff, holidays: p.holidays, timeZone },
      { from: dateOfDay(first), to: dateOfDay(last), step: 'day', includeTentative: request.includeTentative },
    ).engineers;
  const was = view(context.plan);
  const now = view(plan);
  const scope = new Set(request.engineerIds);
  const windowFirst = Math.max(dayOfDate(request.from), today) - first;
  const windowLast = dayOfDate(request.to) - first;
  const locked = new Set(context.plan.actuals.filter((w) => w.locked).map((w) => `${w.engineerId} ${w.week}`));
  const result: CheckedProposal = { plan, before: 0, after: 0, created: [], pastChanged: [], pinnedChanged: [] };
  now.forEach((row, i) => {
    const id = row.engineer._id;
    row.periods.forEach((day, d) => {
      const old = was[i]!.periods[d]!;
      const over = (p: typeof day) => p.overloadedDays > 0;
      if (scope.has(id) && d >= windowFirst && d <= windowLast) {
        if (over(old)) result.before += 1;
        if (over(day)) result.after += 1;
      }
      if (over(day) && day.booked > old.booked) result.created.push({ engineerId: id, date: day.key });
      const lockedDay = locked.has(`${id} ${isoWeekKey(first + d)}`);
      if ((first + d < today || lockedDay) && day.booked !== old.booked) result.pastChanged.push({ engineerId: id, date: day.key });
    });
  });
  result.pinnedChanged = request.pins.filter((id) => changed.includes(id));
  return result;
}
