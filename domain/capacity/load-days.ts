/**
 * The day-by-day ground both load views stand on: the capacity model (capacity-over-time.ts, per
 * engineer) and the project plan (project-plan.ts, per project). Both must count an assignment on
 * exactly the same days, so where load counts is decided here once: the days an assignment is on
 * (its first through its last day, in the organisation's time zone: plan-days.ts), and per engineer the days their
 * load counts (their own working days, engineer-days.ts, while employed, not taken off, with capacity).
 *
 * Load is summed in thousandths of a percent (UNIT), as integers, so sums of fractional allocations
 * are exact and the status thresholds are never crossed by rounding noise.
 */
import { DAY_MS, dayOfDate, instantOf } from './calendar-days.ts';
import { DEFAULT_CALENDAR_ID, engineerDays, followsDefaults, holidayDaysByCalendar, type HolidayDays } from './engineer-days.ts';
import { refId, type CapacityAssignment, type CapacityEngineer, type CapacityStep, type Holiday, type PlaceholderDemand, type TimeOffDays } from './inputs.ts';
import { periodGrid, type PeriodGrid } from './periods.ts';
import { localDayOf } from './time-zone.ts';

/** Load is summed in these units, integers for any allocation with up to three decimals. */
export const UNIT = 1000;

/**
 * The range laid out in periods, with the organisation's working days (the default calendar's
 * holidays), and every calendar's holidays of the range for the engineers' own days.
 */
export function viewGrid(
  view: { from: string; to: string; step: CapacityStep },
  allHolidays: readonly (Holiday & { calendarId?: string })[],
): { grid: PeriodGrid; holidays: HolidayDays } {
  const grid = periodGrid(view.from, view.to, view.step, allHolidays.filter((h) => (h.calendarId ?? DEFAULT_CALENDAR_ID) === DEFAULT_CALENDAR_ID));
  return { grid, holidays: holidayDaysByCalendar(allHolidays, grid.firstDay, grid.firstDay + grid.days - 1) };
}

/** Days [start, end) of the range, as indexes, on which something from `startDate` to `endDate` is on. */
export type Span = { start: number; end: number };

/**
 * The days of the range a span is on: from the day its start falls on through the day its end falls
 * on, both included (plan-days.ts), as indexes [start, end).
 */
export function spanInRange(startDate: string, endDate: string, grid: PeriodGrid, timeZone: string): Span | null {
  const startsAt = instantOf(startDate);
  const endsAt = instantOf(endDate);
  if (!(endsAt >= startsAt)) return null;
  // A zone is less than a day away from UTC, so an instant a whole day clear of the range's UTC days
  // cannot touch it: skipping those saves the time-zone lookups for the past and far future.
  if (endsAt < (grid.firstDay - 1) * DAY_MS || startsAt >= (grid.firstDay + grid.days + 1) * DAY_MS) return null;
  const start = Math.max(localDayOf(startsAt, timeZone) - grid.firstDay, 0);
  const end = Math.min(localDayOf(endsAt, timeZone) + 1 - grid.firstDay, grid.days);
  return start < end ? { start, end } : null;
}

export type Booking<A extends CapacityAssignment = CapacityAssignment> = Span & { load: number; tentative: boolean; source: A };

export function bookingsByEngineer<A extends CapacityAssignment>(
  assignments: readonly A[],
  tentativeProjectIds: Iterable<string> | undefined,
  grid: PeriodGrid,
  timeZone: string,
): Map<string, Booking<A>[]> {
  const tentativeProjects = new Set(tentativeProjectIds ?? []);
  const byEngineer = new Map<string, Booking<A>[]>();
  for (const source of assignments) {
    const span = spanInRange(source.startDate, source.endDate, grid, timeZone);
    if (!span) continue;
    const booking = {
      start: span.start,
      end: span.end,
      load: Math.round(source.allocationPercentage * UNIT),
      tentative: tentativeProjects.has(refId(source.projectId)),
      source,
    };
    const id = refId(source.engineerId);
    const list = byEngineer.get(id);
    if (list) list.push(booking);
    else byEngineer.set(id, [booking]);
  }
  return byEngineer;
}

export function timeOffByEngineer(timeOff: readonly TimeOffDays[], grid: PeriodGrid): Map<string, Span[]> {
  const byEngineer = new Map<string, Span[]>();
  for (const entry of timeOff) {
    const start = Math.max(dayOfDate(entry.from) - grid.firstDay, 0);
    const end = Math.min(dayOfDate(entry.to) - grid.firstDay + 1, grid.days);
    if (!(start < end)) continue;
    const list = byEngineer.get(entry.engineerId);
    if (list) list.push({ start, end });
    else byEngineer.set(entry.engineerId, [{ start, end }]);
  }
  return byEngineer;
}

/** Placeholder demand per period: the placeholders' allocation summed over each of the organisation's working days they are on. */
export function placeholderDemand(placeholders: readonly PlaceholderDemand[], grid: PeriodGrid, timeZone: string): Float64Array {
  const change = new Float64Array(grid.days + 1);
  for (const p of placeholders) {
    const span = spanInRange(p.startDate, p.endDate, grid, timeZone);
    if (!span) continue;
    change[span.start]! += Math.round(p.allocationPercentage * UNIT);
    change[span.end]! -= Math.round(p.allocationPercentage * UNIT);
  }
  const demand = new Float64Array(grid.periods.length);
  let load = 0;
  for (let day = 0; day < grid.days; day += 1) {
    load += change[day]!;
    if (grid.working[day]) demand[grid.periodOfDay[day]!]! += load;
  }
  return demand;
}

/** What a day is to an engineer, in the order the model asks: not theirs at all, then why nothing counts, then counted. */
export const DayState = {
  /** Not a working day of their work week and calendar: nothing to count, nothing to conflict with. */
  none: 0,
  /** A working day of their week before they start or from the day they leave. */
  notEmployed: 1,
  timeOff: 2,
  /** A working day with no capacity (a default engineer with maxCapacity 0): a working day, free 0 %. */
  noCapacity: 3,
  /** Load counts here. */
  counted: 4,
} as const;

/** One engineer's days of the range, the arrays reused from engineer to engineer. */
export class EngineerDayStates {
  /** The engineer's capacity per day of the range, in load units, and whether their week and calendar make it a working day. */
  readonly dayCapacity: Float64Array;
  readonly workable: Uint8Array;
  /** A DayState per day. */
  readonly state: Uint8Array;

  constructor(days: number) {
    this.dayCapacity = new Float64Array(days);
    this.workable = new Uint8Array(days);
    this.state = new Uint8Array(days);
  }
}

/** The engineer's capacity per day: the organisation's working days at maxCapacity, or their own days (engineer-days.ts). */
function fillDays(engineer: CapacityEngineer, grid: PeriodGrid, holidays: HolidayDays, days: EngineerDayStates) {
  if (followsDefaults(engineer)) {
    const capacity = Math.round(engineer.maxCapacity * UNIT);
    for (let day = 0; day < grid.days; day += 1) {
      days.workable[day] = grid.working[day]!;
      days.dayCapacity[day] = grid.working[day] ? capacity : 0;
    }
    return;
  }
  engineerDays(engineer, grid.firstDay, grid.days, holidays, { capacity: days.dayCapacity, workable: days.workable }, UNIT);
}

/**
 * Fills `days` for one engineer; returns whether any of their working days in the range is off (time
 * off, or not employed yet or any more). A default engineer with maxCapacity 0 still has working
 * days: they are free 0 %, not off.
 */
export function markEngineerDays(engineer: CapacityEngineer, timeOff: readonly Span[], grid: PeriodGrid, holidays: HolidayDays, days: EngineerDayStates): boolean {
  fillDays(engineer, grid, holidays, days);
  const { state, workable, dayCapacity } = days;
  state.fill(DayState.none);
  for (const span of timeOff) state.fill(DayState.timeOff, span.start, span.end);
  const defaults = followsDefaults(engineer);
  let anyOff = false;
  for (let day = 0; day < grid.days; day += 1) {
    if (!workable[day]) {
      state[day] = DayState.none;
      continue;
    }
    const capacity = dayCapacity[day]!;
    if (!(defaults || capacity > 0)) {
      state[day] = DayState.notEmployed;
      anyOff = true;
    } else if (state[day] === DayState.timeOff) anyOff = true;
    else state[day] = capacity > 0 ? DayState.counted : DayState.noCapacity;
  }
  return anyOff;
}

/**
 * An engineer's counted days (DayState.counted) as running sums, so how many days of a booking count
 * in each period is one subtraction. Built once per range, marked once per engineer.
 */
export class CountedDays {
  private readonly grid: PeriodGrid;
  private readonly before: Int32Array;
  private readonly periodFirst: number[];
  private readonly periodEnd: number[];

  constructor(grid: PeriodGrid) {
    this.grid = grid;
    this.before = new Int32Array(grid.days + 1);
    // Each period's days as indexes [first, end) of the range.
    this.periodFirst = grid.periods.map((p) => dayOfDate(p.start) - grid.firstDay);
    this.periodEnd = grid.periods.map((p) => dayOfDate(p.end) - grid.firstDay + 1);
  }

  mark(days: EngineerDayStates) {
    for (let day = 0; day < this.grid.days; day += 1) this.before[day + 1] = this.before[day]! + (days.state[day] === DayState.counted ? 1 : 0);
  }

  /** Whether any day of the period counts (the engineer has capacity there). */
  anyIn(period: number): boolean {
    return this.before[this.periodEnd[period]!]! > this.before[this.periodFirst[period]!]!;
  }

  /** How many days of the period count (the engineer's working days with capacity there). */
  countIn(period: number): number {
    return this.before[this.periodEnd[period]!]! - this.before[this.periodFirst[period]!]!;
  }

  /** Calls `add` with each period the span touches and how many of its days there count (possibly 0). */
  eachPeriod(span: Span, add: (period: number, counted: number) => void) {
    const { before, periodFirst, periodEnd } = this;
    for (let p = this.grid.periodOfDay[span.start]!; p < periodFirst.length && periodFirst[p]! < span.end; p += 1) {
      add(p, before[Math.min(span.end, periodEnd[p]!)]! - before[Math.max(span.start, periodFirst[p]!)]!);
    }
  }
}
