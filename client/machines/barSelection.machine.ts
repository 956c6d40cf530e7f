import { assign, emit, fromPromise, setup } from 'xstate';
import type { BulkChange } from '../../domain/bulk.ts';
import type { Assignment } from '../../domain/entities.ts';
import { ApiError, errorMessage } from '../lib/api.ts';
import { plural } from '../lib/format.ts';
import type { NamedOverload } from '../lib/overloads.ts';

/**
 * Several bars chosen on the schedule (Shift-click one, or Shift-drag a lasso over some), then changed
 * at once: moved by N days, given one allocation, or removed. All of the changes go in one request,
 * each with the version its bar showed when it was chosen, and the server applies all or none.
 *
 *   idle -TOGGLE / SELECT-> idle (the choice); LASSO_START -> lassoing -LASSO_MOVE-> lassoing -LASSO_END-> idle
 *   idle -MOVE (days set) / ALLOCATE (allocation set)-> judging (would it make or worsen an overload?)
 *     -> confirming (it would: the shared question names who, which days, how high; CONFIRM saves, BACK
 *     writes nothing) | saving
 *   idle -REMOVE-> saving -> idle, emitting 'saved' (the
 *     choice cleared) | conflict (409: one bar changed since it was chosen, so nothing changed; says
 *     which, CLOSE forgets the choice) | idle with the refusal's message (anything else, nothing changed)
 *   CLEAR (Escape) forgets the choice
 */

export type BulkKind = 'move' | 'allocation' | 'remove';

export type Lasso = { x0: number; y0: number; x1: number; y1: number };

export type BarSelectionContext = {
  /** The bars chosen, as they were when chosen (their versions are what the changes are made against). */
  selected: Assignment[];
  /** Days to move them by (negative: earlier). */
  days: number | null;
  allocation: number | null;
  lasso: Lasso | null;
  /** Which change is being saved, or was last refused. */
  kind: BulkKind | null;
  error: string | null;
  conflict: { message: string; assignment: Assignment | null; currentVersion: number | null } | null;
  /** What the change would put or push over capacity, asked before it is saved. */
  overloads: NamedOverload[];
};

export type BarSelectionEvent =
  | { type: 'TOGGLE'; assignment: Assignment }
  | { type: 'SELECT'; assignments: readonly Assignment[]; add?: boolean }
  | { type: 'CLEAR' }
  | { type: 'LASSO_START'; x: number; y: number }
  | { type: 'LASSO_MOVE'; x: number; y: number }
  /** The bars the lasso covered, worked out by the screen from where they are drawn. */
  | { type: 'LASSO_END'; assignments: readonly Assignment[] }
  | { type: 'LASSO_CANCEL' }
  | { type: 'SET_DAYS'; value: number | null }
  | { type: 'SET_ALLOCATION'; value: number | null }
  | { type: 'MOVE' }
  | { type: 'ALLOCATE' }
  | { type: 'REMOVE' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'CLOSE' };

export type BarSelectionEmitted = { type: 'saved'; kind: BulkKind; count: number; answer: unknown; label: string };

/** The changes a bulk edit sends: one per chosen bar, against the version it showed. */
export function bulkChanges(context: Pick<BarSelectionContext, 'selected' | 'days' | 'allocation'>, kind: BulkKind): BulkChange[] {
  return context.selected.map((a) => {
    const target = { assignmentId: a._id, version: a.version };
    if (kind === 'move') return { ...target, op: 'move' as const, days: context.days ?? 0 };
    if (kind === 'allocation') return { ...target, op: 'allocation' as const, allocationPercentage: context.allocation ?? 0 };
    return { ...target, op: 'remove' as const };
  });
}

/** What a bulk edit did, in words: the Undo toast's and the History's kind of sentence. */
export function bulkLabel(kind: BulkKind, count: number, context: Pick<BarSelectionContext, 'days' | 'allocation'>): string {
  const bars = plural(count, 'assignment');
  if (kind === 'move') {
    const days = context.days ?? 0;
    return `Moved ${bars} ${plural(Math.abs(days), 'day')} ${days < 0 ? 'earlier' : 'later'}`;
  }
  if (kind === 'allocation') return `Set ${bars} to ${context.allocation}%`;
  return `Removed ${bars}`;
}

/** The lasso as a box with a positive width and height. */
export const lassoBox = (l: Lasso) => ({ left: Math.min(l.x0, l.x1), top: Math.min(l.y0, l.y1), width: Math.abs(l.x1 - l.x0), height: Math.abs(l.y1 - l.y0) });

const validDays = (days: number | null) => days !== null && Number.isInteger(days) && days !== 0 && Math.abs(days) <= 3660;
const validAllocation = (value: number | null) => value !== null && Number.isFinite(value) && value >= 1 && value <= 100;

type Refusal = { assignmentId?: string; currentVersion?: number };
const refusalOf = (error: unknown): Refusal => (error instanceof ApiError && typeof error.body === 'object' && error.body !== null ? (error.body as Refusal) : {});

export const barSelectionMachine = setup({
  types: {
    context: {} as BarSelectionContext,
    events: {} as BarSelectionEvent,
    emitted: {} as BarSelectionEmitted,
  },
  actors: {
    /** POST /api/assignments/bulk with the changes; the screen provides it. */
    bulk: fromPromise<unknown, { changes: BulkChange[] }>(async () => {
      throw new Error('The bulk actor was not provided');
    }),
    /** Whom the changes would put or push over capacity, on the plan the screen shows; none unless the screen provides it. */
    overloads: fromPromise<NamedOverload[], { changes: BulkChange[]; selected: Assignment[] }>(async () => []),
  },
  guards: {
    hasChoice: ({ context }) => context.selected.length > 0,
    canMove: ({ context }) => context.selected.length > 0 && validDays(context.days),
    canAllocate: ({ context }) => context.selected.length > 0 && validAllocation(context.allocation),
    isVersionConflict: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof ApiError && error.status === 409 && error.code === 'VERSION_CONFLICT';
    },
  },
  actions: {
    toggle: assign(({ context, event }) => {
      if (event.type !== 'TOGGLE') return {};
      const chosen = context.selected.some((a) => a._id === event.assignment._id);
      return { selected: chosen ? context.selected.filter((a) => a._id !== event.assignment._id) : [...context.selected, event.assignment], error: null };
    }),
    select: assign(({ context, event }) => {
      if (event.type !== 'SELECT' && event.type !== 'LASSO_END') return {};
      const add = event.type === 'LASSO_END' || event.add === true;
      const base = add ? context.selected : [];
      const known = new Set(base.map((a) => a._id));
      return { selected: [...base, ...event.assignments.filter((a) => !known.has(a._id))], error: null, lasso: null };
    }),
    clear: assign({ selected: [], error: null, conflict: null, kind: null, lasso: null }),
    startLasso: assign(({ event }) => (event.type === 'LASSO_START' ? { lasso: { x0: event.x, y0: event.y, x1: event.x, y1: event.y } } : {})),
    moveLasso: assign(({ context, event }) => (event.type === 'LASSO_MOVE' && context.lasso ? { lasso: { ...context.lasso, x1: event.x, y1: event.y } } : {})),
    dropLasso: assign({ lasso: null }),
    setDays: assign(({ event }) => (event.type === 'SET_DAYS' ? { days: event.value } : {})),
    setAllocation: assign(({ event }) => (event.type === 'SET_ALLOCATION' ? { allocation: event.value } : {})),
    startMove: assign({ kind: 'move' as const, error: null, conflict: null }),
    startAllocate: assign({ kind: 'allocation' as const, error: null, conflict: null }),
    startRemove: assign({ kind: 'remove' as const, error: null, conflict: null }),
    saved: emit(({ context, event }) => ({
      type: 'saved' as const,
      kind: context.kind!,
      count: context.selected.length,
      answer: (event as { output?: unknown }).output,
      label: bulkLabel(context.kind!, context.selected.length, context),
    })),
    recordConflict: assign(({ context, event }) => {
      const error = (event as { error?: unknown }).error;
      const { assignmentId, currentVersion } = refusalOf(error);
      const assignment = context.selected.find((a) => a._id === assignmentId) ?? null;
      const who = assignment ? `${assignment.engineerId.name}'s assignment on ${assignment.projectId.name}` : 'One of the assignments';
      return {
        conflict: {
          message: `Nothing was changed: ${who} was changed by someone else since you chose it. Look at it again, then choose the bars anew.`,
          assignment,
          currentVersion: currentVersion ?? null,
        },
      };
    }),
    recordError: assign(({ event }) => ({ error: errorMessage((event as { error?: unknown }).error) })),
  },
}).createMachine({
  id: 'barSelection',
  context: { selected: [], days: 7, allocation: null, lasso: null, kind: null, error: null, conflict: null, overloads: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: { actions: 'toggle' },
        SELECT: { actions: 'select' },
        CLEAR: { actions: 'clear' },
        LASSO_START: { target: 'lassoing', actions: 'startLasso' },
        SET_DAYS: { actions: 'setDays' },
        SET_ALLOCATION: { actions: 'setAllocation' },
        MOVE: { guard: 'canMove', target: 'judging', actions: 'startMove' },
        ALLOCATE: { guard: 'canAllocate', target: 'judging', actions: 'startAllocate' },
        REMOVE: { guard: 'hasChoice', target: 'saving', actions: 'startRemove' },
      },
    },
    lassoing: {
      on: {
        LASSO_MOVE: { actions: 'moveLasso' },
        LASSO_END: { target: 'idle', actions: 'select' },
        LASSO_CANCEL: { target: 'idle', actions: 'dropLasso' },
      },
    },
    judging: {
      invoke: {
        src: 'overloads',
        input: ({ context }) => ({ changes: bulkChanges(context, context.kind!), selected: context.selected }),
        onDone: [
          { guard: ({ event }) => event.output.length > 0, target: 'confirming', actions: assign({ overloads: ({ event }) => event.output }) },
          { target: 'saving' },
        ],
        // Not knowing is no reason to stop a manager: the server answers the overloads it made.
        onError: { target: 'saving' },
      },
    },
    confirming: {
      on: {
        CONFIRM: { target: 'saving' },
        BACK: { target: 'idle', actions: assign({ overloads: [], kind: null }) },
      },
    },
    saving: {
      exit: assign({ overloads: [] }),
      invoke: {
        src: 'bulk',
        input: ({ context }) => ({ changes: bulkChanges(context, context.kind!) }),
        onDone: { target: 'idle', actions: ['saved', 'clear'] },
        onError: [
          { guard: 'isVersionConflict', target: 'conflict', actions: 'recordConflict' },
          { target: 'idle', actions: 'recordError' },
        ],
      },
    },
    conflict: {
      on: { CLOSE: { target: 'idle', actions: 'clear' } },
    },
  },
});
