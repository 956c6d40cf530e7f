import { assign, fromPromise, setup } from 'xstate';

/**
 * The History screen's event log: its filters (event type, entity, actor, time range) and
 * the pages loaded so far, newest first, by cursor. A filter change starts again from the newest
 * event; scrolling to the end asks for the next page (LOAD_MORE) while there is one.
 * The page fetch is the `fetchPage` actor, so tests inject it (createActor + provide).
 */
export type HistoryFilters = {
  type: string | null;
  entity: 'project' | 'engineer' | 'assignment' | null;
  actorId: string | null;
  /** ISO date-times; either end may be open. */
  from: string | null;
  to: string | null;
};

export const noFilters: HistoryFilters = { type: null, entity: null, actorId: null, from: null, to: null };

/** The minimum the machine needs of a logged event: its cursor. */
export type LoggedEvent = { cursor: string };
export type LogPage<E extends LoggedEvent = LoggedEvent> = { events: E[]; next: string | null };
export type PageRequest = { filters: HistoryFilters; before: string | null };

export type HistoryLogContext<E extends LoggedEvent = LoggedEvent> = {
  filters: HistoryFilters;
  events: E[];
  /** The cursor of the next (older) page, or null at the beginning of history. */
  next: string | null;
  /** The first page failed (the list shows it with Retry). */
  error: string | null;
  /** A further page failed (the list keeps what it has and offers to try again). */
  moreError: string | null;
};

export type HistoryLogEvent =
  | { type: 'FILTER'; filters: Partial<HistoryFilters> }
  | { type: 'CLEAR_FILTERS' }
  | { type: 'LOAD_MORE' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The history could not be loaded');

export const historyLogMachine = setup({
  types: {
    context: {} as HistoryLogContext,
    events: {} as HistoryLogEvent,
    input: {} as { filters?: Partial<HistoryFilters> } | undefined,
  },
  actors: {
    fetchPage: fromPromise<LogPage, PageRequest>(async () => {
      throw new Error('fetchPage is not provided');
    }),
  },
  actions: {
    setFilters: assign({
      filters: ({ context, event }) =>
        event.type === 'FILTER' ? { ...context.filters, ...event.filters } : event.type === 'CLEAR_FILTERS' ? noFilters : context.filters,
    }),
    startOver: assign({ events: [], next: null, error: null, moreError: null }),
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
  },
}).createMachine({
  id: 'historyLog',
  context: ({ input }) => ({
    filters: { ...noFilters, ...input?.filters },
    events: [],
    next: null,
    error: null,
    moreError: null,
  }),
  initial: 'loading',
  on: {
    FILTER: { target: '.loading', reenter: true, actions: ['setFilters', 'startOver'] },
    CLEAR_FILTERS: { target: '.loading', reenter: true, actions: ['setFilters', 'startOver'] },
    REFRESH: { target: '.loading', reenter: true, actions: 'startOver' },
  },
  states: {
    loading: {
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ filters: context.filters, before: null }),
        onDone: {
          target: 'ready',
          actions: assign({ events: ({ event }) => event.output.events, next: ({ event }) => event.output.next }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    ready: {
      on: {
        LOAD_MORE: { guard: 'hasMore', target: 'loadingMore', actions: assign({ moreError: null }) },
      },
    },
    loadingMore: {
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ filters: context.filters, before: context.next }),
        onDone: {
          target: 'ready',
          actions: assign({
            events: ({ context, event }) => {
              // A page never repeats what is already listed (cursors are unique).
              const seen = new Set(context.events.map((e) => e.cursor));
              return [...context.events, ...event.output.events.filter((e) => !seen.has(e.cursor))];
            },
            next: ({ event }) => event.output.next,
          }),
        },
        onError: { target: 'ready', actions: assign({ moreError: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'startOver' } },
    },
  },
});
