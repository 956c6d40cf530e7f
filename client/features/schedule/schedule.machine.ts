import { assign, fromPromise, setup } from 'xstate';
import type { CapacityResponse } from '../../../domain/capacity/contracts.ts';
import type { Placeholder, TimeOff } from '../../../domain/entities.ts';
import { errorMessage } from '../../lib/api.ts';
import { defaultScheduleView, filterCount, gridViewOf, noFilters, normalizeView, type ScheduleView, searchOfView } from '../../lib/scheduleView.ts';
import { alignedFrom, capacityQuery, localDateOf, shiftedFrom } from '../../lib/window.ts';

/**
 * The schedule screen: which window and engineers it shows, and the grid for them.
 *
 *   loading -> ready (the grid) | failed (RETRY loads again); straight to ready when started with the grid
 *   any change of window, step, filters or order -> loading at once (the answer for an older view is dropped)
 *   a change of what past periods show (plan or actuals) only changes the view: the grid is the same, and
 *     the screen reads the actuals beside it
 *   SEARCH (typing) and REFRESH (a live event) -> waiting, then loading after a short pause, so a
 *     burst of keystrokes or events costs one request; the grid already shown stays until then
 *   RELOAD -> loading at once (e.g. switching between the live plan and a past moment)
 *   TOGGLE_ROW opens or closes one person's row on their bars; EXPAND_ALL turns on the detailed mode
 *     (every row shows its bars, those of people filtered in later too), COLLAPSE_ALL turns it off and
 *     closes every row; a row closed in the detailed mode stays closed until it is opened or all are
 *
 * The fetch is the `fetchSchedule` actor (the screen provides it), so the machine runs without HTTP in tests.
 */

/** What the screen shows for a view: the grid, and the time off and open placeholders to draw beside it. */
export type ScheduleData = { grid: CapacityResponse; timeOff: TimeOff[]; placeholders: Placeholder[] };

export type ScheduleContext = {
  view: ScheduleView;
  /** What was last received; kept while the next one loads. */
  data: ScheduleData | null;
  error: string | null;
  /** Engineers whose rows are open on their assignments (outside the detailed mode). */
  expanded: string[];
  /** The detailed mode: every row shows its bars, but those in `collapsed`. */
  detailed: boolean;
  /** Rows closed one by one in the detailed mode. */
  collapsed: string[];
  /** The filter fields shown: folded away behind their button, open from the start when the view has a filter on. */
  filtersOpen: boolean;
  /** The open roles (placeholders) shown above the engineers; null until the user chooses (the screen decides by their number). */
  placeholdersOpen: boolean | null;
  /** A live event arrived while the grid was loading: what is loading may already miss it. */
  stale: boolean;
  /** Today's date ('YYYY-MM-DD'), asked whenever a window is worked out. */
  today: () => string;
};

/** Filters and display settings changed in one go; `q` and the window have their own events. */
export type ScheduleChange = Partial<Omit<ScheduleView, 'q' | 'from'>>;

export type ScheduleEvent =
  | { type: 'SET_VIEW'; view: ScheduleView }
  | { type: 'CHANGE'; change: ScheduleChange }
  | { type: 'SEARCH'; text: string }
  | { type: 'PREVIOUS' }
  | { type: 'NEXT' }
  | { type: 'TODAY' }
  | { type: 'GO_TO'; date: string }
  | { type: 'CLEAR_FILTERS' }
  | { type: 'TOGGLE_ROW'; engineerId: string }
  | { type: 'EXPAND_ALL' }
  | { type: 'COLLAPSE_ALL' }
  | { type: 'TOGGLE_FILTERS' }
  | { type: 'TOGGLE_PLACEHOLDERS'; shown: boolean }
  | { type: 'REFRESH' }
  | { type: 'RELOAD' }
  | { type: 'RETRY' };

export type ScheduleFetchInput = { view: ScheduleView; today: string; query: URLSearchParams };

/** Typing and live events wait this long for the next one before the grid is fetched. */
export const SCHEDULE_DEBOUNCE_MS = 300;

const sameView = (a: ScheduleView, b: ScheduleView) => searchOfView(a).toString() === searchOfView(b).toString();
const sameGrid = (a: ScheduleView, b: ScheduleView) => sameView(gridViewOf(a), gridViewOf(b));


export const scheduleMachine = setup({
  types: {
    context: {} as ScheduleContext,
    events: {} as ScheduleEvent,
    input: {} as { view?: ScheduleView; today?: () => string; data?: ScheduleData | null } | undefined,
  },
  actors: {
    fetchSchedule: fromPromise<ScheduleData, ScheduleFetchInput>(async () => {
      throw new Error('The fetchSchedule actor was not provided');
    }),
  },
  delays: { debounce: SCHEDULE_DEBOUNCE_MS },
  guards: {
    isStale: ({ context }) => context.stale,
    hasData: ({ context }) => context.data !== null,
    isNewView: ({ context, event }) => event.type === 'SET_VIEW' && !sameView(context.view, normalizeView(event.view)),
    isNewGrid: ({ context, event }) => event.type === 'SET_VIEW' && !sameGrid(context.view, normalizeView(event.view)),
    // A control that reports what the view already holds (the range picker reports both days twice) fetches nothing.
    changesView: ({ context, event }) => event.type === 'CHANGE' && !sameView(context.view, normalizeView({ ...context.view, ...event.change })),
    changesGrid: ({ context, event }) => event.type === 'CHANGE' && !sameGrid(context.view, normalizeView({ ...context.view, ...event.change })),
  },
  actions: {
    setView: assign({ view: ({ event, context }) => (event.type === 'SET_VIEW' ? normalizeView(event.view) : context.view) }),
    change: assign({ view: ({ event, context }) => (event.type === 'CHANGE' ? normalizeView({ ...context.view, ...event.change }) : context.view) }),
    search: assign({ view: ({ event, context }) => (event.type === 'SEARCH' ? normalizeView({ ...context.view, q: event.text, engineer: null }) : context.view) }),
    previous: assign({ view: ({ context }) => ({ ...context.view, from: shiftedFrom(context.view, context.today(), -1) }) }),
    next: assign({ view: ({ context }) => ({ ...context.view, from: shiftedFrom(context.view, context.today(), 1) }) }),
    today: assign({ view: ({ context }) => ({ ...context.view, from: null }) }),
    goTo: assign({
      view: ({ context, event }) => (event.type === 'GO_TO' ? normalizeView({ ...context.view, from: alignedFrom(context.view, event.date) }) : context.view),
    }),
    clearFilters: assign({ view: ({ context }) => ({ ...context.view, ...noFilters }) }),
    toggleRow: assign(({ context, event }) => {
      if (event.type !== 'TOGGLE_ROW') return {};
      const flip = (list: string[]) => (list.includes(event.engineerId) ? list.filter((id) => id !== event.engineerId) : [...list, event.engineerId]);
      return context.detailed ? { collapsed: flip(context.collapsed) } : { expanded: flip(context.expanded) };
    }),
    expandAll: assign({ detailed: true, collapsed: [] }),
    collapseAll: assign({ detailed: false, collapsed: [], expanded: [] }),
    toggleFilters: assign({ filtersOpen: ({ context }) => !context.filtersOpen }),
    togglePlaceholders: assign({ placeholdersOpen: ({ context, event }) => (event.type === 'TOGGLE_PLACEHOLDERS' ? !event.shown : context.placeholdersOpen) }),
    recordData: assign({ data: ({ event }) => (event as { output?: ScheduleData }).output ?? null, error: null }),
    recordError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
    markStale: assign({ stale: true }),
    startLoading: assign({ stale: false }),
  },
}).createMachine({
  id: 'schedule',
  context: ({ input }) => ({
    view: normalizeView(input?.view ?? defaultScheduleView),
    // The screen may start with the grid already read (the route read it ahead): no first fetch then.
    data: input?.data ?? null,
    error: null,
    expanded: [],
    detailed: false,
    collapsed: [],
    filtersOpen: filterCount(normalizeView(input?.view ?? defaultScheduleView)) > 0,
    placeholdersOpen: null,
    stale: false,
    today: input?.today ?? (() => localDateOf(new Date())),
  }),
  initial: 'starting',
  on: {
    SET_VIEW: [
      { guard: 'isNewGrid', target: '.loading', reenter: true, actions: 'setView' },
      { guard: 'isNewView', actions: 'setView' },
    ],
    CHANGE: [
      { guard: 'changesGrid', target: '.loading', reenter: true, actions: 'change' },
      { guard: 'changesView', actions: 'change' },
    ],
    PREVIOUS: { target: '.loading', reenter: true, actions: 'previous' },
    NEXT: { target: '.loading', reenter: true, actions: 'next' },
    TODAY: { target: '.loading', reenter: true, actions: 'today' },
    GO_TO: { target: '.loading', reenter: true, actions: 'goTo' },
    CLEAR_FILTERS: { target: '.loading', reenter: true, actions: 'clearFilters' },
    SEARCH: { target: '.waiting', reenter: true, actions: 'search' },
    REFRESH: { target: '.waiting' },
    RELOAD: { target: '.loading', reenter: true },
    TOGGLE_ROW: { actions: 'toggleRow' },
    EXPAND_ALL: { actions: 'expandAll' },
    COLLAPSE_ALL: { actions: 'collapseAll' },
    TOGGLE_FILTERS: { actions: 'toggleFilters' },
    TOGGLE_PLACEHOLDERS: { actions: 'togglePlaceholders' },
  },
  states: {
    starting: {
      always: [{ guard: 'hasData', target: 'ready' }, { target: 'loading' }],
    },
    waiting: {
      // More live events while waiting change nothing: the fetch after the pause includes them.
      on: { REFRESH: {} },
      after: { debounce: 'loading' },
    },
    loading: {
      entry: 'startLoading',
      // Restarting the request on every event could starve it under a steady stream of events:
      // the answer is kept and asked again once it arrives.
      on: { REFRESH: { actions: 'markStale' } },
      invoke: {
        src: 'fetchSchedule',
        input: ({ context }) => {
          const today = context.today();
          return { view: context.view, today, query: capacityQuery(context.view, today) };
        },
        onDone: [
          { guard: 'isStale', target: 'waiting', actions: 'recordData' },
          { target: 'ready', actions: 'recordData' },
        ],
        onError: { target: 'failed', actions: 'recordError' },
      },
    },
    ready: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});

/** Whether a person's row shows their bars. */
export const isRowOpen = (context: Pick<ScheduleContext, 'detailed' | 'expanded' | 'collapsed'>, engineerId: string) =>
  context.detailed ? !context.collapsed.includes(engineerId) : context.expanded.includes(engineerId);
