import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import { addDays } from '../../lib/weeks.ts';
import type { CellSpan } from '../../machines/cellSelect.machine.ts';
import type { CreatePrefill } from '../../machines/assignmentForm.machine.ts';

/** A calendar date's start where the browser is, as ISO: what the form's date pickers hold for a picked day. */
export const dayStartIso = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
};

/**
 * The New assignment form's person and dates for cells chosen on the schedule: from the first period's
 * first day to the day after the last period's last, as the form's End Date reads (an assignment
 * counts up to, not including, its end). Null when the row or periods are not in the grid (it changed).
 */
export function createPrefill(grid: Pick<CapacityResponse, 'rows' | 'periods'>, span: CellSpan): Required<CreatePrefill> | null {
  const engineer = grid.rows[span.row]?.engineer;
  const first = grid.periods[Math.min(span.from, span.to)];
  const last = grid.periods[Math.max(span.from, span.to)];
  if (!engineer || !first || !last) return null;
  return {
    engineer: { _id: engineer._id, name: engineer.name, maxCapacity: engineer.maxCapacity },
    startDate: dayStartIso(first.start),
    endDate: dayStartIso(addDays(last.end, 1)),
  };
}
