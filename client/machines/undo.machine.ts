import { assign, emit, fromPromise, setup } from 'xstate';
import { ApiError, errorMessage } from '../lib/api.ts';

/**
 * Undo of the last changes made on a screen (a bar dragged, resized or handed over, a bulk edit): each
 * write's answer names its command, and an undo asks the server to reverse that command with
 * compensating changes, recorded in the History as an undo of it.
 *
 *   idle -RECORD-> idle (the change on top of the stack; the oldest beyond STACK_LIMIT forgotten)
 *   idle -UNDO (Ctrl+Z: the newest) / UNDO_ONE (its toast's Undo button)-> undoing
 *   undoing -> idle, emitting 'undone' (the change leaves the stack) | idle, emitting 'failed' with the
 *     server's reason (something changed it since: a refusal leaves the stack too, a lost connection
 *     keeps it to try again)
 */

export type UndoEntry = { commandId: string; label: string };

export type UndoContext = { stack: UndoEntry[]; current: UndoEntry | null };

export type UndoEvent = { type: 'RECORD'; entry: UndoEntry } | { type: 'UNDO' } | { type: 'UNDO_ONE'; commandId: string };

export type UndoEmitted =
  | { type: 'undone'; entry: UndoEntry; answer: unknown }
  | { type: 'failed'; entry: UndoEntry; message: string }
  | { type: 'nothing' };

export const STACK_LIMIT = 20;

/** A refusal (4xx) means this change can no longer be undone; anything else may work on a second try. */
const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export const undoMachine = setup({
  types: {
    context: {} as UndoContext,
    events: {} as UndoEvent,
    emitted: {} as UndoEmitted,
  },
  actors: {
    /** POST /api/undo/:commandId; the screen provides it. */
    undo: fromPromise<unknown, UndoEntry>(async () => {
      throw new Error('The undo actor was not provided');
    }),
  },
  guards: {
    hasAny: ({ context }) => context.stack.length > 0,
    isKnown: ({ context, event }) => event.type === 'UNDO_ONE' && context.stack.some((e) => e.commandId === event.commandId),
    wasRefused: ({ event }) => refused((event as { error?: unknown }).error),
  },
  actions: {
    record: assign(({ context, event }) =>
      event.type === 'RECORD' ? { stack: [...context.stack.filter((e) => e.commandId !== event.entry.commandId), event.entry].slice(-STACK_LIMIT) } : {},
    ),
    takeNewest: assign(({ context }) => ({ current: context.stack.at(-1) ?? null })),
    takeOne: assign(({ context, event }) => ({ current: event.type === 'UNDO_ONE' ? (context.stack.find((e) => e.commandId === event.commandId) ?? null) : null })),
    drop: assign(({ context }) => ({ stack: context.stack.filter((e) => e.commandId !== context.current?.commandId) })),
    undone: emit(({ context, event }) => ({ type: 'undone' as const, entry: context.current!, answer: (event as { output?: unknown }).output })),
    failed: emit(({ context, event }) => ({ type: 'failed' as const, entry: context.current!, message: errorMessage((event as { error?: unknown }).error) })),
    nothing: emit({ type: 'nothing' as const }),
    done: assign({ current: null }),
  },
}).createMachine({
  id: 'undo',
  context: { stack: [], current: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        RECORD: { actions: 'record' },
        UNDO: [{ guard: 'hasAny', target: 'undoing', actions: 'takeNewest' }, { actions: 'nothing' }],
        UNDO_ONE: { guard: 'isKnown', target: 'undoing', actions: 'takeOne' },
      },
    },
    undoing: {
      on: { RECORD: { actions: 'record' } },
      invoke: {
        src: 'undo',
        input: ({ context }) => context.current!,
        onDone: { target: 'idle', actions: ['undone', 'drop', 'done'] },
        onError: [
          { guard: 'wasRefused', target: 'idle', actions: ['failed', 'drop', 'done'] },
          { target: 'idle', actions: ['failed', 'done'] },
        ],
      },
    },
  },
});
