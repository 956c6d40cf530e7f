import { dateOfDay, dayOfDate, mondayOf } from '../capacity/calendar-days.ts';
import { utilizationStatus, type UtilizationStatus } from '../figures.ts';
import type { ActualsVariance } from './contracts.ts';
import { hoursOfLoad } from './planned.ts';
import { weekDates } from './weeks.ts';

/**
 * The schedule's Actual mode: which of its periods show what was recorded instead of the plan, and how
 * recorded hours read against capacity. A week is filled once it is over, so only periods that ended
 * before the current ISO week show actuals; the current and later ones keep showing the plan.
 */

/** Whether a period ending on `periodEnd` ended before the ISO week that `today` is in. */
export const endedBeforeThisWeek = (periodEnd: string, today: string) => dayOfDate(periodEnd) < mondayOf(dayOfDate(today));

/**
 * The whole weeks of from..to (both included) that ended before the ISO week `today` is in; null when
 * none did. Whole weeks from the Monday on: a schedule's month holds the weeks whose Thursday is in it,
 * so a window starting on the 1st must not cut the first of them (GET /api/actuals counts only the days asked for).
 */
export function pastPart(range: { from: string; to: string }, today: string): { from: string; to: string } | null {
  const lastSunday = mondayOf(dayOfDate(today)) - 1;
  const to = Math.min(dayOfDate(range.to), lastSunday);
  const from = mondayOf(dayOfDate(range.from));
  return to < dayOfDate(range.from) ? null : { from: dateOfDay(from), to: dateOfDay(to) };
}

export type ActualLoad = { capacityHours: number; utilization: number | null; status: UtilizationStatus | 'off' };

/**
 * Recorded hours against a period's capacity: the capacity model's percent-days as hours (the same
 * conversion as planned hours), then the one status rule of the plan, on hours. No capacity reads 'off'.
 */
export function actualLoad(hours: number, capacityPercentDays: number, hoursPerDay: number): ActualLoad {
  const capacityHours = hoursOfLoad(capacityPercentDays, hoursPerDay);
  if (capacityHours <= 0) return { capacityHours: 0, utilization: null, status: 'off' };
  return { capacityHours, utilization: Math.round((hours / capacityHours) * 1000) / 10, status: utilizationStatus(hours, capacityHours) };
}

/** What an engineer recorded for one past period of the schedule. */
export type RecordedPeriod = {
  hours: number;
  /** The weeks of the period in which they had working time and recorded nothing. */
  unfilled: string[];
  /**
   * The days the recorded weeks cover. Actuals are kept per ISO week, and a month holds the weeks whose
   * Thursday falls in it, so a month's actuals may start or end a few days off the calendar month.
   */
  from: string;
  to: string;
  hoursPerDay: number;
};

/** Nothing recorded and nothing missing: no working time (the plan's period reads off), or an empty week recorded. */
const nothingIn = (from: string, to: string, hoursPerDay: number): RecordedPeriod => ({ hours: 0, unfilled: [], from, to, hoursPerDay });

export type RecordedPeriods = {
  /** Per engineer, one entry per period of the schedule: what was recorded, or null where the plan shows. */
  byEngineer: ReadonlyMap<string, readonly (RecordedPeriod | null)[]>;
  /** The entries of an engineer the answer does not name: nothing planned, recorded or missing. */
  none: readonly (RecordedPeriod | null)[];
};

/**
 * GET /api/actuals's answer (by engineer, the schedule's step) laid over the schedule's periods: each
 * period that ended before this week and that the answer covers gets the engineer's recorded hours and
 * the weeks they did not fill; every other period is null and keeps showing the plan.
 */
export function recordedPeriods(answer: ActualsVariance, periods: readonly { key: string; end: string }[], today: string): RecordedPeriods {
  const hoursPerDay = answer.hoursPerDay;
  const answered = new Map(answer.periods.map((p, index) => [p.key, { ...p, index }]));
  const shown = periods.map((p) => (endedBeforeThisWeek(p.end, today) ? (answered.get(p.key) ?? null) : null));
  const emptyRow = () => shown.map((p) => (p ? nothingIn(p.start, p.end, hoursPerDay) : null));
  const byEngineer = new Map<string, (RecordedPeriod | null)[]>();
  const rowOf = (engineerId: string) => {
    let row = byEngineer.get(engineerId);
    if (!row) byEngineer.set(engineerId, (row = emptyRow()));
    return row;
  };
  const columnOf = new Map(shown.flatMap((p, column) => (p ? [[p.index, column] as const] : [])));
  for (const row of answer.rows) {
    if (!row.engineer) continue;
    const cells = rowOf(row.engineer._id);
    row.periods.forEach((cell, index) => {
      const column = columnOf.get(index);
      if (column !== undefined) cells[column]!.hours = cell.actualHours;
    });
  }
  for (const { engineerId, week } of answer.missing) {
    const monday = weekDates(week).from;
    const column = shown.findIndex((p) => p !== null && p.start <= monday && monday <= p.end);
    if (column >= 0) rowOf(engineerId)[column]!.unfilled.push(week);
  }
  return { byEngineer, none: emptyRow() };
}

/** What everyone in view recorded in one past period: the totals row's Actual figures. */
export type RecordedTotal = {
  hours: number;
  /** How many people in view left (some of) the period's weeks unfilled. */
  unfilledPeople: number;
  hoursPerDay: number;
};

/**
 * The totals row in the Actual mode: per period of the grid, the sum of what the people in view
 * recorded and how many of them left weeks unfilled; null where the period shows the plan (the
 * current week and later), as each person's cell does.
 */
export function recordedTotals(rows: Iterable<readonly (RecordedPeriod | null)[]>, periods: number): (RecordedTotal | null)[] {
  const totals: (RecordedTotal | null)[] = Array.from({ length: periods }, () => null);
  for (const row of rows) {
    for (let column = 0; column < periods; column += 1) {
      const recorded = row[column];
      if (!recorded) continue;
      const total = (totals[column] ??= { hours: 0, unfilledPeople: 0, hoursPerDay: recorded.hoursPerDay });
      total.hours += recorded.hours;
      if (recorded.unfilled.length > 0) total.unfilledPeople += 1;
    }
  }
  for (const total of totals) if (total) total.hours = Math.round(total.hours * 10) / 10;
  return totals;
}
