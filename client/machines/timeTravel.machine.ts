import { assign, fromPromise, setup } from 'xstate';
import type { Plan } from '../../domain/plan.ts';
import type { Moment } from '../lib/momentQuery.ts';

/**
 * Time travel: the app shows the live plan, loads the plan as it was at a past moment, or
 * shows that past plan read-only. A moment is either a date-time (`at`) or an event's cursor (the plan
 * right after that event). Loading failures go back to live with a message.
 *
 * The fetch is the `fetchPlan` actor and the effects on the app are the `showPast` / `showLive`
 * actions, so the machine runs without React or HTTP in tests (createActor + provide).
 */
export type { Moment };

/** The answer of GET /api/history/state: the plan and the moment it stands for. */
export type PastPlan = Plan & { asOf: string; cursor: string };

export type TimeTravelContext = {
  /** What was asked for last (kept while loading, for the banner's 'Loading the plan as of ...'). */
  requested: Moment | null;
  /** The moment being shown while viewing the past (the server's `asOf`). */
  asOf: string | null;
  /** The cursor of the last event folded into the past plan. */
  cursor: string | null;
  /** Why the last travel failed; cleared by the next travel or DISMISS. */
  error: string | null;
};

export type TimeTravelEvent =
  | { type: 'TRAVEL'; moment: Moment }
  | { type: 'BACK_TO_LIVE' }
  | { type: 'DISMISS' };

export const TIME_TRAVEL_FAILED = 'The plan for that moment could not be loaded';

/** The failure text: the error's own message (the server's `message`), else a generic one. */
export const travelErrorText = (error: unknown) =>
  error instanceof Error && error.message ? `${TIME_TRAVEL_FAILED}: ${error.message}` : TIME_TRAVEL_FAILED;

/** A valid moment: a parseable date-time, or a cursor such as "1234:56". */
export function isMoment(moment: Moment | null | undefined): moment is Moment {
  if (!moment) return false;
  if ('at' in moment) return typeof moment.at === 'string' && !Number.isNaN(Date.parse(moment.at));
  return typeof moment.cursor === 'string' && /^\d+:\d+$/.test(moment.cursor);
}

/** The query string of GET /api/history/state for a moment (kept in lib, so the app shell's call need not load this machine). */
export { momentQuery } from '../lib/momentQuery.ts';

export const timeTravelMachine = setup({
  types: {
    context: {} as TimeTravelContext,
    events: {} as TimeTravelEvent,
  },
  actors: {
    fetchPlan: fromPromise<PastPlan, Moment>(async () => {
      throw new Error('fetchPlan is not provided');
    }),
  },
  actions: {
    /** Puts the past plan in front of the screens (the app provides it: viewMode.showPast). */
    showPast: (_, _params: { plan: PastPlan }) => {},
    /** Back to the live collections (the app provides it: viewMode.showLive). */
    showLive: () => {},
  },
  guards: {
    validMoment: ({ event }) => event.type === 'TRAVEL' && isMoment(event.moment),
  },
}).createMachine({
  id: 'timeTravel',
  context: { requested: null, asOf: null, cursor: null, error: null },
  initial: 'live',
  on: {
    DISMISS: { actions: assign({ error: null }) },
  },
  states: {
    live: {
      on: {
        TRAVEL: {
          guard: 'validMoment',
          target: 'loadingPast',
          actions: assign({ requested: ({ event }) => event.moment, error: null }),
        },
      },
    },
    loadingPast: {
      invoke: {
        src: 'fetchPlan',
        input: ({ context }) => context.requested!,
        onDone: {
          target: 'viewingPast',
          actions: [
            assign({ asOf: ({ event }) => event.output.asOf, cursor: ({ event }) => event.output.cursor }),
            { type: 'showPast', params: ({ event }) => ({ plan: event.output }) },
          ],
        },
        onError: {
          target: 'live',
          actions: [
            assign({ error: ({ event }) => travelErrorText(event.error), asOf: null, cursor: null, requested: null }),
            'showLive',
          ],
        },
      },
      on: {
        // A newer choice replaces the one loading (the old answer is dropped with its actor).
        TRAVEL: {
          guard: 'validMoment',
          target: 'loadingPast',
          reenter: true,
          actions: assign({ requested: ({ event }) => event.moment, error: null }),
        },
        BACK_TO_LIVE: {
          target: 'live',
          actions: [assign({ requested: null, asOf: null, cursor: null }), 'showLive'],
        },
      },
    },
    viewingPast: {
      on: {
        TRAVEL: {
          guard: 'validMoment',
          target: 'loadingPast',
          actions: assign({ requested: ({ event }) => event.moment, error: null }),
        },
        BACK_TO_LIVE: {
          target: 'live',
          actions: [assign({ requested: null, asOf: null, cursor: null }), 'showLive'],
        },
      },
    },
  },
});
