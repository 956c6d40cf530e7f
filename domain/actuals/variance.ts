import { dateOfDay, dayOfDate, isoWeekKey, mondayOf } from '../capacity/calendar-days.ts';
import type { ActualsEntry } from './events.ts';
import type { PlannedCell } from './planned.ts';
import { mondayOfWeek } from './weeks.ts';

export type VariancePeriod = { key: string; start: string; end: string; toDate: boolean };
export type VarianceCell = { key: string; plannedHours: number; actualHours: number; varianceHours: number };
export type VarianceTotals = { plannedHours: number; actualHours: number; varianceHours: number };
export type VarianceRow = VarianceTotals & { id: string; name: string; periods: VarianceCell[] };

/** A week as the variance reads it: what was recorded (a week only locked has nothing recorded). */
export type RecordedWeek = { engineerId: string; week: string; entries: readonly ActualsEntry[]; recorded: boolean };

const round = (hours: number) => Math.round(hours * 100) / 100;

/**
 * The part of an ISO week that a view counts: its days inside the range, up to today. `whole` when
 * that is all seven; `toDate` when today is in it (the week is not over, so it counts to date).
 */
export type ViewWeek = { week: string; start: string; end: string; whole: boolean; toDate: boolean };

/**
 * The weeks a view over from..to (both included) counts: a range means what it shows. Each ISO week
 * with a day in the range keeps only those days, so a range starting on a Sunday does not count the
 * five working days before it; the week today is in counts up to today and says so; days after today
 * count nothing, as nothing can be set against their plan yet. Null when no day of the range has come.
 */
export function viewWeeks(from: string, to: string, today: string): { from: string; to: string; weeks: ViewWeek[] } | null {
  const first = dayOfDate(from);
  const now = dayOfDate(today);
  const last = Math.min(dayOfDate(to), now);
  if (!(last >= first)) return null;
  const weeks: ViewWeek[] = [];
  for (let monday = mondayOf(first); monday <= last; monday += 7) {
    const start = Math.max(monday, first);
    const end = Math.min(monday + 6, last);
    weeks.push({
      week: isoWeekKey(monday),
      start: dateOfDay(start),
      end: dateOfDay(end),
      whole: start === monday && end === monday + 6,
      toDate: monday <= now && now <= monday + 6,
    });
  }
  return { from: dateOfDay(first), to: dateOfDay(last), weeks };
}

/**
 * What a week cut by the view keeps of the hours recorded for all of it (actuals are kept per week):
 * the share of the engineer's counted days (the capacity model's, so holidays, time off and their
 * work week count) that lie inside the view. Hours recorded for a week without any such day keep the
 * share of its calendar days.
 */
export function recordedShare(week: ViewWeek, countedInside: number, countedWhole: number): number {
  if (week.whole) return 1;
  if (countedWhole > 0) return countedInside / countedWhole;
  return (dayOfDate(week.end) - dayOfDate(week.start) + 1) / 7;
}

/**
 * The periods of a view's weeks. Actuals are kept per week, so a month is the weeks whose Thursday is
 * in it (the rule that gives a week its ISO year): planned and actual hours then always cover the same
 * days. A week cut by the range goes by the day of its part nearest that Thursday, so the Sunday a
 * range starts on is in the month it shows, not in the month before. A period spans its weeks' counted
 * days, and counts to date when one of them does.
 */
export function variancePeriods(weeks: readonly ViewWeek[], step: 'week' | 'month'): { periods: VariancePeriod[]; periodOfWeek: number[] } {
  const periods: VariancePeriod[] = [];
  const periodOfWeek: number[] = [];
  for (const week of weeks) {
    const monday = mondayOfWeek(week.week);
    const key = step === 'week' ? week.week : dateOfDay(Math.min(Math.max(monday + 3, dayOfDate(week.start)), dayOfDate(week.end))).slice(0, 7);
    const last = periods.at(-1);
    if (last?.key === key) {
      last.end = week.end;
      last.toDate ||= week.toDate;
    } else periods.push({ key, start: week.start, end: week.end, toDate: week.toDate });
    periodOfWeek.push(periods.length - 1);
  }
  return { periods, periodOfWeek };
}

/**
 * Planned beside actual hours, per engineer or per project and period, with their difference (actual
 * minus planned: positive is more work than planned). Rows come furthest from plan first, so the
 * Report's "who and what is off" is the top of the list. A row exists for anything planned or worked.
 * Planned hours come counted over the view's days already; a week's recorded hours count by
 * `shareOf` (recordedShare: 1 for a whole week).
 */
export function actualsVariance(input: {
  weeks: readonly ViewWeek[];
  step: 'week' | 'month';
  by: 'engineer' | 'project';
  /** Planned hours per (engineer, project), one figure per week of `weeks`, over its days in the view. */
  planned: readonly PlannedCell[];
  actuals: readonly RecordedWeek[];
  nameOf: (id: string) => string;
  /** The share of an engineer's recorded week (by index in `weeks`) that the view counts; all of it by default. */
  shareOf?: (engineerId: string, week: number) => number;
}): { periods: VariancePeriod[]; rows: VarianceRow[] } {
  const { periods, periodOfWeek } = variancePeriods(input.weeks, input.step);
  const weekIndex = new Map(input.weeks.map((week, i) => [week.week, i]));
  const shareOf = input.shareOf ?? (() => 1);
  const sums = new Map<string, { planned: Float64Array; actual: Float64Array }>();
  const sumsOf = (id: string) => {
    let found = sums.get(id);
    if (!found) sums.set(id, (found = { planned: new Float64Array(periods.length), actual: new Float64Array(periods.length) }));
    return found;
  };
  const rowId = (engineerId: string, projectId: string) => (input.by === 'engineer' ? engineerId : projectId);
  for (const cell of input.planned) {
    const { planned } = sumsOf(rowId(cell.engineerId, cell.projectId));
    for (let w = 0; w < cell.hours.length; w += 1) planned[periodOfWeek[w]!]! += cell.hours[w]!;
  }
  for (const week of input.actuals) {
    const w = weekIndex.get(week.week);
    if (w === undefined) continue;
    const share = shareOf(week.engineerId, w);
    if (share === 0) continue;
    for (const entry of week.entries) sumsOf(rowId(week.engineerId, entry.projectId)).actual[periodOfWeek[w]!]! += entry.hours * share;
  }
  const rows = [...sums].map(([id, { planned, actual }]): VarianceRow => {
    const cells = periods.map((p, i) => ({ key: p.key, plannedHours: round(planned[i]!), actualHours: round(actual[i]!), varianceHours: round(actual[i]! - planned[i]!) }));
    const plannedHours = round(cells.reduce((s, c) => s + c.plannedHours, 0));
    const actualHours = round(cells.reduce((s, c) => s + c.actualHours, 0));
    return { id, name: input.nameOf(id), periods: cells, plannedHours, actualHours, varianceHours: round(actualHours - plannedHours) };
  });
  rows.sort((a, b) => Math.abs(b.varianceHours) - Math.abs(a.varianceHours) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { periods, rows };
}

/**
 * Who has not filled which week: a week that has ended (before `currentWeek`), in which the engineer
 * had working time, with nothing recorded.
 */
export function missingWeeks(input: {
  weeks: readonly string[];
  currentWeek: string;
  /** Per engineer, whether they had capacity in each week of `weeks`. */
  working: ReadonlyMap<string, readonly boolean[]>;
  actuals: readonly RecordedWeek[];
}): { engineerId: string; week: string }[] {
  const filled = new Map<string, Set<string>>();
  for (const w of input.actuals) {
    if (!w.recorded) continue;
    const weeks = filled.get(w.engineerId);
    if (weeks) weeks.add(w.week);
    else filled.set(w.engineerId, new Set([w.week]));
  }
  const missing: { engineerId: string; week: string }[] = [];
  input.weeks.forEach((week, w) => {
    if (!(week < input.currentWeek)) return;
    for (const [engineerId, working] of input.working) {
      if (working[w] && !filled.get(engineerId)?.has(week)) missing.push({ engineerId, week });
    }
  });
  return missing;
}
