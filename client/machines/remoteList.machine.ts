import { assign, fromPromise, setup } from 'xstate';

/**
 * A list that the server searches, filters, sorts and pages (GET /api/assignments?q=…&limit=…):
 * what the user asked for and the page on screen. Typing waits until the user pauses (SEARCH_DELAY)
 * so that a request is not sent per key; a filter, a sort or a page asks at once; a change by
 * someone else (REFRESH, from the live channel) asks again for the same page at most once per
 * REFRESH_DELAY, and once more if changes came in while that answer was on its way. An answer to a
 * question the user has since changed is dropped (leaving `loading` stops its request).
 * The page fetch is the `fetchPage` actor, so tests inject it.
 */
export const SEARCH_DELAY = 300;
export const REFRESH_DELAY = 250;

export type ListRequest = {
  search: string;
  filters: Record<string, string | null>;
  /** A sort as the API spells it ('name', '-name'); null for the list's own default order. */
  sort: string | null;
  /** 1-based. */
  page: number;
  pageSize: number;
};
export type ListAnswer<T = unknown> = { rows: T[]; total: number };

export type RemoteListContext<T = unknown> = ListRequest & {
  rows: T[];
  total: number;
  error: string | null;
  /** True once a page has arrived: until then the list shows a skeleton, later the rows it has. */
  loaded: boolean;
  /** This request refreshes what is on screen (someone else changed the plan): no spinner over it. */
  quiet: boolean;
  /** Changes came in while a request was on its way: ask again once it is answered. */
  stale: boolean;
};

export type RemoteListEvent =
  | { type: 'SEARCH'; text: string }
  | { type: 'FILTER'; filters: Record<string, string | null> }
  | { type: 'SORT'; sort: string | null }
  | { type: 'PAGE'; page: number }
  | { type: 'REFRESH' }
  | { type: 'RETRY' };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The list could not be loaded');

/** The last page that has rows (1 when nothing matches). */
export const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const remoteListMachine = setup({
  types: {
    context: {} as RemoteListContext,
    events: {} as RemoteListEvent,
    input: {} as { pageSize: number; sort?: string | null; filters?: Record<string, string | null> },
  },
  actors: {
    fetchPage: fromPromise<ListAnswer, ListRequest>(async () => {
      throw new Error('fetchPage is not provided');
    }),
  },
  actions: {
    ask: assign(({ context, event }) => {
      switch (event.type) {
        case 'SEARCH':
          return { search: event.text, page: 1, quiet: false, stale: false };
        case 'FILTER':
          return { filters: { ...context.filters, ...event.filters }, page: 1, quiet: false, stale: false };
        case 'SORT':
          return { sort: event.sort, page: 1, quiet: false, stale: false };
        case 'PAGE':
          return { page: Math.max(1, event.page), quiet: false, stale: false };
        default:
          return { quiet: false, stale: false };
      }
    }),
    markStale: assign({ stale: true }),
  },
  guards: {
    stale: ({ context }) => context.stale,
    /** Rows went away (removed, or no longer matching) and the page asked for is past the end now. */
    pastTheEnd: ({ context, event }) => {
      const { total } = (event as unknown as { output: ListAnswer }).output;
      return context.page > lastPage(total, context.pageSize);
    },
  },
  delays: { SEARCH_DELAY, REFRESH_DELAY },
}).createMachine({
  id: 'remoteList',
  context: ({ input }) => ({
    search: '',
    filters: { ...input.filters },
    sort: input.sort ?? null,
    page: 1,
    pageSize: input.pageSize,
    rows: [],
    total: 0,
    error: null,
    loaded: false,
    quiet: false,
    stale: false,
  }),
  initial: 'loading',
  on: {
    SEARCH: { target: '.typing', reenter: true, actions: 'ask' },
    FILTER: { target: '.loading', reenter: true, actions: 'ask' },
    SORT: { target: '.loading', reenter: true, actions: 'ask' },
    PAGE: { target: '.loading', reenter: true, actions: 'ask' },
  },
  states: {
    typing: {
      after: { SEARCH_DELAY: 'loading' },
    },
    loading: {
      on: { REFRESH: { actions: 'markStale' } },
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({
          search: context.search,
          filters: context.filters,
          sort: context.sort,
          page: context.page,
          pageSize: context.pageSize,
        }),
        onDone: [
          {
            guard: 'pastTheEnd',
            target: 'loading',
            reenter: true,
            actions: assign({ page: ({ context, event }) => lastPage(event.output.total, context.pageSize), quiet: true }),
          },
          {
            guard: 'stale',
            target: 'waiting',
            actions: assign({ rows: ({ event }) => event.output.rows, total: ({ event }) => event.output.total, error: null, loaded: true }),
          },
          {
            target: 'ready',
            actions: assign({ rows: ({ event }) => event.output.rows, total: ({ event }) => event.output.total, error: null, loaded: true }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    ready: {
      on: { REFRESH: 'waiting' },
    },
    /** A refresh is due: one request for all the changes that arrive meanwhile. */
    waiting: {
      entry: assign({ quiet: true, stale: false }),
      after: { REFRESH_DELAY: 'loading' },
    },
    failed: {
      on: {
        RETRY: { target: 'loading', actions: 'ask' },
        REFRESH: { target: 'loading', actions: 'ask' },
      },
    },
  },
});
