import { assign, setup } from 'xstate';
import { isCalendarDate } from '../../../domain/capacity/calendar-days.ts';
import { MAX_RANGE_DAYS } from '../../../domain/capacity/inputs.ts';
import { addDays, daysBetween } from '../../lib/weeks.ts';

/**
 * "Who is free enough": at least `minFree` % of a day free in every week from `from` to `to` (both
 * included), by default the next two weeks at 50 %; `onlyFree` narrows the directory to them.
 * Whatever is picked stays a question the server can answer: dates in order, a span it accepts, a
 * whole percentage from 0 to 100.
 */

export type FreeRangeContext = { from: string; to: string; minFree: number; onlyFree: boolean; today: () => string };

export type FreeRangeEvent =
  | { type: 'SET_DATES'; from: string; to: string }
  | { type: 'SET_MIN_FREE'; value: number | null }
  | { type: 'TOGGLE_ONLY_FREE' }
  | { type: 'RESET' };

export const DEFAULT_MIN_FREE = 50;
export const DEFAULT_SPAN_DAYS = 14;

const defaults = (today: () => string) => ({ from: today(), to: addDays(today(), DEFAULT_SPAN_DAYS - 1), minFree: DEFAULT_MIN_FREE, onlyFree: false });

export function orderedRange(from: string, to: string): { from: string; to: string } | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return null;
  const [first, last] = to < from ? [to, from] : [from, to];
  return daysBetween(first, last) > MAX_RANGE_DAYS ? { from: first, to: addDays(first, MAX_RANGE_DAYS - 1) } : { from: first, to: last };
}

export const freeRangeMachine = setup({
  types: {
    context: {} as FreeRangeContext,
    events: {} as FreeRangeEvent,
    input: {} as { today: () => string },
  },
  actions: {
    setDates: assign(({ event }) => (event.type === 'SET_DATES' ? (orderedRange(event.from, event.to) ?? {}) : {})),
    setMinFree: assign(({ event }) =>
      event.type === 'SET_MIN_FREE' && event.value !== null && Number.isFinite(event.value) ? { minFree: Math.min(100, Math.max(0, Math.round(event.value))) } : {},
    ),
    toggle: assign(({ context }) => ({ onlyFree: !context.onlyFree })),
    reset: assign(({ context }) => defaults(context.today)),
  },
}).createMachine({
  id: 'freeRange',
  context: ({ input }) => ({ ...defaults(input.today), today: input.today }),
  on: {
    SET_DATES: { actions: 'setDates' },
    SET_MIN_FREE: { actions: 'setMinFree' },
    TOGGLE_ONLY_FREE: { actions: 'toggle' },
    RESET: { actions: 'reset' },
  },
});
