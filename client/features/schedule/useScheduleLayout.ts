import { useMemo, useRef } from 'react';
import { dayOfDate } from '../../../domain/capacity/calendar-days.ts';
import { fittedColumnWidth, scheduleAxis, xOfDay } from '../../components/grid/axis.ts';
import { todayShown } from '../../components/grid/todayShown.ts';
import { useWidth } from '../../components/grid/useWidth.ts';
import { columnWidths, windowRange } from '../../lib/window.ts';
import type { ScheduleData } from './schedule.machine.ts';
import type { useScheduleMachine } from './useScheduleMachine.ts';

/**
 * The grid's geometry: the card's room, the names' and columns' widths, the window's dates and the
 * axis the bars are drawn on, with today's place on it.
 */
export function useScheduleLayout(view: ReturnType<typeof useScheduleMachine>['view'], grid: ScheduleData['grid'] | null, compact: boolean) {
  const cardRef = useRef<HTMLDivElement>(null);
  const room = useWidth(cardRef);
  const nameWidth = compact ? 128 : 248;
  // A vertical scroll bar takes its width from the room.
  // Months are few and wide: they fill the room, where weeks and days stop at twice their narrowest.
  const columnWidth = fittedColumnWidth(room - 16, nameWidth, grid?.periods.length ?? 0, columnWidths[view.step], view.step === 'month' ? Number.POSITIVE_INFINITY : undefined);
  const today = todayShown();
  const range = windowRange(view, today);
  const axis = useMemo(() => scheduleAxis(grid?.periods ?? [], columnWidth), [grid?.periods, columnWidth]);
  const todayDay = dayOfDate(today);
  const todayOnAxis = todayDay >= axis.firstDay && todayDay < axis.endDay;
  const todayX = todayOnAxis ? xOfDay(axis, todayDay) : null;
  return { cardRef, nameWidth, columnWidth, today, range, axis, todayOnAxis, todayX };
}
