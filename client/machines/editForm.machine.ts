import { assign, fromPromise, setup } from 'xstate';
import { endsAfterStart, endsOnOrAfterStart } from '../../domain/inputs.ts';
import { ApiError, errorMessage } from '../lib/api.ts';
import { changedKeys, pick, type Values } from '../lib/conflict.ts';
import { type ConflictState, conflictGuards, errorOf, formConflictActions, formConflictState, type Latest, saveFailed } from './formConflict.ts';

/**
 * A create-or-edit form with safe concurrent edits (no manager silently overwrites another's change),
 * shared by the project, engineer and skills forms:
 *
 *   closed -> editing -> saving -> closed (saved; the screen reloads what changed)
 *                     \-> editing (refused: the message, and field messages under their fields)
 *                     \-> conflict.loading -> conflict.showing (409: someone else saved first)
 *   conflict.showing -> REAPPLY: the user's changes on top of the latest version, back to editing
 *                    -> TAKE_LATEST: the latest version in the form, back to editing
 *                    -> CANCEL: closed
 *
 * Nothing the user typed is dropped without them choosing it: on a conflict the form keeps their
 * values and the dialog shows what each side changed.
 */

export type FormMode = 'create' | 'edit';
export type FormErrors = Record<string, string>;
export type FormValidation = { ok: true; payload: Values } | { ok: false; errors: FormErrors };

export type EditFormContext<V extends Values> = {
  mode: FormMode;
  id: string | null;
  /** The version the edit is made against. */
  version: number | null;
  /** The values as saved at `version` (for a new thing: the form's starting values). */
  base: V;
  form: V;
  errors: FormErrors;
  /** After the first submit, every change re-validates so messages follow the input. */
  attempted: boolean;
  submitError: string | null;
  conflict: ConflictState<V> | null;
  /** A line over the form after a conflict was resolved. */
  notice: string | null;
};

export type EditFormEvent<V extends Values> =
  | { type: 'OPEN_CREATE'; values?: Partial<V> }
  | { type: 'OPEN_EDIT'; id: string; version: number; values: V }
  | { type: 'CHANGE'; field: keyof V & string; value: unknown }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'REAPPLY' }
  | { type: 'TAKE_LATEST' }
  | { type: 'RETRY_LOAD' };

export type SaveInput = { mode: FormMode; id: string | null; version: number | null; payload: Values };

export type EditFormConfig<V extends Values> = {
  id: string;
  /** The starting values of a new one. */
  empty: () => V;
  /** Validates the whole form (domain schemas); `payload` holds the parsed values. */
  validate: (form: V, mode: FormMode) => FormValidation;
  /** Field messages of a refused save; by default the `issues` of a 400, by their first path segment. */
  fieldErrorsOf?: (error: unknown) => FormErrors;
};

/** Field messages a refused save carried in `issues`, by their first path segment. */
export function issueErrors(error: unknown): FormErrors {
  const errors: FormErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const issue of error.issues) {
    const field = issue.path.split('.')[0];
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export type ZodLikeIssue = { path: readonly PropertyKey[]; message: string };

/** The first message of each field. */
export function firstByField(issues: readonly ZodLikeIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** A zod parse as the form machine takes it: the payload (with `extra` added), or the first error of each field. */
export const judged = (result: { success: true; data: unknown } | { success: false; error: { issues: readonly ZodLikeIssue[] } }, extra: Record<string, unknown> = {}): FormValidation =>
  result.success ? { ok: true, payload: { ...(result.data as object), ...extra } } : { ok: false, errors: firstByField(result.error.issues) };

/**
 * zod judges the dates' order only once every field passes; say it together with the other messages.
 * A project must end after it starts; a span of work (an open role) may last one day.
 */
export function endAfterStart(errors: FormErrors, startDate: string, endDate: string, message: string, rule: 'after' | 'on or after' = 'after') {
  const ordered = rule === 'after' ? endsAfterStart : endsOnOrAfterStart;
  if (!errors.startDate && !errors.endDate && !ordered({ startDate, endDate })) errors.endDate = message;
}

/** What an edit sends: only the fields that differ from the version it was made against, parsed. */
export function editPayload<V extends Values>(base: V, form: V, parsed: Values): Values {
  return pick(parsed, changedKeys(base, form));
}

export function createEditFormMachine<V extends Values>(config: EditFormConfig<V>) {
  const fieldErrorsOf = config.fieldErrorsOf ?? issueErrors;
  const closedContext = (): EditFormContext<V> => {
    const empty = config.empty();
    return { mode: 'create', id: null, version: null, base: empty, form: empty, errors: {}, attempted: false, submitError: null, conflict: null, notice: null };
  };
  const revalidate = (context: EditFormContext<V>, form: V): FormErrors => {
    if (!context.attempted) return {};
    const result = config.validate(form, context.mode);
    return result.ok ? {} : result.errors;
  };

  return setup({
    types: {
      context: {} as EditFormContext<V>,
      events: {} as EditFormEvent<V>,
    },
    actors: {
      save: fromPromise<unknown, SaveInput>(async () => {
        throw new Error('The save actor was not provided');
      }),
      /** The thing as saved now; null when it no longer exists. */
      loadLatest: fromPromise<Latest<V> | null, { id: string }>(async () => {
        throw new Error('The loadLatest actor was not provided');
      }),
    },
    guards: {
      formIsValid: ({ context }) => config.validate(context.form, context.mode).ok,
      nothingChanged: ({ context }) => context.mode === 'edit' && changedKeys(context.base, context.form).length === 0,
      ...conflictGuards,
    },
    actions: {
      /** The screen reloads what changed and says so; provided by the screen. */
      saved: (_, _params: { mode: FormMode; result: unknown }) => {},
      /** The screen reloads the collection, so the table behind the dialog shows the latest; provided by the screen. */
      conflicted: () => {},
      openCreate: assign(({ event }) => {
        if (event.type !== 'OPEN_CREATE') return {};
        const values = { ...config.empty(), ...event.values } as V;
        return { ...closedContext(), base: values, form: values };
      }),
      openEdit: assign(({ event }) => {
        if (event.type !== 'OPEN_EDIT') return {};
        return { ...closedContext(), mode: 'edit' as const, id: event.id, version: event.version, base: event.values, form: event.values };
      }),
      reset: assign(() => closedContext()),
      applyChange: assign(({ context, event }) => {
        if (event.type !== 'CHANGE') return {};
        const form = { ...context.form, [event.field]: event.value } as V;
        return { form, errors: revalidate(context, form) };
      }),
      showErrors: assign(({ context }) => {
        const result = config.validate(context.form, context.mode);
        return { attempted: true, errors: result.ok ? {} : result.errors };
      }),
      startSaving: assign({ errors: {}, submitError: null, notice: null }),
      recordFailure: assign(({ event }) => {
        const error = errorOf(event);
        return { submitError: errorMessage(error), errors: fieldErrorsOf(error) };
      }),
      ...formConflictActions<V, EditFormContext<V>, EditFormEvent<V>>(revalidate),
    },
  }).createMachine({
    id: config.id,
    context: closedContext,
    initial: 'closed',
    states: {
      closed: {
        on: {
          OPEN_CREATE: { target: 'editing', actions: 'openCreate' },
          OPEN_EDIT: { target: 'editing', actions: 'openEdit' },
        },
      },
      editing: {
        on: {
          CHANGE: { actions: 'applyChange' },
          CANCEL: { target: 'closed', actions: 'reset' },
          SUBMIT: [
            // An edit that changes nothing needs no request.
            { guard: 'nothingChanged', target: 'closed', actions: 'reset' },
            { guard: 'formIsValid', target: 'saving', actions: 'startSaving' },
            { actions: 'showErrors' },
          ],
        },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }): SaveInput => {
            const result = config.validate(context.form, context.mode);
            if (!result.ok) throw new Error('The form changed while saving');
            const payload = context.mode === 'edit' ? editPayload(context.base, context.form, result.payload) : result.payload;
            return { mode: context.mode, id: context.id, version: context.version, payload };
          },
          onDone: {
            target: 'closed',
            actions: [{ type: 'saved', params: ({ context, event }) => ({ mode: context.mode, result: event.output }) }, 'reset'],
          },
          onError: saveFailed,
        },
      },
      conflict: formConflictState(config.id),
    },
  });
}
