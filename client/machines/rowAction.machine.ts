import { assign, emit, fromPromise, setup } from 'xstate';
import { errorMessage } from '../lib/api.ts';
import type { Values } from '../lib/conflict.ts';
import { conflictActions, conflictGuards, type ConflictState, type Latest } from './formConflict.ts';

/**
 * One-click changes on a table row (end an assignment today, remove it, move a project's status),
 * each made against the version the row showed, so a
 * change someone else made meanwhile is never overwritten silently:
 *
 *   idle -RUN-> running -> idle (done: the screen reloads and says so)
 *                       -> idle (refused: the screen shows the message)
 *                       -> conflict.loading -> conflict.showing (409: someone else changed it first)
 *   conflict.showing -RETRY-> running again against the latest version; -CLOSE-> idle
 *
 * The screen hears 'done', 'failed' and 'conflicted' as emitted events (`actor.on`), or provides those
 * actions itself.
 */

export type RowAction = {
  /** Which change; the screen's `run` actor knows what each kind sends. */
  kind: string;
  id: string;
  version: number;
  /** What the user asked for, in words: 'End this assignment today'. */
  label: string;
  /** The row's values as the user saw them. */
  before: Values;
  /** What the change sets; null when it removes the thing. */
  changes: Values | null;
};

export type RowActionContext = {
  action: RowAction | null;
  conflict: ConflictState<Values> | null;
};

export type RowActionEvent =
  | { type: 'RUN'; action: RowAction }
  | { type: 'RETRY' }
  | { type: 'RETRY_LOAD' }
  | { type: 'CLOSE' };

export type RowActionEmitted =
  | { type: 'done'; action: RowAction; result: unknown }
  | { type: 'failed'; action: RowAction; message: string }
  | { type: 'conflicted' };

export const rowActionMachine = setup({
  types: {
    context: {} as RowActionContext,
    events: {} as RowActionEvent,
    emitted: {} as RowActionEmitted,
  },
  actors: {
    run: fromPromise<unknown, RowAction>(async () => {
      throw new Error('The run actor was not provided');
    }),
    /** The thing as saved now; null when it no longer exists. */
    loadLatest: fromPromise<Latest<Values> | null, RowAction>(async () => {
      throw new Error('The loadLatest actor was not provided');
    }),
  },
  guards: conflictGuards,
  actions: {
    /** The screen reloads what changed and says so. */
    done: emit((_, params: { action: RowAction; result: unknown }) => ({ type: 'done' as const, ...params })),
    /** The screen shows why it was refused. */
    failed: emit((_, params: { action: RowAction; message: string }) => ({ type: 'failed' as const, ...params })),
    /** The screen reloads the collection so the row shows the latest. */
    conflicted: emit({ type: 'conflicted' as const }),
    start: assign(({ event }) => (event.type === 'RUN' ? { action: event.action, conflict: null } : {})),
    clear: assign({ action: null, conflict: null }),
    ...conflictActions<Values, RowActionContext, RowActionEvent>(),
    /** Aim the same change at the latest version. */
    onLatest: assign(({ context }) => ({
      action: { ...context.action!, version: context.conflict!.latestVersion!, before: context.conflict!.latest! },
      conflict: null,
    })),
  },
}).createMachine({
  id: 'rowAction',
  context: { action: null, conflict: null },
  initial: 'idle',
  states: {
    idle: {
      on: { RUN: { target: 'running', actions: 'start' } },
    },
    running: {
      invoke: {
        src: 'run',
        input: ({ context }) => context.action!,
        onDone: {
          target: 'idle',
          actions: [{ type: 'done', params: ({ context, event }) => ({ action: context.action!, result: event.output }) }, 'clear'],
        },
        onError: [
          { guard: 'isVersionConflict', target: 'conflict', actions: ['startConflict', 'conflicted'] },
          {
            target: 'idle',
            actions: [{ type: 'failed', params: ({ context, event }) => ({ action: context.action!, message: errorMessage(event.error) }) }, 'clear'],
          },
        ],
      },
    },
    conflict: {
      initial: 'loading',
      on: { CLOSE: { target: 'idle', actions: 'clear' } },
      states: {
        loading: {
          invoke: {
            src: 'loadLatest',
            input: ({ context }) => context.action!,
            onDone: { target: 'showing', actions: 'recordLatest' },
            onError: { target: 'showing', actions: 'recordLoadFailure' },
          },
        },
        showing: {
          on: {
            RETRY: { guard: 'latestKnown', target: '#rowAction.running', actions: 'onLatest' },
            RETRY_LOAD: { target: 'loading', actions: 'restartLoad' },
          },
        },
      },
    },
  },
});
