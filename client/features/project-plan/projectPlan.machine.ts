import { assign, fromPromise, setup } from 'xstate';
import type { ProjectPlanResponse } from '../../../domain/capacity/project-plan-query.ts';
import type { Placeholder } from '../../../domain/entities.ts';
import { errorMessage } from '../../lib/api.ts';
import { defaultPlanView, normalizePlanView, planNoFilters, planQuery, type PlanView, searchOfPlanView } from './planView.ts';
import { localDateOf, shiftedFrom } from '../../lib/window.ts';

/**
 * The project plan screen: which window and projects it shows, the plan for them, and which projects
 * are open on their bars. It loads as the schedule does:
 *
 *   loading -> ready | failed (RETRY loads again)
 *   any change of window, step, filters or order -> loading at once (an older view's answer is dropped)
 *   SEARCH (typing) and REFRESH (a live event) -> waiting, then loading after a short pause, so a burst
 *     of keystrokes or events costs one request; the plan already shown stays until then
 *   a live event while loading marks the answer stale: it is kept and asked again once it arrives
 *
 * The fetch is the `fetchPlan` actor (the screen provides it), so the machine runs without HTTP in tests.
 */

/** What the screen shows: the plan, and the open roles to draw as bars in the open projects. */
export type PlanData = { plan: ProjectPlanResponse; placeholders: Placeholder[] };

export type PlanContext = { view: PlanView; data: PlanData | null; error: string | null; open: string[]; stale: boolean; today: () => string };

export type PlanEvent =
  | { type: 'SET_VIEW'; view: PlanView }
  | { type: 'CHANGE'; change: Partial<Omit<PlanView, 'q' | 'from'>> }
  | { type: 'SEARCH'; text: string }
  | { type: 'SHIFT'; direction: 1 | -1 }
  | { type: 'TODAY' }
  | { type: 'CLEAR_FILTERS' }
  | { type: 'TOGGLE_ROW'; projectId: string }
  | { type: 'REFRESH' }
  | { type: 'RELOAD' }
  | { type: 'RETRY' };

/** Typing and live events wait this long for the next one before the plan is fetched. */
export const PLAN_DEBOUNCE_MS = 300;

const differs = (a: PlanView, b: PlanView) => searchOfPlanView(a).toString() !== searchOfPlanView(b).toString();
const viewAfter = (context: PlanContext, event: PlanEvent): PlanView => {
  const v = context.view;
  switch (event.type) {
    case 'SET_VIEW':
      return normalizePlanView(event.view);
    case 'CHANGE':
      return normalizePlanView({ ...v, ...event.change });
    case 'SEARCH':
      return normalizePlanView({ ...v, q: event.text });
    case 'SHIFT':
      return { ...v, from: shiftedFrom(v, context.today(), event.direction) };
    case 'TODAY':
      return { ...v, from: null };
    case 'CLEAR_FILTERS':
      return { ...v, ...planNoFilters };
    default:
      return v;
  }
};

export const projectPlanMachine = setup({
  types: {
    context: {} as PlanContext,
    events: {} as PlanEvent,
    input: {} as { view?: PlanView; today?: () => string } | undefined,
  },
  actors: {
    fetchPlan: fromPromise<PlanData, { query: URLSearchParams }>(async () => {
      throw new Error('The fetchPlan actor was not provided');
    }),
  },
  delays: { debounce: PLAN_DEBOUNCE_MS },
  guards: {
    isStale: ({ context }) => context.stale,
    // A control that reports what the view already holds fetches nothing.
    changesView: ({ context, event }) => differs(context.view, viewAfter(context, event)),
  },
  actions: {
    applyView: assign({ view: ({ context, event }) => viewAfter(context, event) }),
    toggleRow: assign({
      open: ({ context, event }) =>
        event.type !== 'TOGGLE_ROW' ? context.open : context.open.includes(event.projectId) ? context.open.filter((id) => id !== event.projectId) : [...context.open, event.projectId],
    }),
    recordData: assign({ data: ({ event }) => (event as { output?: PlanData }).output ?? null, error: null }),
    recordError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
    markStale: assign({ stale: true }),
    startLoading: assign({ stale: false }),
  },
}).createMachine({
  id: 'projectPlan',
  context: ({ input }) => ({
    view: normalizePlanView(input?.view ?? defaultPlanView),
    data: null,
    error: null,
    open: [],
    stale: false,
    today: input?.today ?? (() => localDateOf(new Date())),
  }),
  initial: 'loading',
  on: {
    SET_VIEW: { guard: 'changesView', target: '.loading', reenter: true, actions: 'applyView' },
    CHANGE: { guard: 'changesView', target: '.loading', reenter: true, actions: 'applyView' },
    SHIFT: { target: '.loading', reenter: true, actions: 'applyView' },
    TODAY: { guard: 'changesView', target: '.loading', reenter: true, actions: 'applyView' },
    CLEAR_FILTERS: { target: '.loading', reenter: true, actions: 'applyView' },
    SEARCH: { target: '.waiting', reenter: true, actions: 'applyView' },
    REFRESH: { target: '.waiting' },
    RELOAD: { target: '.loading', reenter: true },
    TOGGLE_ROW: { actions: 'toggleRow' },
  },
  states: {
    waiting: {
      on: { REFRESH: {} },
      after: { debounce: 'loading' },
    },
    loading: {
      entry: 'startLoading',
      on: { REFRESH: { actions: 'markStale' } },
      invoke: {
        src: 'fetchPlan',
        input: ({ context }) => ({ query: planQuery(context.view, context.today()) }),
        onDone: [
          { guard: 'isStale', target: 'waiting', actions: 'recordData' },
          { target: 'ready', actions: 'recordData' },
        ],
        onError: { target: 'failed', actions: 'recordError' },
      },
    },
    ready: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
