import { dayOfDate, instantOf } from '../../../domain/capacity/calendar-days.ts';
import { spanDays } from '../../../domain/capacity/plan-days.ts';
import type { Dated } from '../../../domain/figures.ts';

/**
 * The schedule's horizontal axis: each period a column of the same width, so a day is 1/7 of a week
 * column but 1/31 of a January. Positions are in pixels from the first column's left edge; days
 * are day numbers (days since 1970-01-01), as the capacity model counts them.
 */
type Column = { firstDay: number; days: number; left: number };
export type ScheduleAxis = { firstDay: number; endDay: number; width: number; columnWidth: number; columns: Column[] };

export function scheduleAxis(periods: readonly { start: string; end: string }[], columnWidth: number): ScheduleAxis {
  const columns = periods.map((p, i) => {
    const firstDay = dayOfDate(p.start);
    return { firstDay, days: dayOfDate(p.end) - firstDay + 1, left: i * columnWidth };
  });
  const last = columns.at(-1);
  return {
    firstDay: columns[0]?.firstDay ?? 0,
    endDay: last ? last.firstDay + last.days : 0,
    width: columns.length * columnWidth,
    columnWidth,
    columns,
  };
}

/** Where day `day` starts, clamped to the axis. */
export function xOfDay(axis: ScheduleAxis, day: number): number {
  if (day <= axis.firstDay) return 0;
  if (day >= axis.endDay) return axis.width;
  let lo = 0;
  let hi = axis.columns.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (axis.columns[mid]!.firstDay <= day) lo = mid;
    else hi = mid - 1;
  }
  const column = axis.columns[lo]!;
  return column.left + ((day - column.firstDay) / column.days) * axis.columnWidth;
}

/** The day boundary nearest to `x` (beyond the axis, counted at the nearest column's day width). */
export function dayAtX(axis: ScheduleAxis, x: number): number {
  if (axis.columns.length === 0) return axis.firstDay;
  const index = Math.min(Math.max(Math.floor(x / axis.columnWidth), 0), axis.columns.length - 1);
  const column = axis.columns[index]!;
  return column.firstDay + Math.round(((x - column.left) / axis.columnWidth) * column.days);
}

/** Whole days an edge at day `from` moves when dragged `dx` pixels. */
export const daysDragged = (axis: ScheduleAxis, from: number, dx: number) => dayAtX(axis, xOfDay(axis, from) + dx) - from;

/** The days an assignment counts on, [startDay, endDay): its first through its last day, as the capacity model counts them (plan-days.ts). */
export function daysOf(a: Dated, timeZone: string): { startDay: number; endDay: number } {
  const { first, last } = spanDays(a, timeZone);
  return { startDay: first, endDay: last + 1 };
}

export type BarGeometry = { left: number; width: number; startDay: number; endDay: number; clippedStart: boolean; clippedEnd: boolean };

/** Where the days [startDay, endDay) sit on the axis; null when none of them is inside it. */
export function spanGeometry(startDay: number, endDay: number, axis: ScheduleAxis): BarGeometry | null {
  if (endDay <= startDay || endDay <= axis.firstDay || startDay >= axis.endDay) return null;
  const left = xOfDay(axis, startDay);
  return {
    left,
    width: xOfDay(axis, endDay) - left,
    startDay,
    endDay,
    clippedStart: startDay < axis.firstDay,
    clippedEnd: endDay > axis.endDay,
  };
}

/** Where an assignment's bar sits on the axis; null when it has no day inside it. */
export function barGeometry(a: Dated, axis: ScheduleAxis, timeZone: string): BarGeometry | null {
  const { startDay, endDay } = daysOf(a, timeZone);
  return spanGeometry(startDay, endDay, axis);
}

/** Days off from `from` to `to`, both included, on the axis. */
export const daysOffGeometry = (off: { from: string; to: string }, axis: ScheduleAxis) =>
  spanGeometry(dayOfDate(off.from), dayOfDate(off.to) + 1, axis);

/**
 * Columns widen to fill the room beside the names (a quarter of weeks on a wide screen reads better
 * than a strip on the left), up to `widest` (twice their narrowest unless said: months, a few wide
 * columns, fill it all); with less room they keep their narrowest and the grid scrolls sideways.
 */
export function fittedColumnWidth(room: number, nameWidth: number, columns: number, narrowest: number, widest = narrowest * 2): number {
  if (columns <= 0 || room <= 0) return narrowest;
  return Math.min(Math.max(Math.floor((room - nameWidth) / columns), narrowest), widest);
}
