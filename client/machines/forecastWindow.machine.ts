import { assign, setup } from 'xstate';
import { isCalendarDate } from '../../domain/capacity/calendar-days.ts';
import { mondayOfDate, weeksFrom } from '../lib/weeks.ts';

/**
 * The forecast's range: whole ISO weeks from a Monday, 4 to 52 of them, by default the next 12 from
 * this week. Both ends are always a range the server accepts.
 */

export const forecastSpans = [4, 8, 12, 26, 52] as const;
export type ForecastSpan = (typeof forecastSpans)[number];
export const DEFAULT_FORECAST_WEEKS: ForecastSpan = 12;

export type ForecastWindowContext = { from: string; weeks: ForecastSpan; today: () => string };
export type ForecastWindowEvent = { type: 'SET_START'; date: string } | { type: 'SET_WEEKS'; weeks: number } | { type: 'THIS_WEEK' };

/** The dates to ask for: Monday of the first week to Sunday of the last. */
export const forecastRange = (context: Pick<ForecastWindowContext, 'from' | 'weeks'>) => weeksFrom(context.from, context.weeks);

/** Whether the window starts this week: then it reads "the next N weeks". */
export const startsThisWeek = (context: ForecastWindowContext) => context.from === mondayOfDate(context.today());

export const forecastWindowMachine = setup({
  types: { context: {} as ForecastWindowContext, events: {} as ForecastWindowEvent, input: {} as { today: () => string } },
  actions: {
    setStart: assign(({ event }) => (event.type === 'SET_START' && isCalendarDate(event.date) ? { from: mondayOfDate(event.date) } : {})),
    setWeeks: assign(({ event }) =>
      event.type === 'SET_WEEKS' && (forecastSpans as readonly number[]).includes(event.weeks) ? { weeks: event.weeks as ForecastSpan } : {},
    ),
    thisWeek: assign(({ context }) => ({ from: mondayOfDate(context.today()) })),
  },
}).createMachine({
  id: 'forecastWindow',
  context: ({ input }) => ({ from: mondayOfDate(input.today()), weeks: DEFAULT_FORECAST_WEEKS, today: input.today }),
  on: {
    SET_START: { actions: 'setStart' },
    SET_WEEKS: { actions: 'setWeeks' },
    THIS_WEEK: { actions: 'thisWeek' },
  },
});
