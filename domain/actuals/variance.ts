import { dateOfDay } from '../capacity/calendar-days.ts';
import type { ActualsEntry } from './events.ts';
import type { PlannedCell } from './planned.ts';
import { mondayOfWeek } from './weeks.ts';

export type VariancePeriod = { key: string; start: string; end: string };
export type VarianceCell = { key: string; plannedHours: number; actualHours: number; varianceHours: number };
export type VarianceTotals = { plannedHours: number; actualHours: number; varianceHours: number };
export type VarianceRow = VarianceTotals & { id: string; name: string; periods: VarianceCell[] };

/** A week as the variance reads it: what was recorded (a week only locked has nothing recorded). */
export type RecordedWeek = { engineerId: string; week: string; entries: readonly ActualsEntry[]; recorded: boolean };

const round = (hours: number) => Math.round(hours * 100) / 100;

/**
 * The periods of a range of whole ISO weeks. Actuals are kept per week, so a month is the weeks whose
 * Thursday is in it (the rule that gives a week its ISO year): planned and actual hours then always
 * cover the same days.
 */
export function variancePeriods(weeks: readonly string[], step: 'week' | 'month'): { periods: VariancePeriod[]; periodOfWeek: number[] } {
  const periods: VariancePeriod[] = [];
  const periodOfWeek: number[] = [];
  for (const week of weeks) {
    const monday = mondayOfWeek(week);
    const key = step === 'week' ? week : dateOfDay(monday + 3).slice(0, 7);
    const last = periods.at(-1);
    if (last?.key === key) last.end = dateOfDay(monday + 6);
    else periods.push({ key, start: dateOfDay(monday), end: dateOfDay(monday + 6) });
    periodOfWeek.push(periods.length - 1);
  }
  return { periods, periodOfWeek };
}

/**
 * Planned beside actual hours, per engineer or per project and period, with their difference (actual
 * minus planned: positive is more work than planned). Rows come furthest from plan first, so the
 * Report's "who and what is off" is the top of the list. A row exists for anything planned or worked.
 */
export function actualsVariance(input: {
  weeks: readonly string[];
  step: 'week' | 'month';
  by: 'engineer' | 'project';
  /** Planned hours per (engineer, project), one figure per week of `weeks`. */
  planned: readonly PlannedCell[];
  actuals: readonly RecordedWeek[];
  nameOf: (id: string) => string;
}): { periods: VariancePeriod[]; rows: VarianceRow[] } {
  const { periods, periodOfWeek } = variancePeriods(input.weeks, input.step);
  const weekIndex = new Map(input.weeks.map((week, i) => [week, i]));
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
    for (const entry of week.entries) sumsOf(rowId(week.engineerId, entry.projectId)).actual[periodOfWeek[w]!]! += entry.hours;
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
