import { DAY_MS, instantOf } from '../../../domain/capacity/calendar-days.ts';
import { zoneOffsetAt } from '../../../domain/capacity/time-zone.ts';
import type { Dated } from '../../../domain/figures.ts';
import type { DragEdge } from '../../machines/barDrag.machine.ts';
import { daysOf } from './axis.ts';


/**
 * `iso` moved by whole calendar days in the organisation's time zone, keeping its wall-clock time:
 * an assignment that starts at local midnight still does after crossing a clock change.
 */
export function shiftByDays(iso: string, days: number, timeZone: string): string {
  const instant = instantOf(iso);
  const moved = instant + days * DAY_MS;
  if (timeZone === 'UTC') return new Date(moved).toISOString();
  const corrected = moved + zoneOffsetAt(instant, timeZone) - zoneOffsetAt(moved, timeZone);
  return new Date(corrected).toISOString();
}

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
