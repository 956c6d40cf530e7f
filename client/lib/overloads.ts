import { dayOfDate } from '../../domain/capacity/calendar-days.ts';
import type { Fit } from '../../domain/capacity/fit.ts';
import { overloadsOfChanges, type AssignmentChange, type Overload } from '../../domain/capacity/overloads.ts';
import type { Plan } from '../../domain/plan.ts';
import type { DraftedCommand } from '../../domain/scenarios/commands.ts';
import type { Assignment, AssignmentRecord } from '../../domain/entities.ts';
import { shiftedByDays, type BulkChange } from '../../domain/bulk.ts';
import { changeFromToday, type ApplyFrom } from '../../domain/keep-past.ts';
import { todayOf } from '../../domain/capacity/plan-days.ts';
import { lastKnownTimeZone } from './orgTimeZone.ts';
import { factsOfPlan } from './planFacts.ts';
import { monthDay, percent, plural } from './format.ts';

/** An overload as the confirm dialog names it: whose, which days, how high. */
export type NamedOverload = Overload & { name: string };

/**
 * The overloads a write would make or worsen on the plan the screen shows, by the rule the API answers
 * them with (domain/capacity/overloads.ts), so the question asked before a write and the answer after
 * it name the same days.
 */
export function overloadsInPlan(plan: Plan, changes: readonly AssignmentChange[], timeZone = lastKnownTimeZone()): NamedOverload[] {
  const names = new Map(plan.engineers.map((e) => [e._id, e.name]));
  return overloadsOfChanges({ ...factsOfPlan(plan), timeZone }, changes).map((o) => ({ ...o, name: names.get(o.engineerId) ?? 'Someone' }));
}

/** Days as runs of consecutive dates: 'Dec 07 - Dec 11, Dec 14'. A run over a weekend stays one when only days off lie between. */
export function dayRuns(days: readonly string[]): string[] {
  const runs: { first: string; last: string }[] = [];
  for (const day of days) {
    const run = runs.at(-1);
    // Friday to Monday is one run: the weekend between them was never a day to name.
    const gap = run ? dayOfDate(day) - dayOfDate(run.last) : Number.POSITIVE_INFINITY;
    const overWeekend = run !== undefined && gap === 3 && new Date(`${run.last}T00:00:00Z`).getUTCDay() === 5;
    if (run && (gap === 1 || overWeekend)) run.last = day;
    else runs.push({ first: day, last: day });
  }
  return runs.map(({ first, last }) => (first === last ? monthDay(first) : `${monthDay(first)} - ${monthDay(last)}`));
}

/** 'over capacity on 5 days (Dec 07 - Dec 11), peak 110%': at most four runs named, the rest counted. */
export function overloadSentence(overload: Pick<Overload, 'days' | 'peak'>): string {
  const runs = dayRuns(overload.days);
  const named = runs.length > 4 ? `${runs.slice(0, 4).join(', ')} and ${plural(runs.length - 4, 'more stretch', 'more stretches')}` : runs.join(', ');
  return `over capacity on ${plural(overload.days.length, 'day')} (${named}), peak ${percent(overload.peak)}`;
}

/** A suitable list's verdict: 'fits', 'fits except 2 days (Dec 07 - Dec 08)', 'no room'. */
export function fitText(fit: Pick<Fit, 'kind' | 'short'>): string {
  if (fit.kind === 'fits') return 'fits';
  if (fit.kind === 'noRoom') return 'no room';
  const runs = dayRuns(fit.short);
  const named = runs.length > 3 ? `${runs.slice(0, 3).join(', ')} and more` : runs.join(', ');
  return `fits except ${plural(fit.short.length, 'day')} (${named})`;
}

/** An assignment as the judgement reads it: its engineer and project by id. */
type Planned = Omit<AssignmentRecord, 'version'> & { version?: number };
type Changes = Partial<Pick<AssignmentRecord, 'engineerId' | 'role' | 'allocationPercentage' | 'startDate' | 'endDate'>>;

/**
 * The states a change to an assignment leaves, made as the server makes it: from today on (a started
 * assignment keeps its days before today, and its part from today changes: domain/keep-past.ts), or,
 * correcting the past too, the assignment changed as it is.
 */
function changedStates(record: Planned, changes: Changes, applyFrom: ApplyFrom, now: Date, timeZone: string): AssignmentChange[] {
  if (applyFrom === 'today') {
    try {
      const commands = changeFromToday({ version: 0, ...record }, changes, { today: todayOf(now, timeZone), timeZone, newAssignmentId: `${record._id}-from-today` });
      return commands.map((command) => (command.kind === 'createAssignment' ? { before: null, after: command.input } : { before: record, after: { ...record, ...command.input } }));
    } catch {
      // A change the server refuses from today on is not asked about here: its save says why.
    }
  }
  return [{ before: record, after: { ...record, ...changes } }];
}

/**
 * Whom a write of one assignment would put or push over capacity, on the plan the screen shows: new
 * work (`before` null), or a change to an assignment (the form, a drag, a drop on another row), judged
 * from today on or over its whole span as the write will be made. One rule with Fill, bulk edits and
 * the API's `overloads` answer.
 */
export function writeOverloads(
  plan: Plan,
  before: Planned | null,
  after: Changes & Pick<AssignmentRecord, 'engineerId' | 'projectId' | 'allocationPercentage' | 'startDate' | 'endDate'>,
  options: { applyFrom: ApplyFrom; now: Date; timeZone?: string },
): NamedOverload[] {
  const timeZone = options.timeZone ?? lastKnownTimeZone();
  const pairs = before ? changedStates(before, changesOf(before, after), options.applyFrom, options.now, timeZone) : [{ before: null, after }];
  return overloadsInPlan(plan, pairs, timeZone);
}

/** The fields `after` changes of `before`. */
function changesOf(before: Planned, after: Changes): Changes {
  const changes: Changes = {};
  for (const key of ['engineerId', 'role', 'allocationPercentage', 'startDate', 'endDate'] as const) {
    if (after[key] !== undefined && after[key] !== before[key]) (changes as Record<string, unknown>)[key] = after[key];
  }
  return changes;
}

/** An assignment as the plan lists it (engineer and project named), as the judgement reads it. */
export const plannedOf = (a: Assignment): Planned => ({ ...a, engineerId: a.engineerId._id, projectId: a.projectId._id });

/**
 * A bar dropped with new dates, on its own row or on another person's (`targetId`): saved from today
 * on, as the drag saves it, so a started bar's days before today are not judged as changed.
 */
export function dropOverloads(plan: Plan, a: Assignment, dates: { startDate: string; endDate: string }, targetId: string | null, now: Date, timeZone?: string): NamedOverload[] {
  const planned = plannedOf(a);
  return writeOverloads(plan, planned, { ...planned, ...dates, engineerId: targetId ?? planned.engineerId }, { applyFrom: 'today', now, ...(timeZone ? { timeZone } : {}) });
}

/**
 * Whom a scenario's drafted change would put or push over capacity, on the scenario as it stands (its
 * plan with the earlier drafts folded): new work, or an assignment's change as drafted. Other kinds
 * (a project won, a removal) ask nothing here.
 */
export function draftOverloads(plan: Plan, command: DraftedCommand, now: Date, timeZone?: string): NamedOverload[] {
  const options = { applyFrom: 'start' as const, now, ...(timeZone ? { timeZone } : {}) };
  if (command.kind === 'createAssignment') return writeOverloads(plan, null, command.input, options);
  if (command.kind !== 'updateAssignment') return [];
  const shown = plan.assignments.find((a) => a._id === command.assignmentId);
  if (!shown) return [];
  const planned = plannedOf(shown);
  return writeOverloads(plan, planned, { ...planned, ...command.input }, options);
}

/**
 * Whom a bulk edit would put or push over capacity (the bars chosen on the schedule, each moved by
 * whole days or given an allocation), judged as the server makes it: from today on, so a started
 * assignment keeps its days before today and only its part from today changes (domain/keep-past.ts).
 */
export function bulkOverloads(
  plan: Plan,
  selected: readonly Assignment[],
  changes: readonly BulkChange[],
  now: Date,
  timeZone = lastKnownTimeZone(),
): NamedOverload[] {
  const byId = new Map(selected.map((a) => [a._id, a]));
  const pairs: AssignmentChange[] = [];
  for (const change of changes) {
    const a = byId.get(change.assignmentId);
    if (!a || change.op === 'remove') continue;
    const input = change.op === 'move'
      ? { startDate: shiftedByDays(a.startDate, change.days, timeZone), endDate: shiftedByDays(a.endDate, change.days, timeZone) }
      : { allocationPercentage: change.allocationPercentage };
    pairs.push(...changedStates(plannedOf(a), input, 'today', now, timeZone));
  }
  return pairs.length === 0 ? [] : overloadsInPlan(plan, pairs, timeZone);
}
