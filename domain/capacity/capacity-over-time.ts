/**
 * Capacity over time: how much each engineer can work and how much is booked, day by day, summed
 * into days, ISO weeks or calendar months.
 *
 * The model in short:
 * - Everything is counted in whole calendar days of the organisation's time zone. Which days an
 *   engineer works, and how much of each, is their own (engineer-days.ts): their work week, the
 *   holidays of the calendar they follow, and the dates they join and leave. Without any of those, a
 *   day counts Monday to Friday unless it is a holiday of the default calendar.
 * - Assignments (and placeholders) are stored as instants, each read as the day it falls on; a span
 *   counts from its first day through its last, both included (plan-days.ts): one from Monday to
 *   Friday counts five days, and one starting and ending on the same day counts that day.
 * - On a working day an engineer brings that day's part of their work week, or nothing on a day off.
 *   Load only counts where there is capacity; work planned on a day off, before the start or from the
 *   leave date is reported as a conflict instead, so a week of vacation never shows up as an overload.
 * - Work on tentative (pipeline) projects is kept apart from confirmed work; asking to include it
 *   adds it to the booked figure, and so to utilisation, status and free.
 * - A period sums its working days inside the range. Utilisation is booked / capacity, status uses
 *   the same thresholds as today's figures (above capacity overloaded, under half underutilized),
 *   and a period without capacity is 'off'. Free is what is left per working day, in percent of a
 *   day: a full-timer with nothing booked and two days off in a week is 60 % free that week.
 * - An overload is a day's, not a period's: a period counts its working days where booked is above
 *   that day's capacity (`overloadedDays`) and its highest day (`peak`), and any such day makes it
 *   overloaded whatever its average. Otherwise two weeks at 130 % read as a green month at 100 %.
 *   A row's peak is its highest day in the view.
 * - Placeholders (work without a person yet) are demand: they show in the totals, never in a row.
 *
 * Which days load counts on, and the load units, are load-days.ts's: the project plan counts the same.
 */
import { utilizationStatus, type UtilizationStatus } from '../figures.ts';
import { dayOfDate } from './calendar-days.ts';
import { DEFAULT_CALENDAR_ID, followsDefaults, holidayOf, type HolidayDays } from './engineer-days.ts';
import { refId, type CapacityAssignment, type CapacityEngineer, type CapacityStep, type Holiday, type PlaceholderDemand, type TimeOffDays } from './inputs.ts';
import {
  bookingsByEngineer, DayState, EngineerDayStates, markEngineerDays, placeholderDemand, timeOffByEngineer, UNIT, viewGrid, type Booking, type Span,
} from './load-days.ts';
import type { CapacityPeriod, PeriodGrid } from './periods.ts';

export type CapacityStatus = UtilizationStatus | 'off';

export type EngineerPeriod = CapacityPeriod & {
  /** Sum of maxCapacity over the working days not taken off (percent-days: 100 is one full day). */
  capacity: number;
  /** Confirmed load on the days with capacity, plus tentative load when it is included. */
  booked: number;
  /** Load of tentative projects on the days with capacity, whether included in booked or not. */
  tentative: number;
  /** Working days taken off (days off outside the work week or on a holiday cost nothing and are not counted). */
  timeOffDays: number;
  /** booked / capacity x 100 to one decimal; null when there is no capacity. */
  utilization: number | null;
  /** 'overloaded' when any day is (overloadedDays > 0), whatever the average; else by the average; 'off' without capacity. */
  status: CapacityStatus;
  /** (capacity - booked) per working day, in percent of a day, to one decimal; negative when overbooked; null without working days. */
  free: number | null;
  /** Working days with capacity on which booked is above that day's capacity. */
  overloadedDays: number;
  /** The highest utilisation of a single day (booked / that day's capacity x 100, to one decimal); null when there is no capacity. */
  peak: number | null;
};

/** Work planned on a working day the engineer has off: shown, never counted. */
export type CapacityConflict = { assignmentId?: string; projectId: string; date: string; tentative: boolean };

export type EngineerCapacity<E extends CapacityEngineer = CapacityEngineer> = {
  engineer: E;
  periods: EngineerPeriod[];
  /** The highest utilisation of any day in the view (the highest period peak); null when every period is off. */
  peakUtilization: number | null;
  /** The lowest free figure of any period with working days. */
  minFree: number | null;
  conflicts: CapacityConflict[];
};

/** Supply and demand of everyone in the view: confirmed and tentative load apart, placeholders beside them. */
export type CapacityTotal = CapacityPeriod & { capacity: number; confirmed: number; tentative: number; placeholder: number };

export type CapacityOverTime<E extends CapacityEngineer = CapacityEngineer> = {
  periods: CapacityPeriod[];
  engineers: EngineerCapacity<E>[];
  totals: CapacityTotal[];
};

/** The facts the model reads. Time is not among them: the range says which dates to look at. */
export type CapacityFacts<E extends CapacityEngineer = CapacityEngineer> = {
  engineers: readonly E[];
  assignments: readonly CapacityAssignment[];
  /** Projects not won yet: their assignments are tentative load. */
  tentativeProjectIds?: Iterable<string>;
  timeOff?: readonly TimeOffDays[];
  /** Holidays of every calendar; one without `calendarId` is the default calendar's. */
  holidays?: readonly (Holiday & { calendarId?: string })[];
  placeholders?: readonly PlaceholderDemand[];
  /** The organisation's IANA time zone; calendar days are its days. */
  timeZone?: string;
};

export type CapacityView = { from: string; to: string; step: CapacityStep; includeTentative?: boolean };

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Capacity, confirmed and tentative load per period, in load units. */
class PeriodSums {
  readonly capacity: Float64Array;
  readonly confirmed: Float64Array;
  readonly tentative: Float64Array;

  constructor(periods: number) {
    this.capacity = new Float64Array(periods);
    this.confirmed = new Float64Array(periods);
    this.tentative = new Float64Array(periods);
  }

  add(other: PeriodSums) {
    for (let p = 0; p < this.capacity.length; p += 1) {
      this.capacity[p]! += other.capacity[p]!;
      this.confirmed[p]! += other.confirmed[p]!;
      this.tentative[p]! += other.tentative[p]!;
    }
  }
}

/**
 * One engineer's sums, the arrays reused from engineer to engineer: per day, the change of
 * confirmed and tentative load (a booking writes where its load starts and stops, not every day
 * in between) and what the day is to them (load-days.ts).
 */
class EngineerSums extends PeriodSums {
  readonly confirmedChange: Float64Array;
  readonly tentativeChange: Float64Array;
  readonly days: EngineerDayStates;
  readonly timeOffDays: Int32Array;
  /** The engineer's own working days per period (employed, in their work week, not a holiday of their calendar). */
  readonly workingDays: Int32Array;
  /** Working days off before each day: conflictsOf's scratch, so a booking's overlap with them is one subtraction. */
  readonly offBefore: Int32Array;
  /** Per period: the days booked above that day's capacity, and the highest booked / capacity of a day (-1 without a counted day). */
  readonly overloadedDays: Int32Array;
  readonly peakShare: Float64Array;

  constructor(days: number, periods: number) {
    super(periods);
    this.confirmedChange = new Float64Array(days + 1);
    this.tentativeChange = new Float64Array(days + 1);
    this.days = new EngineerDayStates(days);
    this.timeOffDays = new Int32Array(periods);
    this.workingDays = new Int32Array(periods);
    this.offBefore = new Int32Array(days + 1);
    this.overloadedDays = new Int32Array(periods);
    this.peakShare = new Float64Array(periods);
  }

  reset() {
    for (const array of [this.confirmedChange, this.tentativeChange, this.capacity, this.confirmed, this.tentative, this.timeOffDays, this.workingDays, this.overloadedDays]) {
      array.fill(0);
    }
    this.peakShare.fill(-1);
  }
}

/**
 * Fills `sums` for one engineer; returns whether any of their working days in the range is off (see
 * markEngineerDays). A day's own load (booked, with tentative work when the view includes it) is
 * already at hand in the running sums, so its overload and share cost a comparison and a division.
 */
function sumEngineer(
  engineer: CapacityEngineer,
  bookings: readonly Booking[],
  timeOff: readonly Span[],
  grid: PeriodGrid,
  holidays: HolidayDays,
  includeTentative: boolean,
  sums: EngineerSums,
): boolean {
  sums.reset();
  const anyOff = markEngineerDays(engineer, timeOff, grid, holidays, sums.days);
  for (const b of bookings) {
    const change = b.tentative ? sums.tentativeChange : sums.confirmedChange;
    change[b.start]! += b.load;
    change[b.end]! -= b.load;
  }
  const { state, dayCapacity } = sums.days;
  let confirmed = 0;
  let tentative = 0;
  for (let day = 0; day < grid.days; day += 1) {
    confirmed += sums.confirmedChange[day]!;
    tentative += sums.tentativeChange[day]!;
    const dayState = state[day]!;
    if (dayState <= DayState.notEmployed) continue;
    const period = grid.periodOfDay[day]!;
    sums.workingDays[period]! += 1;
    if (dayState === DayState.timeOff) {
      sums.timeOffDays[period]! += 1;
      continue;
    }
    if (dayState !== DayState.counted) continue;
    const capacity = dayCapacity[day]!;
    sums.capacity[period]! += capacity;
    sums.confirmed[period]! += confirmed;
    sums.tentative[period]! += tentative;
    const booked = includeTentative ? confirmed + tentative : confirmed;
    if (booked > capacity) sums.overloadedDays[period]! += 1;
    const share = booked / capacity;
    if (share > sums.peakShare[period]!) sums.peakShare[period] = share;
  }
  return anyOff;
}

/** Id order, so that the answer does not depend on the order the assignments were read in. */
const sourceKey = (b: Booking) => `${b.source._id ?? ''}\u0000${refId(b.source.projectId)}`;

/**
 * Conflicts in date order, then assignment id: for each working day off, the bookings that cover it.
 * Only the bookings that touch a working day off are ordered, each key built once: an engineer with
 * one day off and dozens of bookings is common, a conflict is not.
 */
function conflictsOf(bookings: readonly Booking[], grid: PeriodGrid, sums: EngineerSums): CapacityConflict[] {
  const { offBefore } = sums;
  const { state } = sums.days;
  const isOff = (day: number) => state[day] === DayState.notEmployed || state[day] === DayState.timeOff;
  for (let day = 0; day < grid.days; day += 1) offBefore[day + 1] = offBefore[day]! + (isOff(day) ? 1 : 0);
  const touching = bookings.filter((b) => offBefore[b.end]! > offBefore[b.start]!);
  if (touching.length === 0) return [];
  const ordered = touching
    .map((booking) => ({ booking, key: sourceKey(booking) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ booking }) => booking);
  const conflicts: CapacityConflict[] = [];
  for (let day = 0; day < grid.days; day += 1) {
    if (!isOff(day)) continue;
    for (const b of ordered) {
      if (day < b.start || day >= b.end) continue;
      const conflict: CapacityConflict = { projectId: refId(b.source.projectId), date: grid.dates[day]!, tentative: b.tentative };
      if (b.source._id !== undefined) conflict.assignmentId = b.source._id;
      conflicts.push(conflict);
    }
  }
  return conflicts;
}

/**
 * The holidays that took one of the engineer's working days away, per period; null when that is the
 * organisation's list (a default engineer), so their cells share the period's list.
 */
function ownHolidays(engineer: CapacityEngineer, grid: PeriodGrid, holidays: HolidayDays): Holiday[][] | null {
  if (followsDefaults(engineer)) return null;
  const lists: Holiday[][] = grid.periods.map(() => []);
  const calendarIds = new Set([DEFAULT_CALENDAR_ID, ...(engineer.calendars ?? []).map((c) => c.calendarId)]);
  const days = new Set<number>();
  for (const id of calendarIds) for (const day of holidays.get(id)?.keys() ?? []) days.add(day);
  const start = engineer.startDate ? dayOfDate(engineer.startDate) : Number.NEGATIVE_INFINITY;
  const leave = engineer.leaveDate ? dayOfDate(engineer.leaveDate) : Number.POSITIVE_INFINITY;
  for (const day of [...days].sort((a, b) => a - b)) {
    // A holiday before they join or after they leave takes nothing from them.
    if (day < start || day >= leave) continue;
    const holiday = holidayOf(engineer, day, holidays);
    if (holiday) lists[grid.periodOfDay[day - grid.firstDay]!]!.push({ date: holiday.date, name: holiday.name });
  }
  return lists;
}

/** A period's status: overloaded on any day is overloaded, whatever the average; otherwise today's thresholds on the average. */
export function periodStatus(booked: number, capacity: number, overloadedDays: number): CapacityStatus {
  if (!(capacity > 0)) return 'off';
  return overloadedDays > 0 ? 'overloaded' : utilizationStatus(booked, capacity);
}

/**
 * What a period over capacity on some day says, or null: the days over, of its days with capacity,
 * and its highest day ('over capacity on 8 of 21 days, peak 130%'). The schedule's cells, the digest
 * and the notices say it in these words.
 */
export function overloadText(p: Pick<EngineerPeriod, 'overloadedDays' | 'peak' | 'workingDays' | 'timeOffDays'>): string | null {
  if (!(p.overloadedDays > 0) || p.peak === null) return null;
  const days = p.workingDays - p.timeOffDays;
  return `over capacity on ${p.overloadedDays} of ${days} ${days === 1 ? 'day' : 'days'}, peak ${p.peak}%`;
}

function engineerPeriods(grid: PeriodGrid, sums: EngineerSums, holidays: Holiday[][] | null, includeTentative: boolean): EngineerPeriod[] {
  return grid.periods.map((period, index) => {
    const capacity = sums.capacity[index]!;
    const tentative = sums.tentative[index]!;
    const booked = sums.confirmed[index]! + (includeTentative ? tentative : 0);
    const workingDays = sums.workingDays[index]!;
    const overloadedDays = sums.overloadedDays[index]!;
    const peakShare = sums.peakShare[index]!;
    // Every field written out, in one order, so all rows share one object shape.
    return {
      key: period.key,
      start: period.start,
      end: period.end,
      workingDays,
      holidays: holidays ? holidays[index]! : period.holidays,
      capacity: capacity / UNIT,
      booked: booked / UNIT,
      tentative: tentative / UNIT,
      timeOffDays: sums.timeOffDays[index]!,
      utilization: capacity > 0 ? oneDecimal((booked / capacity) * 100) : null,
      status: periodStatus(booked, capacity, overloadedDays),
      free: workingDays > 0 ? oneDecimal((capacity - booked) / UNIT / workingDays) : null,
      overloadedDays,
      peak: capacity > 0 && peakShare >= 0 ? oneDecimal(peakShare * 100) : null,
    };
  });
}

function extremes(periods: readonly EngineerPeriod[]) {
  let peakUtilization: number | null = null;
  let minFree: number | null = null;
  for (const p of periods) {
    if (p.peak !== null && (peakUtilization === null || p.peak > peakUtilization)) peakUtilization = p.peak;
    if (p.free !== null && (minFree === null || p.free < minFree)) minFree = p.free;
  }
  return { peakUtilization, minFree };
}

/** Every engineer's capacity, load and status per period of the view, and the totals of them all. */
export function capacityOverTime<E extends CapacityEngineer>(facts: CapacityFacts<E>, view: CapacityView): CapacityOverTime<E> {
  const timeZone = facts.timeZone ?? 'UTC';
  const includeTentative = view.includeTentative ?? false;
  const { grid, holidays } = viewGrid(view, facts.holidays ?? []);
  const bookings = bookingsByEngineer(facts.assignments, facts.tentativeProjectIds, grid, timeZone);
  const timeOff = timeOffByEngineer(facts.timeOff ?? [], grid);
  const sums = new EngineerSums(grid.days, grid.periods.length);
  const supply = new PeriodSums(grid.periods.length);

  const engineers = facts.engineers.map((engineer): EngineerCapacity<E> => {
    const own = bookings.get(engineer._id) ?? [];
    const anyOff = sumEngineer(engineer, own, timeOff.get(engineer._id) ?? [], grid, holidays, includeTentative, sums);
    supply.add(sums);
    const periods = engineerPeriods(grid, sums, ownHolidays(engineer, grid, holidays), includeTentative);
    return { engineer, periods, ...extremes(periods), conflicts: anyOff ? conflictsOf(own, grid, sums) : [] };
  });

  const demand = placeholderDemand(facts.placeholders ?? [], grid, timeZone);
  const totals = grid.periods.map((period, p) => ({
    ...period,
    capacity: supply.capacity[p]! / UNIT,
    confirmed: supply.confirmed[p]! / UNIT,
    tentative: supply.tentative[p]! / UNIT,
    placeholder: demand[p]! / UNIT,
  }));
  return { periods: grid.periods, engineers, totals };
}

/** One engineer's sums per period, in load units (UNIT per percent-day), as periodSumsByEngineer hands them. */
export type EngineerPeriodSums = {
  readonly capacity: Float64Array;
  readonly confirmed: Float64Array;
  readonly tentative: Float64Array;
  readonly overloadedDays: Int32Array;
};

/**
 * Each engineer's capacity, confirmed and tentative load and overloaded days per period of the view,
 * handed to `visit` one engineer at a time in reused arrays: the sums capacityOverTime builds its rows
 * from, without a period object per engineer and period (a report over a year of weeks for two
 * thousand people folds 104,000 of them into a few groups). Returns the view's periods.
 */
export function periodSumsByEngineer<E extends CapacityEngineer>(
  facts: CapacityFacts<E>,
  view: CapacityView,
  visit: (engineer: E, sums: EngineerPeriodSums) => void,
): CapacityPeriod[] {
  const timeZone = facts.timeZone ?? 'UTC';
  const { grid, holidays } = viewGrid(view, facts.holidays ?? []);
  const bookings = bookingsByEngineer(facts.assignments, facts.tentativeProjectIds, grid, timeZone);
  const timeOff = timeOffByEngineer(facts.timeOff ?? [], grid);
  const sums = new EngineerSums(grid.days, grid.periods.length);
  for (const engineer of facts.engineers) {
    sumEngineer(engineer, bookings.get(engineer._id) ?? [], timeOff.get(engineer._id) ?? [], grid, holidays, view.includeTentative ?? false, sums);
    visit(engineer, sums);
  }
  return grid.periods;
}

/**
 * Each engineer's free figure per day of from..to (percent of a day, one decimal, as a one-day period's
 * `free`; NaN where the day is not one of their working days), handed to `visit` one engineer at a time
 * in one reused array. The same sums as capacityOverTime at step 'day', without a period object per day
 * and engineer: a fit over half a year for two thousand people reads 364,000 days.
 */
export function freeByDay<E extends CapacityEngineer>(
  facts: CapacityFacts<E>,
  view: { from: string; to: string; includeTentative?: boolean },
  visit: (engineer: E, free: Float64Array, dates: readonly string[]) => void,
): void {
  const timeZone = facts.timeZone ?? 'UTC';
  const includeTentative = view.includeTentative ?? false;
  const { grid, holidays } = viewGrid({ ...view, step: 'day' }, facts.holidays ?? []);
  const bookings = bookingsByEngineer(facts.assignments, facts.tentativeProjectIds, grid, timeZone);
  const timeOff = timeOffByEngineer(facts.timeOff ?? [], grid);
  const sums = new EngineerSums(grid.days, grid.periods.length);
  const free = new Float64Array(grid.periods.length);
  const dates = grid.periods.map((p) => p.key);
  for (const engineer of facts.engineers) {
    sumEngineer(engineer, bookings.get(engineer._id) ?? [], timeOff.get(engineer._id) ?? [], grid, holidays, includeTentative, sums);
    for (let p = 0; p < free.length; p += 1) {
      const workingDays = sums.workingDays[p]!;
      const booked = sums.confirmed[p]! + (includeTentative ? sums.tentative[p]! : 0);
      free[p] = workingDays > 0 ? oneDecimal((sums.capacity[p]! - booked) / UNIT / workingDays) : Number.NaN;
    }
    visit(engineer, free, dates);
  }
}
