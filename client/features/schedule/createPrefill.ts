import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import { dateOfDay, dayOfDate, isWeekend } from '../../../domain/capacity/calendar-days.ts';
import type { CapacityPeriod } from '../../../domain/capacity/periods.ts';
import type { CellSpan } from '../../machines/cellSelect.machine.ts';
import { type CreatePrefill } from '../planning/index.ts';
import { instantOfDate } from '../../lib/weeks.ts';

/** A calendar date's start in the organisation's time zone, as ISO: what the form's date pickers hold for a picked day. */
export const dayStartIso = instantOfDate;

/**
 * The last working day of a period: its last date that is neither a weekend nor one of its holidays
 * (the organisation's days; the period's last date when it has none).
 */
export function lastWorkingDate(period: Pick<CapacityPeriod, 'start' | 'end' | 'holidays'>): string {
  const off = new Set(period.holidays.map((h) => h.date));
  for (let day = dayOfDate(period.end); day >= dayOfDate(period.start); day -= 1) {
    const date = dateOfDay(day);
    if (!isWeekend(day) && !off.has(date)) return date;
  }
  return period.end;
}

/**
 * The New assignment form's person and dates for cells chosen on the schedule: from the first period's
 * first day through the last period's last working day (an assignment's end is its last day, worked).
 * Null when the row or periods are not in the grid (it changed).
 */
export function createPrefill(grid: Pick<CapacityResponse, 'rows' | 'periods'>, span: CellSpan): Required<CreatePrefill> | null {
  const engineer = grid.rows[span.row]?.engineer;
  const first = grid.periods[Math.min(span.from, span.to)];
  const last = grid.periods[Math.max(span.from, span.to)];
  if (!engineer || !first || !last) return null;
  return {
    engineer: { _id: engineer._id, name: engineer.name, maxCapacity: engineer.maxCapacity },
    startDate: dayStartIso(first.start),
    endDate: dayStartIso(lastWorkingDate(last)),
  };
}
