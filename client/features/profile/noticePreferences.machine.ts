import { assign, fromPromise, setup } from 'xstate';
import type { NoticeKind, NoticePreferences } from '../../../domain/notifications/notices.ts';
import { errorMessage } from '../../lib/api.ts';

/**
 * The Profile's e-mail choices: loaded, then each switch saved as it is flipped.
 *
 *   loading -> ready -TOGGLE-> saving -> ready (saved; or the switch back as it was, with the message)
 *   loading -> failed -RETRY-> loading
 */
export type NoticePreferencesContext = { preferences: NoticePreferences | null; error: string | null };
export type NoticePreferencesEvent = { type: 'TOGGLE'; kind: NoticeKind; on: boolean } | { type: 'RETRY' };

export const noticePreferencesMachine = setup({
  types: { context: {} as NoticePreferencesContext, events: {} as NoticePreferencesEvent },
  actors: {
    load: fromPromise<NoticePreferences>(async () => {
      throw new Error('The load actor was not provided');
    }),
    save: fromPromise<NoticePreferences, Partial<NoticePreferences>>(async () => {
      throw new Error('The save actor was not provided');
    }),
  },
}).createMachine({
  id: 'noticePreferences',
  context: { preferences: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        // A refused save's message stays over what the server holds.
        onDone: { target: 'ready', actions: assign({ preferences: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      on: {
        TOGGLE: {
          target: 'saving',
          // Shown at once; put back if the server refuses.
          actions: assign({ preferences: ({ context, event }) => ({ ...context.preferences!, [event.kind]: event.on }), error: null }),
        },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => context.preferences!,
        onDone: { target: 'ready', actions: assign({ preferences: ({ event }) => event.output }) },
        onError: { target: 'loading', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});
