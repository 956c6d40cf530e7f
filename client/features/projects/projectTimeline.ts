import { DAY_MS, dateOfDay, mondayOf } from '../../../domain/capacity/calendar-days.ts';
import { todayOf } from '../../../domain/capacity/plan-days.ts';
import { daysOf } from '../../components/grid/axis.ts';
import { monthDay } from '../../lib/format.ts';
import { shiftedByDays } from '../../../domain/bulk.ts';
import type { Dated } from '../../../domain/figures.ts';
import type { DragEdge } from '../../machines/barDrag.machine.ts';

/**
 * The project page's timeline: whole weeks from the Monday on or before the earliest date (the
 * project's start, or a bar that starts before it) to the week after the latest, a fixed width per
 * day. Days are day numbers (days since 1970-01-01) in the organisation's time zone, as the capacity
 * model counts them: an assignment counts from its first through its last day.
 */
export type TimelineAxis = { firstDay: number; endDay: number; dayWidth: number; width: number; weeks: { day: number; left: number; label: string }[] };

/** The days an assignment counts on, [startDay, endDay): the schedule's own reading (one rule for both timelines). */
export { daysOf };

/** 'Mar 02' for the week starting on that Monday. */
export const weekLabel = (day: number) => monthDay(dateOfDay(day));

export function timelineAxis(spans: readonly Dated[], timeZone: string, dayWidth: number): TimelineAxis {
  const days = spans.map((span) => daysOf(span, timeZone));
  const first = days.length > 0 ? Math.min(...days.map((d) => d.startDay)) : Math.floor(Date.now() / DAY_MS);
  const last = days.length > 0 ? Math.max(...days.map((d) => d.endDay)) : first + 28;
  const firstDay = mondayOf(first);
  const endDay = mondayOf(last) + 14;
  const weeks = [];
  for (let day = firstDay; day < endDay; day += 7) weeks.push({ day, left: (day - firstDay) * dayWidth, label: weekLabel(day) });
  return { firstDay, endDay, dayWidth, width: (endDay - firstDay) * dayWidth, weeks };
}

/** Where a day starts on the axis, in pixels from its left edge. */
export const xOfDay = (axis: TimelineAxis, day: number) => (day - axis.firstDay) * axis.dayWidth;

/** A bar's place: from its first day to the start of the day after its last. */
export function barOf(axis: TimelineAxis, a: Dated, timeZone: string): { left: number; width: number } {
  const { startDay, endDay } = daysOf(a, timeZone);
  const left = xOfDay(axis, startDay);
  return { left, width: Math.max(xOfDay(axis, endDay) - left, axis.dayWidth / 2) };
}

/** Whole days a pointer that travelled `dx` pixels drags an edge. */
export const daysDragged = (axis: Pick<TimelineAxis, 'dayWidth'>, dx: number) => Math.round(dx / axis.dayWidth);

/**
 * The dates after dragging `edge` by `days` whole days in the organisation's time zone: a move shifts
 * both; a resize keeps at least one day between start and end (an assignment ends after it starts).
 */
export function draggedDates(a: Dated, edge: DragEdge, days: number, timeZone: string): Dated {
  let moved = days;
  if (edge !== 'move') {
    const { startDay, endDay } = daysOf(a, timeZone);
    const room = endDay - startDay - 1;
    moved = edge === 'start' ? Math.min(days, room) : Math.max(days, -room);
  }
  return {
    startDate: edge === 'end' ? a.startDate : shiftedByDays(a.startDate, moved, timeZone),
    endDate: edge === 'start' ? a.endDate : shiftedByDays(a.endDate, moved, timeZone),
  };
}

/** Today's place on the axis, or null when today is off it. */
export function todayX(axis: TimelineAxis, now: Date, timeZone: string): number | null {
  const day = todayOf(now, timeZone);
  return day < axis.firstDay || day >= axis.endDay ? null : xOfDay(axis, day);
}
