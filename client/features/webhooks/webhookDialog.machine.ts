import { assign, fromPromise, setup } from 'xstate';
import type { Webhook } from '../../../domain/webhooks/contracts.ts';
import { errorMessage } from '../../lib/api.ts';

/**
 * The Webhooks screen's dialogs: add or edit an endpoint, replay it from a cursor, remove it.
 *
 *   closed -OPEN-> open -SUBMIT-> submitting -> closed (the list reloads, the screen says what was done)
 *                  -CANCEL-> closed           \-> open with the server's message (a bad URL, a stale version)
 */
export type WebhookDialog =
  | { kind: 'add' }
  | { kind: 'edit'; hook: Webhook }
  | { kind: 'replay'; hook: Webhook }
  | { kind: 'remove'; hook: Webhook };

/** What the dialog's form holds; which fields count depends on the dialog. */
export type WebhookForm = { url: string; events: string[]; secret: string; after: string };

export type WebhookDialogContext = { dialog: WebhookDialog | null; form: WebhookForm; error: string | null };

export type WebhookDialogEvent =
  | { type: 'OPEN'; dialog: WebhookDialog }
  | { type: 'EDIT'; values: Partial<WebhookForm> }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };

const blank: WebhookForm = { url: '', events: ['*'], secret: '', after: '' };

/** The form a dialog opens with: an edit shows the endpoint as it is (never its secret: blank keeps it). */
export function formFor(dialog: WebhookDialog): WebhookForm {
  switch (dialog.kind) {
    case 'add':
      return blank;
    case 'edit':
      return { ...blank, url: dialog.hook.url, events: dialog.hook.events };
    case 'replay':
      return { ...blank, after: dialog.hook.cursor };
    case 'remove':
      return blank;
  }
}

export const webhookDialogMachine = setup({
  types: {
    context: {} as WebhookDialogContext,
    events: {} as WebhookDialogEvent,
  },
  actors: {
    submit: fromPromise<void, { dialog: WebhookDialog; form: WebhookForm }>(async () => {
      throw new Error('The submit actor was not provided');
    }),
  },
  actions: {
    /** The list reloads; provided by the screen. */
    reload: () => {},
    /** Says what was done; provided by the screen. */
    done: (_, _params: { dialog: WebhookDialog }) => {},
  },
}).createMachine({
  id: 'webhookDialog',
  context: { dialog: null, form: blank, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: assign(({ event }) => ({ dialog: event.dialog, form: formFor(event.dialog), error: null })) } },
    },
    open: {
      on: {
        EDIT: { actions: assign(({ context, event }) => ({ form: { ...context.form, ...event.values }, error: null })) },
        SUBMIT: 'submitting',
        CANCEL: { target: 'closed', actions: assign({ dialog: null, error: null }) },
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ dialog: context.dialog!, form: context.form }),
        onDone: {
          target: 'closed',
          actions: [{ type: 'done', params: ({ context }) => ({ dialog: context.dialog! }) }, 'reload', assign({ dialog: null })],
        },
        onError: { target: 'open', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
      },
    },
  },
});
