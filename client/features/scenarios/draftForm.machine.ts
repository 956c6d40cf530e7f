import { assign, fromPromise, setup } from 'xstate';
import type { DraftedCommand } from '../../../domain/scenarios/index.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import type { NamedOverload } from '../../lib/overloads.ts';
import {
  type AssignmentValues, draftCommandOf, type DraftErrors, type DraftField, type DraftKind, type DraftValues, emptyDraft, fieldOfPath,
} from './draftCommand.ts';

/**
 * The dialog that drafts one change in a scenario:
 *
 *   closed -OPEN(kind)-> editing -SUBMIT-> judging -> submitting -> closed (drafted: the screen folds the scenario again)
 *                                         judging -> confirming (the change makes or worsens an overload in the
 *                                                    scenario: the shared question) -CONFIRM-> submitting | -BACK-> editing
 *                                                     -> editing (refused: the live rule's message, on its field if it names one)
 *   editing -SUBMIT with a form the schema refuses-> editing with each field's message
 *
 * Picking an assignment fills the form with what it is in the scenario, so the update drafts only what changed.
 */
export type DraftFormContext = {
  kind: DraftKind | null;
  values: DraftValues;
  /** The picked assignment as the scenario has it. */
  original: AssignmentValues | null;
  errors: DraftErrors;
  submitError: string | null;
  /** After the first submit, every change re-checks the form. */
  attempted: boolean;
  newId: () => string;
  /** Whom the change would put or push over capacity in the scenario, judged when submitted. */
  overloads: NamedOverload[];
  /** Judges that on the scenario as it stands (the screen's plan), by the one overload rule. */
  judge: (command: DraftedCommand) => NamedOverload[];
};

export type DraftFormEvent =
  | { type: 'OPEN'; kind: DraftKind; values?: Partial<DraftValues> }
  | { type: 'CANCEL' }
  | { type: 'CHANGE'; field: DraftField; value: string | number | null }
  | { type: 'PICK_ASSIGNMENT'; assignmentId: string; current: AssignmentValues }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' };

export type DraftSubmission = { changeId: string; command: DraftedCommand };

const check = (context: Pick<DraftFormContext, 'kind' | 'values' | 'original'>, id = 'new') =>
  draftCommandOf(context.kind ?? 'project', context.values, context.original, id);

function refusal(error: unknown): Pick<DraftFormContext, 'errors' | 'submitError'> {
  const issues = error instanceof ApiError ? error.issues : [];
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return { errors, submitError: Object.keys(errors).length > 0 ? null : errorMessage(error) };
}

export const draftFormMachine = setup({
  types: {
    context: {} as DraftFormContext,
    events: {} as DraftFormEvent,
    input: {} as { newId?: () => string; judge?: (command: DraftedCommand) => NamedOverload[] } | undefined,
  },
  actors: {
    draft: fromPromise<unknown, DraftSubmission>(async () => {
      throw new Error('The draft actor was not provided');
    }),
  },
  guards: { formIsGood: ({ context }) => check(context).ok, overloads: ({ context }) => context.overloads.length > 0 },
  actions: {
    /** The scenario's views fetch again; provided by the screen. */
    drafted: () => {},
    open: assign(({ event }) =>
      event.type === 'OPEN'
        ? { kind: event.kind, values: { ...emptyDraft, ...event.values }, original: null, errors: {}, submitError: null, attempted: false }
        : {},
    ),
    change: assign(({ context, event }) => {
      if (event.type !== 'CHANGE' && event.type !== 'PICK_ASSIGNMENT') return {};
      const values =
        event.type === 'CHANGE'
          ? { ...context.values, [event.field]: event.value ?? (event.field === 'allocationPercentage' ? null : '') }
          : { ...context.values, assignmentId: event.assignmentId, ...event.current };
      const original = event.type === 'PICK_ASSIGNMENT' ? event.current : context.original;
      if (!context.attempted) return { values, original };
      const result = check({ kind: context.kind, values, original });
      return { values, original, errors: result.ok ? {} : result.errors, submitError: result.ok ? null : result.message };
    }),
    showProblems: assign(({ context }) => {
      const result = check(context);
      return { attempted: true, errors: result.ok ? {} : result.errors, submitError: result.ok ? null : result.message };
    }),
    recordRefusal: assign((_, params: { error: unknown }) => refusal(params.error)),
    judge: assign(({ context }) => {
      const result = check(context);
      return { overloads: result.ok ? context.judge(result.command) : [] };
    }),
  },
}).createMachine({
  id: 'draftForm',
  context: ({ input }) => ({
    kind: null,
    values: emptyDraft,
    original: null,
    errors: {},
    submitError: null,
    attempted: false,
    newId: input?.newId ?? (() => crypto.randomUUID()),
    overloads: [],
    judge: input?.judge ?? (() => []),
  }),
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'editing', actions: 'open' } } },
    editing: {
      on: {
        OPEN: { actions: 'open' },
        CHANGE: { actions: 'change' },
        PICK_ASSIGNMENT: { actions: 'change' },
        CANCEL: 'closed',
        SUBMIT: [{ guard: 'formIsGood', target: 'judging' }, { actions: 'showProblems' }],
      },
    },
    judging: {
      entry: 'judge',
      always: [{ guard: 'overloads', target: 'confirming' }, { target: 'submitting' }],
    },
    confirming: {
      on: { CONFIRM: 'submitting', BACK: 'editing', CANCEL: 'closed' },
    },
    submitting: {
      entry: assign({ errors: {}, submitError: null }),
      invoke: {
        src: 'draft',
        input: ({ context }) => {
          const result = check(context, context.newId());
          if (!result.ok) throw new Error('The form changed while drafting');
          return { changeId: context.newId(), command: result.command };
        },
        onDone: { target: 'closed', actions: 'drafted' },
        onError: { target: 'editing', actions: [assign({ attempted: true }), { type: 'recordRefusal', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
  },
});
