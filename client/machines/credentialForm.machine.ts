import { assign, fromPromise, setup } from 'xstate';
import { ApiError, errorMessage } from '../lib/api.ts';

/**
 * The forms that set or use a credential (the first administrator, accepting an invitation, a reset
 * link, forgot password, changing one's password), on one machine:
 *
 *   start -> loading (what the link is for, when the form needs it) -> editing
 *         \-> refused (no link at all)
 *   loading -> refused (the link is unknown or used: 404, 410...) | unreachable -RETRY-> loading
 *   editing -SUBMIT-> submitting (valid) | editing with the field messages (not valid)
 *   submitting -> done (the screen signs in, or says it is sent)
 *              \-> refused (the link cannot be used any more: its status is in `refusedStatuses`)
 *              \-> editing (anything else: the server's message, and its field messages under the fields)
 *   done -AGAIN-> editing, empty (a form that can be used again: change password)
 *
 * The calls are the named actors `load` and `submit`, provided by each form (and by tests).
 */
export type CredentialValues = Record<string, string>;
export type CredentialErrors = Record<string, string>;

/** Why a link or form cannot be used: the server's status, code and message. */
export type Refusal = { status: number; code: string | undefined; message: string };

export type CredentialFormContext<V extends CredentialValues, L> = {
  /** The link's secret (from the address's fragment); null for forms that need none. */
  token: string | null;
  /** What the link is for (the invitation), once loaded. */
  loaded: L | null;
  form: V;
  errors: CredentialErrors;
  /**
   * The field messages of the server's last refusal ('Your current password is not correct'), shown
   * among `errors` until that field is edited or the form is sent again: after that they no longer
   * describe what is on screen.
   */
  serverErrors: CredentialErrors;
  /** After the first submit every change re-validates, so messages follow the typing. */
  attempted: boolean;
  submitError: string | null;
  refusal: Refusal | null;
  loadError: string | null;
};

export type CredentialFormEvent<V extends CredentialValues> =
  | { type: 'CHANGE'; field: keyof V & string; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'AGAIN' };

export type CredentialFormInput = { token?: string | null };

export type CredentialFormConfig<V extends CredentialValues, L> = {
  id: string;
  /** The form's first values; an invitation fills the name it was sent to. */
  empty: (loaded: L | null) => V;
  /** The form's messages by field; empty when it may be sent. */
  validate: (form: V) => CredentialErrors;
  /** Whether the form is for a link (and refused without its token). */
  needsToken: boolean;
  /**
   * Whether the link is read or checked before the form shows (an invitation's purpose, a reset or setup
   * link's check), so a link that cannot be used is said before anyone fills the form in.
   */
  loads?: boolean;
  /** Answers after which the link cannot be used: the screen says why instead of showing the form. */
  refusedStatuses: readonly number[];
  /** The form's field for a server issue's path, where the names differ ('newPassword' -> 'password'). */
  fieldOfIssue?: Record<string, keyof V & string>;
  /** What the screen says when there is no token in the address. */
  missingLinkMessage?: string;
};

export const MISSING_LINK = 'This link is incomplete. Open the whole link from your e-mail, or ask for a new one.';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

export function createCredentialFormMachine<V extends CredentialValues, L = never, R = unknown>(config: CredentialFormConfig<V, L>) {
  const refusalOf = (error: unknown): Refusal => ({
    status: statusOf(error),
    code: error instanceof ApiError ? error.code : undefined,
    message: errorMessage(error),
  });
  const fieldErrorsOf = (error: unknown): CredentialErrors => {
    const errors: CredentialErrors = {};
    if (!(error instanceof ApiError)) return errors;
    for (const issue of error.issues) {
      const path = issue.path.split('.')[0] ?? '';
      const field = config.fieldOfIssue?.[path] ?? path;
      if (field && field in config.empty(null) && !(field in errors)) errors[field] = issue.message;
    }
    return errors;
  };

  return setup({
    types: {
      context: {} as CredentialFormContext<V, L>,
      events: {} as CredentialFormEvent<V>,
      input: {} as CredentialFormInput | undefined,
    },
    actors: {
      load: fromPromise<L, { token: string }>(async () => {
        throw new Error('The load actor was not provided');
      }),
      submit: fromPromise<R, { token: string | null; form: V }>(async () => {
        throw new Error('The submit actor was not provided');
      }),
    },
    guards: {
      missingToken: ({ context }) => config.needsToken && !context.token,
      loadsFirst: () => config.loads === true,
      formIsValid: ({ context }) => Object.keys(config.validate(context.form)).length === 0,
      linkRefused: (_, params: { error: unknown }) => config.refusedStatuses.includes(statusOf(params.error)),
    },
    actions: {
      /** The screen signs in with the answer, or says what was sent; provided by the screen. */
      succeeded: (_, _params: { result: R; form: V }) => {},
      refuseMissingLink: assign({
        refusal: { status: 0, code: 'MISSING_LINK', message: config.missingLinkMessage ?? MISSING_LINK },
      }),
      takeLoaded: assign((_, params: { loaded: L }) => ({ loaded: params.loaded, form: config.empty(params.loaded) })),
      refuse: assign((_, params: { error: unknown }) => ({ refusal: refusalOf(params.error) })),
      recordLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorMessage(params.error) })),
      applyChange: assign(({ context, event }) => {
        if (event.type !== 'CHANGE') return {};
        const form = { ...context.form, [event.field]: event.value } as V;
        // Editing a field the refusal named answers it: its message goes, and the refusal's alert with it.
        const { [event.field]: answered, ...serverErrors } = context.serverErrors;
        const submitError = answered === undefined ? context.submitError : null;
        return { form, serverErrors, submitError, errors: { ...serverErrors, ...(context.attempted ? config.validate(form) : {}) } };
      }),
      // Sent again: the form's own messages now, and no refusal of an earlier try.
      showErrors: assign(({ context }) => ({ attempted: true, errors: config.validate(context.form), serverErrors: {}, submitError: null })),
      startSubmit: assign({ errors: {}, serverErrors: {}, submitError: null }),
      recordFailure: assign((_, params: { error: unknown }) => {
        const errors = fieldErrorsOf(params.error);
        return { submitError: errorMessage(params.error), errors, serverErrors: errors };
      }),
      resetForm: assign(({ context }) => ({ form: config.empty(context.loaded), errors: {}, serverErrors: {}, attempted: false, submitError: null })),
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => ({
      token: input?.token ?? null,
      loaded: null,
      form: config.empty(null),
      errors: {},
      serverErrors: {},
      attempted: false,
      submitError: null,
      refusal: null,
      loadError: null,
    }),
    initial: 'start',
    states: {
      start: {
        always: [
          { guard: 'missingToken', target: 'refused', actions: 'refuseMissingLink' },
          { guard: 'loadsFirst', target: 'loading' },
          { target: 'editing' },
        ],
      },
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => ({ token: context.token ?? '' }),
          onDone: { target: 'editing', actions: { type: 'takeLoaded', params: ({ event }) => ({ loaded: event.output }) } },
          onError: [
            { guard: { type: 'linkRefused', params: ({ event }) => ({ error: event.error }) }, target: 'refused', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
            { target: 'unreachable', actions: { type: 'recordLoadError', params: ({ event }) => ({ error: event.error }) } },
          ],
        },
      },
      unreachable: {
        on: { RETRY: { target: 'loading', actions: assign({ loadError: null }) } },
      },
      editing: {
        on: {
          CHANGE: { actions: 'applyChange' },
          SUBMIT: [{ guard: 'formIsValid', target: 'submitting', actions: 'startSubmit' }, { actions: 'showErrors' }],
        },
      },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }) => ({ token: context.token, form: context.form }),
          onDone: {
            target: 'done',
            actions: { type: 'succeeded', params: ({ context, event }) => ({ result: event.output, form: context.form }) },
          },
          onError: [
            { guard: { type: 'linkRefused', params: ({ event }) => ({ error: event.error }) }, target: 'refused', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
            { target: 'editing', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
          ],
        },
      },
      done: {
        on: { AGAIN: { target: 'editing', actions: 'resetForm' } },
      },
      refused: {},
    },
  });
}
