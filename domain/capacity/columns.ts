import { dateOfDay, dayOfDate } from './calendar-days.ts';
import type { CapacityConflict, CapacityStatus, EngineerPeriod } from './capacity-over-time.ts';
import type { CapacityPeriod } from './periods.ts';
import type { CapacityEngineerRow, CapacityResponse, CapacityRow } from './contracts.ts';

/**
 * The schedule's grid on the wire. As rows of cells, every engineer's cell repeats its period's key,
 * dates and holidays, and 2,000 engineers x 26 weeks come to 13.3 MB of JSON: writing, sending and
 * parsing it took most of the time to a rendered schedule. Here each period is said once, in
 * `periods`, and a row carries its figures as lists in period order (4.6 MB). Two more cuts, for the
 * same grid: a row's conflicts (work planned on a day off) come by booking with the days it covers,
 * not one object per booking and day, since a week of leave for someone on three projects is fifteen
 * of those (3.0 MB); and its statuses are one letter a period, not a list of words (2.4 MB).
 * `unpackCapacity` gives back the same answer as rows of cells, so the screens never see this shape.
 * No zod here: the schedule's data is fetched and unpacked before the app has loaded its schemas.
 */
export type CapacityColumns = {
  capacity: number[];
  booked: number[];
  tentative: number[];
  timeOffDays: number[];
  utilization: (number | null)[];
  /** One letter a period (STATUS_LETTERS): as a list of words it was a fifth of the answer. */
  status: string;
  free: (number | null)[];
  /**
   * Days over that day's capacity, and the highest day's utilisation, per period. Each list is left
   * out where the status and utilisation say it already: every overloaded period over on exactly one
   * day and the others on none (no day over at all, and always in the day zoom); every period's peak
   * equal to its utilisation (an even load, and always in the day zoom).
   */
  overloadedDays?: number[];
  peak?: (number | null)[];
  /**
   * Only for an engineer whose working days are their own (a work week, another calendar, a start or
   * leave date): their working days and the holidays that took one away, per period. Without them a
   * row has the period's.
   */
  workingDays?: number[];
  holidays?: { date: string; name: string }[][];
};

/** A status as one letter on the wire, and back. */
export const STATUS_LETTERS: Record<CapacityStatus, string> = { overloaded: 'v', underutilized: 'u', optimal: 'o', off: 'x' };
const statusOfLetter: Record<string, CapacityStatus> = Object.fromEntries(Object.entries(STATUS_LETTERS).map(([status, letter]) => [letter, status as CapacityStatus]));

/** One booking's conflicts: the days, counted from the answer's `from`, it is planned on a day off. */
export type PackedConflict = { assignmentId?: string; projectId: string; tentative: boolean; days: number[] };

export type PackedCapacityRow = {
  engineer: CapacityEngineerRow;
  peakUtilization: number | null;
  minFree: number | null;
  conflicts: PackedConflict[];
  columns: CapacityColumns;
};

export type PackedCapacityResponse = Omit<CapacityResponse, 'rows'> & { shape: 'columns'; rows: PackedCapacityRow[] };

/** The figures of one engineer, period by period, as lists. */
function columnsOf(periods: readonly EngineerPeriod[], shared: readonly CapacityPeriod[]): CapacityColumns {
  const n = periods.length;
  const columns: CapacityColumns = {
    capacity: new Array<number>(n),
    booked: new Array<number>(n),
    tentative: new Array<number>(n),
    timeOffDays: new Array<number>(n),
    utilization: new Array<number | null>(n),
    status: '',
    free: new Array<number | null>(n),
  };
  const overloadedDays = new Array<number>(n);
  const peak = new Array<number | null>(n);
  let daysDiffer = false;
  let peakDiffers = false;
  let status = '';
  for (let i = 0; i < n; i += 1) {
    const p = periods[i]!;
    columns.capacity[i] = p.capacity;
    columns.booked[i] = p.booked;
    columns.tentative[i] = p.tentative;
    columns.timeOffDays[i] = p.timeOffDays;
    columns.utilization[i] = p.utilization;
    status += STATUS_LETTERS[p.status];
    columns.free[i] = p.free;
    overloadedDays[i] = p.overloadedDays;
    peak[i] = p.peak;
    if (p.overloadedDays !== (p.status === 'overloaded' ? 1 : 0)) daysDiffer = true;
    if (p.peak !== p.utilization) peakDiffers = true;
  }
  columns.status = status;
  if (daysDiffer) columns.overloadedDays = overloadedDays;
  if (peakDiffers) columns.peak = peak;
  if (periods.some((p, i) => p.workingDays !== shared[i]!.workingDays || p.holidays !== shared[i]!.holidays)) {
    columns.workingDays = periods.map((p) => p.workingDays);
    columns.holidays = periods.map((p) => p.holidays);
  }
  return columns;
}

/** The model's order of bookings within a day (capacity-over-time.ts, conflictsOf): by assignment, then project. */
const bookingKey = (c: { assignmentId?: string; projectId: string }) => `${c.assignmentId ?? ''}\u0000${c.projectId}`;
const byBookingKey = (a: PackedConflict, b: PackedConflict) => {
  const [x, y] = [bookingKey(a), bookingKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Conflicts grouped by booking, the bookings in the model's order within a day, so that unpacking can sort back to it. */
function packConflicts(conflicts: readonly CapacityConflict[], firstDay: number): PackedConflict[] {
  if (conflicts.length === 0) return [];
  const byBooking = new Map<string, PackedConflict>();
  for (const c of conflicts) {
    const key = `${bookingKey(c)}\u0000${c.tentative}`;
    let packed = byBooking.get(key);
    if (!packed) {
      packed = c.assignmentId === undefined ? { projectId: c.projectId, tentative: c.tentative, days: [] } : { assignmentId: c.assignmentId, projectId: c.projectId, tentative: c.tentative, days: [] };
      byBooking.set(key, packed);
    }
    packed.days.push(dayOfDate(c.date) - firstDay);
  }
  return [...byBooking.values()].sort(byBookingKey);
}

/** The model's list again: date order, then the bookings' order. */
function unpackConflicts(packed: readonly PackedConflict[], firstDay: number, dateOf: (day: number) => string): CapacityConflict[] {
  if (packed.length === 0) return [];
  const entries: { day: number; booking: number }[] = [];
  packed.forEach((p, booking) => {
    for (const day of p.days) entries.push({ day, booking });
  });
  entries.sort((a, b) => a.day - b.day || a.booking - b.booking);
  return entries.map(({ day, booking }) => {
    const p = packed[booking]!;
    const conflict: CapacityConflict = { projectId: p.projectId, date: dateOf(day), tentative: p.tentative };
    if (p.assignmentId !== undefined) conflict.assignmentId = p.assignmentId;
    return conflict;
  });
}

export function packCapacity(answer: CapacityResponse): PackedCapacityResponse {
  const { rows, ...rest } = answer;
  const firstDay = dayOfDate(answer.from);
  return {
    ...rest,
    shape: 'columns',
    rows: rows.map(({ engineer, periods, peakUtilization, minFree, conflicts }) => ({
      engineer,
      peakUtilization,
      minFree,
      conflicts: packConflicts(conflicts, firstDay),
      columns: columnsOf(periods, answer.periods),
    })),
  };
}

/**
 * Rows of cells again, each cell written out in the model's field order (so every cell has one shape)
 * and sharing its period's holidays list, as the model's own answer does.
 */
export function unpackCapacity(packed: PackedCapacityResponse): CapacityResponse {
  const { rows, shape: _shape, ...rest } = packed;
  const periods = packed.periods;
  const firstDay = dayOfDate(packed.from);
  // Each date written once, however many conflicts fall on it.
  const dates = new Map<number, string>();
  const dateOf = (day: number) => dates.get(day) ?? dates.set(day, dateOfDay(firstDay + day)).get(day)!;
  const unpacked: CapacityRow[] = rows.map(({ engineer, peakUtilization, minFree, conflicts, columns }) => ({
    engineer,
    periods: periods.map((period, i) => ({
      key: period.key,
      start: period.start,
      end: period.end,
      workingDays: columns.workingDays ? columns.workingDays[i]! : period.workingDays,
      holidays: columns.holidays ? columns.holidays[i]! : period.holidays,
      capacity: columns.capacity[i]!,
      booked: columns.booked[i]!,
      tentative: columns.tentative[i]!,
      timeOffDays: columns.timeOffDays[i]!,
      utilization: columns.utilization[i] ?? null,
      status: statusOfLetter[columns.status[i]!]!,
      free: columns.free[i] ?? null,
      overloadedDays: columns.overloadedDays ? columns.overloadedDays[i]! : columns.status[i] === STATUS_LETTERS.overloaded ? 1 : 0,
      peak: columns.peak ? (columns.peak[i] ?? null) : (columns.utilization[i] ?? null),
    })),
    peakUtilization,
    minFree,
    conflicts: unpackConflicts(conflicts, firstDay, dateOf),
  }));
  return { ...rest, rows: unpacked };
}

/** The answer in the shape the query asked for. */
export const inShape = (answer: CapacityResponse, shape: 'cells' | 'columns'): CapacityResponse | PackedCapacityResponse =>
  shape === 'columns' ? packCapacity(answer) : answer;
