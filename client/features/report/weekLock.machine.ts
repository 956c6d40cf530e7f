import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../../lib/api.ts';

/**
 * Locking and unlocking a week of actuals for everyone (the Report): unlocking asks for a reason first.
 * The lock and unlock actors are provided by the screen.
 */
export type WeekLockContext = { week: string; reason: string; error: string | null; done: string | null };
export type WeekLockEvent =
  | { type: 'WEEK'; week: string }
  | { type: 'LOCK' }
  | { type: 'ASK_UNLOCK' }
  | { type: 'REASON'; reason: string }
  | { type: 'UNLOCK' }
  | { type: 'CANCEL' };

export const weekLockMachine = setup({
  types: { context: {} as WeekLockContext, events: {} as WeekLockEvent, input: {} as { week: string } },
  actors: {
    lock: fromPromise<null, { week: string }>(async () => { throw new Error('provide lock'); }),
    unlock: fromPromise<null, { week: string; reason: string }>(async () => { throw new Error('provide unlock'); }),
  },
  actions: { takeError: assign(({ event }) => ({ error: errorMessage((event as unknown as { error: unknown }).error) })) },
}).createMachine({
  id: 'weekLock',
  context: ({ input }) => ({ week: input.week, reason: '', error: null, done: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        WEEK: { actions: assign({ week: ({ event }) => event.week, error: null, done: null }) },
        LOCK: 'locking',
        ASK_UNLOCK: { target: 'askingReason', actions: assign({ reason: '', error: null, done: null }) },
      },
    },
    locking: {
      invoke: {
        src: 'lock', input: ({ context }) => ({ week: context.week }),
        onDone: { target: 'idle', actions: assign({ done: ({ context }) => `Week ${context.week} is locked for everyone`, error: null }) },
        onError: { target: 'idle', actions: 'takeError' },
      },
    },
    askingReason: {
      on: {
        REASON: { actions: assign({ reason: ({ event }) => event.reason }) },
        UNLOCK: { guard: ({ context }) => context.reason.trim() !== '', target: 'unlocking' },
        CANCEL: 'idle',
      },
    },
    unlocking: {
      invoke: {
        src: 'unlock', input: ({ context }) => ({ week: context.week, reason: context.reason.trim() }),
        onDone: { target: 'idle', actions: assign({ done: ({ context }) => `Week ${context.week} is open again`, error: null }) },
        onError: { target: 'askingReason', actions: 'takeError' },
      },
    },
  },
});
