import { assign, type EventObject } from 'xstate';
import { ApiError, errorMessage, isVersionConflict } from '../lib/api.ts';
import { mergeMine, type Values } from '../lib/conflict.ts';

/**
 * What a form or a row action does when someone else saved first (a 409): load the version saved now,
 * show what each side changed, then put the user's changes on top of it (REAPPLY) or take it as it is
 * (TAKE_LATEST). Every machine that edits a versioned thing shares these pieces, so the rules (nothing
 * the user typed is dropped without their choosing it) are written once.
 */

/** A thing as saved now, with its version. */
export type Latest<V> = { values: V; version: number };

export type ConflictState<V> = {
  /** The server's words: 'This <thing> was changed by someone else. Reload to see the latest version.' */
  message: string;
  /** Who made the change this write had not seen, when the answer names them (`changedBy` of the 409). */
  changedBy: string | null;
  /** The saved values now; null while loading, when it was removed or when loading failed. */
  latest: V | null;
  latestVersion: number | null;
  removed: boolean;
  loadError: string | null;
};

export const REAPPLIED_NOTICE = 'Your changes are applied on top of the latest version. Check them and save again.';
export const LATEST_NOTICE = 'The form now shows the latest saved version.';

/** The error an actor's failure event carries. */
export const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/** The name in a 409's `changedBy`, if it has one. */
function changedByOf(error: unknown): string | null {
  const body = error instanceof ApiError ? error.body : undefined;
  const by = typeof body === 'object' && body !== null ? (body as { changedBy?: { name?: unknown } }).changedBy : undefined;
  return typeof by?.name === 'string' && by.name.trim() !== '' ? by.name : null;
}

/** The value an actor's done event carries. */
const outputOf = <T>(event: unknown) => (event as { output?: T }).output;

export const conflictStarted = <V>(error: unknown): ConflictState<V> => ({
  message: errorMessage(error),
  changedBy: changedByOf(error),
  latest: null,
  latestVersion: null,
  removed: false,
  loadError: null,
});
export const conflictReloading = <V>(conflict: ConflictState<V> | null) => conflict && { ...conflict, loadError: null };
/** The latest version arrived; null means the thing no longer exists. */
export const conflictWithLatest = <V>(conflict: ConflictState<V>, latest: Latest<V> | null): ConflictState<V> =>
  latest ? { ...conflict, latest: latest.values, latestVersion: latest.version } : { ...conflict, removed: true };
export const conflictLoadFailed = <V>(conflict: ConflictState<V> | null, error: unknown) => conflict && { ...conflict, loadError: errorMessage(error) };
export const latestKnown = (conflict: ConflictState<unknown> | null) => conflict?.latest != null && conflict.latestVersion != null;

/** REAPPLY: the user's changes on top of the latest version (the caller re-judges the errors). */
export function reappliedOnLatest<V extends Values>(base: V, form: V, conflict: ConflictState<V>) {
  const latest = conflict.latest!;
  return { base: latest, version: conflict.latestVersion, form: mergeMine(base, form, latest), conflict: null, notice: REAPPLIED_NOTICE };
}

/** TAKE_LATEST: the latest version in the form. */
export const takenLatest = <V>(conflict: ConflictState<V>) => ({
  base: conflict.latest!,
  version: conflict.latestVersion,
  form: conflict.latest!,
  conflict: null,
  errors: {},
  notice: LATEST_NOTICE,
});

/** The guards of the conflict states: whether a failure is a 409, and whether the latest version is known. */
export const conflictGuards = {
  isVersionConflict: ({ event }: { event: unknown }) => isVersionConflict(errorOf(event)),
  latestKnown: ({ context }: { context: { conflict: ConflictState<unknown> | null } }) => latestKnown(context.conflict),
};

/** The part of a machine's context that the conflict actions read and write. */
export type ConflictContext<V> = { conflict: ConflictState<V> | null };

/** The actions that keep `context.conflict`: a 409 starts it, the latest version (or its failure) fills it. */
export function conflictActions<V, C extends ConflictContext<V>, E extends EventObject>() {
  // The casts: TypeScript cannot see that a partial of ConflictContext<V> is a partial of every C that extends it.
  const update = (conflict: ConflictState<V> | null) => ({ conflict }) as Partial<C>;
  return {
    startConflict: assign<C, E, undefined, E, never>(({ event }) => update(conflictStarted<V>(errorOf(event)))),
    restartLoad: assign<C, E, undefined, E, never>(({ context }) => update(conflictReloading(context.conflict))),
    recordLatest: assign<C, E, undefined, E, never>(({ context, event }) =>
      context.conflict ? update(conflictWithLatest(context.conflict, outputOf<Latest<V> | null>(event) ?? null)) : {},
    ),
    recordLoadFailure: assign<C, E, undefined, E, never>(({ context, event }) => update(conflictLoadFailed(context.conflict, errorOf(event)))),
  };
}

/** The part of a form machine's context that resolving a conflict replaces. */
export type FormConflictContext<V extends Values> = ConflictContext<V> & {
  base: V;
  form: V;
  version: number | null;
  errors: Record<string, string>;
  notice: string | null;
};

/**
 * The conflict actions of a form, with REAPPLY and TAKE_LATEST; `revalidate` judges the form the user
 * gets back (its messages follow the input once the user tried to save).
 */
export function formConflictActions<V extends Values, C extends FormConflictContext<V>, E extends EventObject>(
  revalidate: (context: C, form: V) => Record<string, string>,
) {
  return {
    ...conflictActions<V, C, E>(),
    reapply: assign<C, E, undefined, E, never>(({ context }) => {
      const next = reappliedOnLatest(context.base, context.form, context.conflict!);
      return { ...next, errors: revalidate(context, next.form) } as Partial<C>;
    }),
    takeLatest: assign<C, E, undefined, E, never>(({ context }) => takenLatest(context.conflict!) as Partial<C>),
  };
}

/**
 * The `conflict` state of a form machine with id `machineId`: load the latest version, then show it
 * until the user reapplies their changes or takes the latest (both back to `editing`) or cancels.
 * The machine provides the `loadLatest` actor (input `{id}`) and the `reset` action.
 */
export const formConflictState = (machineId: string) =>
  ({
    initial: 'loading',
    on: { CANCEL: { target: 'closed', actions: 'reset' } },
    states: {
      loading: {
        invoke: {
          src: 'loadLatest',
          input: ({ context }: { context: { id: string | null } }) => ({ id: context.id ?? '' }),
          onDone: { target: 'showing', actions: 'recordLatest' },
          onError: { target: 'showing', actions: 'recordLoadFailure' },
        },
      },
      showing: {
        on: {
          REAPPLY: { guard: 'latestKnown', target: `#${machineId}.editing`, actions: 'reapply' },
          TAKE_LATEST: { guard: 'latestKnown', target: `#${machineId}.editing`, actions: 'takeLatest' },
          RETRY_LOAD: { target: 'loading', actions: 'restartLoad' },
        },
      },
    },
  }) as const;

/** Where a failed save goes: a 409 to the conflict states (the screen reloads), anything else back to editing. */
export const saveFailed = [
  { guard: 'isVersionConflict', target: 'conflict', actions: ['startConflict', 'conflicted'] },
  { target: 'editing', actions: 'recordFailure' },
] as const;
