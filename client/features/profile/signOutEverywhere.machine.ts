import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../../lib/api.ts';

/**
 * "Sign out everywhere" on the Profile: idle -ASK-> confirming -CONFIRM-> ending -> done (the screen
 * signs out here too) | idle with the reason (the sessions are not known to have ended: still signed in).
 * The call is the named actor `endAll` (POST /api/auth/logout-all).
 */
export type SignOutEverywhereContext = { error: string | null };
export type SignOutEverywhereEvent = { type: 'ASK' } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export const signOutEverywhereMachine = setup({
  types: { context: {} as SignOutEverywhereContext, events: {} as SignOutEverywhereEvent },
  actors: {
    endAll: fromPromise<null, void>(async () => {
      throw new Error('The endAll actor was not provided');
    }),
  },
  actions: {
    /** Every session has ended, this one too: the screen signs out here; provided by the screen. */
    ended: () => {},
  },
}).createMachine({
  id: 'signOutEverywhere',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { ASK: { target: 'confirming', actions: assign({ error: null }) } } },
    confirming: { on: { CONFIRM: 'ending', CANCEL: 'idle' } },
    ending: {
      invoke: {
        src: 'endAll',
        onDone: { target: 'done', actions: 'ended' },
        onError: { target: 'idle', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
      },
    },
    done: { type: 'final' },
  },
});
