import { shiftedByDays } from '../../../../domain/bulk.ts';
import type { Dated } from '../../../../domain/figures.ts';
import type { DragEdge } from '../../../machines/barDrag.machine.ts';
import { daysOf } from '../../../components/grid/axis.ts';


/** `iso` moved by whole calendar days in the organisation's time zone, keeping its wall-clock time (the bulk edit's rule). */
export const shiftByDays = shiftedByDays;

/**
 * How many days an edge may really move: a resize keeps at least one day between start and end
 * (an assignment must end after it starts); a move has no limit.
 */
export function clampDays(a: Dated, edge: DragEdge, days: number, timeZone: string): number {
  if (edge === 'move') return days;
  const { startDay, endDay } = daysOf(a, timeZone);
  const room = endDay - startDay - 1;
  return edge === 'start' ? Math.min(days, room) : Math.max(days, -room);
}

/** The assignment's dates after dragging `edge` by `days` whole days. */
export function draggedDates(a: Dated, edge: DragEdge, days: number, timeZone: string): Dated {
  const moved = clampDays(a, edge, days, timeZone);
  return {
    startDate: edge === 'end' ? a.startDate : shiftByDays(a.startDate, moved, timeZone),
    endDate: edge === 'start' ? a.endDate : shiftByDays(a.endDate, moved, timeZone),
  };
}
