import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../lib/api.ts';

/**
 * Figures a screen fetches apart from the collections (capacity over time, who is free), kept up to
 * date while the plan changes under them:
 *
 *   idle (nothing asked yet) -SET_PARAMS-> loading -> ready | failed (RETRY loads again)
 *   SET_PARAMS with other parameters -> loading at once (an answer for the old ones is dropped)
 *   REFRESH (the plan changed: a live event) -> waiting, then loading after a short pause, so a burst of
 *     events costs one request; what is shown stays until the new answer lands
 *   RELOAD -> loading at once (e.g. the app switched between the live plan and a past moment)
 *
 * The fetch is the `fetch` actor, provided by the screen, so the machine runs without HTTP in tests.
 */

export type LiveQueryContext = {
  /** What is asked; null until the screen knows (e.g. a form without dates yet). */
  params: unknown;
  key: string | null;
  data: unknown;
  error: string | null;
  /** A refresh arrived while loading: what is loading may already miss the change. */
  stale: boolean;
};

export type LiveQueryEvent =
  | { type: 'SET_PARAMS'; params: unknown }
  | { type: 'REFRESH' }
  | { type: 'RELOAD' }
  | { type: 'RETRY' };

/** Live events wait this long for the next one before the figures are fetched again. */
export const LIVE_QUERY_DEBOUNCE_MS = 300;

const keyOf = (params: unknown) => (params === null || params === undefined ? null : JSON.stringify(params));

export const liveQueryMachine = setup({
  types: { context: {} as LiveQueryContext, events: {} as LiveQueryEvent },
  actors: {
    fetch: fromPromise<unknown, { params: unknown }>(async () => {
      throw new Error('The fetch actor was not provided');
    }),
  },
  delays: { debounce: LIVE_QUERY_DEBOUNCE_MS },
  guards: {
    isNewAsk: ({ context, event }) => event.type === 'SET_PARAMS' && keyOf(event.params) !== context.key,
    // Only when something was asked: a screen says "nothing yet" on its first render, and a new
    // snapshot then would have it rendered again, whole, before it is first shown.
    asksNothing: ({ context, event }) => event.type === 'SET_PARAMS' && keyOf(event.params) === null && context.key !== null,
    isStale: ({ context }) => context.stale,
  },
  actions: {
    setParams: assign(({ event }) => (event.type === 'SET_PARAMS' ? { params: event.params, key: keyOf(event.params), stale: false } : {})),
    clear: assign({ params: null, key: null, data: null, error: null, stale: false }),
    markStale: assign({ stale: true }),
    startLoading: assign({ stale: false }),
    record: assign(({ event }) => ({ data: (event as { output?: unknown }).output ?? null, error: null })),
    recordFailure: assign(({ event }) => ({ error: errorMessage((event as { error?: unknown }).error) })),
  },
}).createMachine({
  id: 'liveQuery',
  context: { params: null, key: null, data: null, error: null, stale: false },
  initial: 'idle',
  on: {
    SET_PARAMS: [
      { guard: 'asksNothing', target: '.idle', actions: 'clear' },
      { guard: 'isNewAsk', target: '.loading', actions: 'setParams' },
    ],
  },
  states: {
    idle: {},
    loading: {
      entry: 'startLoading',
      invoke: {
        src: 'fetch',
        input: ({ context }) => ({ params: context.params }),
        onDone: [
          { guard: 'isStale', target: 'waiting', actions: 'record' },
          { target: 'ready', actions: 'record' },
        ],
        onError: { target: 'failed', actions: 'recordFailure' },
      },
      on: { REFRESH: { actions: 'markStale' }, RELOAD: { target: 'loading', reenter: true } },
    },
    waiting: {
      after: { debounce: 'loading' },
      on: { RELOAD: 'loading' },
    },
    ready: {
      on: { REFRESH: 'waiting', RELOAD: 'loading' },
    },
    failed: {
      on: { RETRY: 'loading', REFRESH: 'waiting', RELOAD: 'loading' },
    },
  },
});
