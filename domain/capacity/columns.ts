import type { CapacityConflict, CapacityStatus, EngineerPeriod } from './capacity-over-time.ts';
import type { CapacityEngineerRow, CapacityResponse, CapacityRow } from './contracts.ts';

/**
 * The schedule's grid on the wire, one list per figure. As rows of cells, every engineer's cell
 * repeats its period's key, dates and holidays, and 2,000 engineers x 26 weeks come to 13 MB of JSON:
 * writing, sending and parsing it took most of the time to a rendered schedule. Here each period is
 * said once, in `periods`, and a row carries its figures as lists in period order (about 6x smaller).
 * `unpackCapacity` gives back the same answer as rows of cells, so the screens never see this shape.
 * No zod here: the schedule's data is fetched and unpacked before the app has loaded its schemas.
 */
export type CapacityColumns = {
  capacity: number[];
  booked: number[];
  tentative: number[];
  timeOffDays: number[];
  utilization: (number | null)[];
  status: CapacityStatus[];
  free: (number | null)[];
};

export type PackedCapacityRow = {
  engineer: CapacityEngineerRow;
  peakUtilization: number | null;
  minFree: number | null;
  conflicts: CapacityConflict[];
  columns: CapacityColumns;
};

export type PackedCapacityResponse = Omit<CapacityResponse, 'rows'> & { shape: 'columns'; rows: PackedCapacityRow[] };

/** The figures of one engineer, period by period, as lists. */
function columnsOf(periods: readonly EngineerPeriod[]): CapacityColumns {
  const n = periods.length;
  const columns: CapacityColumns = {
    capacity: new Array<number>(n),
    booked: new Array<number>(n),
    tentative: new Array<number>(n),
    timeOffDays: new Array<number>(n),
    utilization: new Array<number | null>(n),
    status: new Array<CapacityStatus>(n),
    free: new Array<number | null>(n),
  };
  for (let i = 0; i < n; i += 1) {
    const p = periods[i]!;
    columns.capacity[i] = p.capacity;
    columns.booked[i] = p.booked;
    columns.tentative[i] = p.tentative;
    columns.timeOffDays[i] = p.timeOffDays;
    columns.utilization[i] = p.utilization;
    columns.status[i] = p.status;
    columns.free[i] = p.free;
  }
  return columns;
}

export function packCapacity(answer: CapacityResponse): PackedCapacityResponse {
  const { rows, ...rest } = answer;
  return {
    ...rest,
    shape: 'columns',
    rows: rows.map(({ engineer, periods, peakUtilization, minFree, conflicts }) => ({ engineer, peakUtilization, minFree, conflicts, columns: columnsOf(periods) })),
  };
}

/**
 * Rows of cells again, each cell written out in the model's field order (so every cell has one shape)
 * and sharing its period's holidays list, as the model's own answer does.
 */
export function unpackCapacity(packed: PackedCapacityResponse): CapacityResponse {
  const { rows, shape: _shape, ...rest } = packed;
  const periods = packed.periods;
  const unpacked: CapacityRow[] = rows.map(({ engineer, peakUtilization, minFree, conflicts, columns }) => ({
    engineer,
    periods: periods.map((period, i) => ({
      key: period.key,
      start: period.start,
      end: period.end,
      workingDays: period.workingDays,
      holidays: period.holidays,
      capacity: columns.capacity[i]!,
      booked: columns.booked[i]!,
      tentative: columns.tentative[i]!,
      timeOffDays: columns.timeOffDays[i]!,
      utilization: columns.utilization[i] ?? null,
      status: columns.status[i]!,
      free: columns.free[i] ?? null,
    })),
    peakUtilization,
    minFree,
    conflicts,
  }));
  return { ...rest, rows: unpacked };
}

/** The answer in the shape the query asked for. */
export const inShape = (answer: CapacityResponse, shape: 'cells' | 'columns'): CapacityResponse | PackedCapacityResponse =>
  shape === 'columns' ? packCapacity(answer) : answer;
