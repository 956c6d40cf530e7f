import { assign, fromPromise, setup } from 'xstate';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import type { Role } from '../../../domain/entities.ts';
import { errorMessage } from '../../lib/api.ts';

/**
 * An admin's change to one account on People & access, each made against the version the row showed
 * (If-Match), so two admins never overwrite each other silently:
 *
 *   idle -ASK-> confirming -CONFIRM-> running -> idle (done: the list reloads)
 *                          -CANCEL-> idle     \-> link (a reset link: shown to copy and pass on) -CLOSE-> idle
 *                                             \-> idle with the server's message (409: the last admin,
 *                                                 someone else changed it first; the list reloads)
 *   idle -ASK (a reset link)-> running: issuing a link changes nothing, so it asks no confirmation.
 */
export type AccountAction =
  | { kind: 'role'; account: AccountView; role: Role }
  | { kind: 'admin'; account: AccountView; admin: boolean }
  | { kind: 'active'; account: AccountView; active: boolean }
  | { kind: 'withdraw'; account: AccountView }
  | { kind: 'reset'; account: AccountView };

/** What a finished action answers: a reset link for `reset`, nothing else otherwise. */
export type AccountActionResult = { resetUrl?: string } | null;

export type AccountActionContext = {
  action: AccountAction | null;
  /** Why the last action was refused. */
  error: string | null;
  /** A reset link to pass on, with whose it is. */
  link: { url: string; account: AccountView } | null;
};

export type AccountActionEvent =
  | { type: 'ASK'; action: AccountAction }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' }
  | { type: 'DISMISS_ERROR' };

const roleWord = { manager: 'a manager', engineer: 'an engineer', auditor: 'an auditor' } as const;

/** The confirmation's words: what will happen, and to whom. */
export function describeAccountAction(action: AccountAction): { title: string; body: string; confirm: string; danger: boolean } {
  const who = action.account.name;
  switch (action.kind) {
    case 'role':
      return {
        title: `Make ${who} ${roleWord[action.role]}?`,
        body: `${who} will be signed out everywhere and sign in again as ${roleWord[action.role]}.`,
        confirm: 'Change role',
        danger: false,
      };
    case 'admin':
      return action.admin
        ? { title: `Make ${who} an admin?`, body: `${who} will be able to invite people, change roles, deactivate accounts and issue reset links.`, confirm: 'Grant admin', danger: false }
        : { title: `Take admin rights from ${who}?`, body: `${who} will no longer manage people and access.`, confirm: 'Revoke admin', danger: true };
    case 'active':
      return action.active
        ? { title: `Reactivate ${who}?`, body: `${who} will be able to sign in again with their password.`, confirm: 'Reactivate', danger: false }
        : { title: `Deactivate ${who}?`, body: `${who} will be signed out everywhere within seconds and can no longer sign in. Their history stays.`, confirm: 'Deactivate', danger: true };
    case 'withdraw':
      return { title: `Withdraw the invitation of ${who}?`, body: `The link sent to ${action.account.email} stops working, and the e-mail is free to invite again.`, confirm: 'Withdraw', danger: true };
    case 'reset':
      return { title: `Reset link for ${who}`, body: 'A one-time link to choose a new password, valid for one hour.', confirm: 'Issue link', danger: false };
  }
}

export const accountActionMachine = setup({
  types: {
    context: {} as AccountActionContext,
    events: {} as AccountActionEvent,
  },
  actors: {
    run: fromPromise<AccountActionResult, AccountAction>(async () => {
      throw new Error('The run actor was not provided');
    }),
  },
  guards: {
    asksConfirmation: ({ event }) => event.type === 'ASK' && event.action.kind !== 'reset',
    gaveLink: (_, params: { result: AccountActionResult }) => typeof params.result?.resetUrl === 'string',
  },
  actions: {
    /** The list reloads (after a change, and after a 409 so the row shows the latest); provided by the screen. */
    reload: () => {},
    /** Says what was done; provided by the screen. */
    done: (_, _params: { action: AccountAction }) => {},
    take: assign(({ event }) => (event.type === 'ASK' ? { action: event.action, error: null, link: null } : {})),
    clear: assign({ action: null }),
  },
}).createMachine({
  id: 'accountAction',
  context: { action: null, error: null, link: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        ASK: [
          { guard: 'asksConfirmation', target: 'confirming', actions: 'take' },
          { target: 'running', actions: 'take' },
        ],
        DISMISS_ERROR: { actions: assign({ error: null }) },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'running',
        CANCEL: { target: 'idle', actions: 'clear' },
      },
    },
    running: {
      invoke: {
        src: 'run',
        input: ({ context }) => context.action!,
        onDone: [
          {
            guard: { type: 'gaveLink', params: ({ event }) => ({ result: event.output }) },
            target: 'link',
            actions: [assign(({ context, event }) => ({ link: { url: event.output!.resetUrl!, account: context.action!.account } })), 'reload'],
          },
          { target: 'idle', actions: [{ type: 'done', params: ({ context }) => ({ action: context.action! }) }, 'reload', 'clear'] },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ error: errorMessage(event.error) })),
            // The last admin, or someone changed the account first (409): the row shows the latest.
            'reload',
            'clear',
          ],
        },
      },
    },
    link: {
      on: { CLOSE: { target: 'idle', actions: [assign({ link: null }), 'clear'] } },
    },
  },
});
