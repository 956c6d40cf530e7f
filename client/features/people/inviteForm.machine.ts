import { assign, fromPromise, setup } from 'xstate';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import { type AccountView, inviteInput, type InviteInput } from '../../../domain/accounts/inputs.ts';
import type { Role } from '../../../domain/entities.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';

/**
 * The Invite dialog of People & access:
 *
 *   closed -OPEN-> editing -SUBMIT-> sending -> sent (the link, to copy and pass on) -CLOSE-> closed
 *                                            \-> editing (refused: a taken e-mail under its field, else the message)
 *
 * The invitation is made by the named actor `invite` (POST /api/accounts/invites).
 */
export type InviteValues = { email: string; name: string; role: Role; admin: boolean };
export type InviteErrors = Partial<Record<keyof InviteValues, string>>;
export type InviteSent = { account: AccountView; inviteUrl: string };

export type InviteFormContext = {
  form: InviteValues;
  errors: InviteErrors;
  attempted: boolean;
  submitError: string | null;
  sent: InviteSent | null;
};

export type InviteFormEvent =
  /** `values` prefill the form (an engineer just registered, say). */
  | { type: 'OPEN'; values?: Partial<InviteValues> }
  | { type: 'CHANGE'; field: 'email' | 'name'; value: string }
  | { type: 'CHANGE'; field: 'role'; value: Role }
  | { type: 'CHANGE'; field: 'admin'; value: boolean }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' }
  /** From the sent step: invite someone else. */
  | { type: 'ANOTHER' };

const empty = (): InviteValues => ({ email: '', name: '', role: 'engineer', admin: false });

export type InviteValidation = { ok: true; payload: InviteInput } | { ok: false; errors: InviteErrors };

export function validateInvite(form: InviteValues): InviteValidation {
  const result = inviteInput.safeParse(form);
  if (result.success) return { ok: true, payload: result.data };
  const errors: InviteErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof InviteValues;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

const errorsOf = (form: InviteValues) => {
  const result = validateInvite(form);
  return result.ok ? {} : result.errors;
};

export const inviteFormMachine = setup({
  types: {
    context: {} as InviteFormContext,
    events: {} as InviteFormEvent,
  },
  actors: {
    invite: fromPromise<InviteSent, InviteInput>(async () => {
      throw new Error('The invite actor was not provided');
    }),
  },
  guards: {
    formIsValid: ({ context }) => validateInvite(context.form).ok,
  },
  actions: {
    /** The screen shows the new account in its list; provided by the screen. */
    invited: (_, _params: InviteSent) => {},
    reset: assign(({ event }) => ({
      form: { ...empty(), ...(event.type === 'OPEN' ? event.values : {}) }, errors: {}, attempted: false, submitError: null, sent: null,
    })),
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      const form = { ...context.form, [event.field]: event.value };
      return { form, errors: context.attempted ? errorsOf(form) : context.errors };
    }),
    showErrors: assign(({ context }) => ({ attempted: true, errors: errorsOf(context.form) })),
  },
}).createMachine({
  id: 'inviteForm',
  context: { form: empty(), errors: {}, attempted: false, submitError: null, sent: null },
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'editing', actions: 'reset' } } },
    editing: {
      on: {
        CHANGE: { actions: 'applyChange' },
        CANCEL: 'closed',
        SUBMIT: [{ guard: 'formIsValid', target: 'sending', actions: assign({ errors: {}, submitError: null }) }, { actions: 'showErrors' }],
      },
    },
    sending: {
      invoke: {
        src: 'invite',
        input: ({ context }) => {
          const result = validateInvite(context.form);
          if (!result.ok) throw new Error('The form changed while sending');
          return result.payload;
        },
        onDone: { target: 'sent', actions: [assign(({ event }) => ({ sent: event.output })), { type: 'invited', params: ({ event }) => event.output }] },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const message = errorMessage(event.error);
            // 409: this e-mail has an account already: say it under the field.
            if (event.error instanceof ApiError && event.error.status === 409) return { errors: { email: message || accountMessages.emailTaken }, submitError: null };
            const issues = event.error instanceof ApiError ? event.error.issues : [];
            const errors: InviteErrors = {};
            for (const issue of issues) {
              const field = issue.path.split('.')[0] as keyof InviteValues;
              if (field && !(field in errors)) errors[field] = issue.message;
            }
            return { errors, submitError: message };
          }),
        },
      },
    },
    sent: {
      on: {
        CLOSE: 'closed',
        ANOTHER: { target: 'editing', actions: 'reset' },
      },
    },
  },
});
