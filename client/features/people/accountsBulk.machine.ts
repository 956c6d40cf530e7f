import { assign, fromPromise, setup } from 'xstate';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { errorMessage } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { chosenOf, keptOf } from '../../machines/rowSelection.ts';

/**
 * People & access's selection of accounts and one change to all of it: deactivate (they are signed out
 * at once) or reactivate. The selection is of ids, so it holds rows on other pages; "select all" takes
 * every account the search and filters match, and a new filter or a reloaded list keeps only the chosen
 * accounts it still lists (a change never reaches someone the screen does not show). The server does
 * the lot or nothing.
 *
 *   idle -CHOOSE (something chosen)-> confirming (names how many) -CONFIRM-> saving
 *   saving -> done (what changed; the selection cleared; the list reloads)
 *          -> failed (the server's message, nothing changed; the selection kept; the list reloads)
 *   confirming -CANCEL-> idle; done -CLOSE-> idle; failed -CLOSE-> idle | -CONFIRM-> saving (try again)
 */

export type AccountsBulkRequest = { ids: string[]; active: boolean };
export type AccountsBulkResult = { count: number; changed: number };

export type AccountsBulkContext = {
  selected: string[];
  /** The change asked for: false deactivates, true reactivates; null while none is. */
  active: boolean | null;
  /** The finished change: how many were asked for and how many the server changed. */
  result: AccountsBulkResult | null;
  /** Why the server refused the change (nothing was changed). */
  error: string | null;
};

export type AccountsBulkEvent =
  | { type: 'SELECT'; ids: string[] }
  | { type: 'SELECT_ALL'; ids: string[] }
  | { type: 'KEEP_ONLY'; ids: string[] }
  | { type: 'CLEAR' }
  | { type: 'CHOOSE'; active: boolean }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

/**
 * Why an account cannot be chosen, or null when it can: one's own account (deactivating it would sign
 * the admin out of the screen they are using), and an invitation, which is withdrawn rather than
 * deactivated (the server refuses it too).
 */
export function whyNotChosen(account: Pick<AccountView, '_id' | 'status'>, meId: string | undefined): string | null {
  if (account._id === meId) return 'Your own account: you cannot deactivate yourself. Another admin can.';
  if (account.status === 'invited') return 'An invitation is withdrawn, not deactivated: use its Actions menu.';
  return null;
}

/** The confirm step's words: "Deactivate 3 accounts?" and what happens, with how many are so already. */
export function confirmWords(active: boolean, count: number, already: number): { title: string; body: string; confirm: string } {
  const who = plural(count, 'account');
  const so = already === 0 ? '' : ` ${already === count ? (count === 1 ? 'It is' : 'All of them are') : `${already} of them ${already === 1 ? 'is' : 'are'}`} ${active ? 'active' : 'deactivated'} already and ${already === 1 ? 'stays' : 'stay'} so.`;
  return active
    ? { title: `Reactivate ${who}?`, body: `They can sign in again with their passwords.${so}`, confirm: `Reactivate ${who}` }
    : { title: `Deactivate ${who}?`, body: `They are signed out at once and can no longer sign in; their history stays.${so}`, confirm: `Deactivate ${who}` };
}

/** What the finished change did, by the server's figures. */
export function resultText(active: boolean, { count, changed }: AccountsBulkResult): string {
  const already = count - changed;
  const state = active ? 'active' : 'deactivated';
  if (changed === 0) return `Nothing to change: ${count === 1 ? 'the account was' : `all ${count} accounts were`} ${state} already`;
  const done = active ? `${plural(changed, 'account')} can sign in again` : `${plural(changed, 'account')} deactivated and signed out`;
  return already === 0 ? done : `${done}; ${already} ${already === 1 ? 'was' : 'were'} ${state} already`;
}

export const accountsBulkMachine = setup({
  types: {
    context: {} as AccountsBulkContext,
    events: {} as AccountsBulkEvent,
  },
  actors: {
    /** POST /api/accounts/bulk; the screen provides it. Answers how many the server changed. */
    change: fromPromise<{ changed: number }, AccountsBulkRequest>(async () => {
      throw new Error('The change actor was not provided');
    }),
  },
  actions: {
    /** The accounts list reads again (after a change, and after a refusal so the rows show the latest); provided by the screen. */
    reload: () => {},
    select: assign(({ event }) => (event.type === 'SELECT' || event.type === 'SELECT_ALL' ? { selected: chosenOf(event.ids) } : {})),
    keepOnly: assign(({ context, event }) => (event.type === 'KEEP_ONLY' ? { selected: [...keptOf(context.selected, event.ids)] } : {})),
    clear: assign({ selected: [] }),
    choose: assign(({ event }) => (event.type === 'CHOOSE' ? { active: event.active, result: null, error: null } : {})),
    close: assign({ active: null, result: null, error: null }),
    done: assign(({ context, event }) => ({
      result: { count: context.selected.length, changed: (event as unknown as { output: { changed: number } }).output.changed },
      selected: [],
      error: null,
    })),
    failed: assign(({ event }) => ({ error: errorMessage((event as { error?: unknown }).error) })),
  },
}).createMachine({
  id: 'accountsBulk',
  context: { selected: [], active: null, result: null, error: null },
  initial: 'idle',
  // The list can reload at any time (a filter, another change); the selection follows it everywhere.
  // Only a list that drops someone chosen is a change: the same selection is the same snapshot.
  on: { KEEP_ONLY: { guard: ({ context, event }) => keptOf(context.selected, event.ids).length < context.selected.length, actions: 'keepOnly' } },
  states: {
    idle: {
      on: {
        SELECT: { actions: 'select' },
        SELECT_ALL: { actions: 'select' },
        CLEAR: { actions: 'clear' },
        CHOOSE: { guard: ({ context }) => context.selected.length > 0, target: 'confirming', actions: 'choose' },
      },
    },
    confirming: {
      on: {
        CONFIRM: { guard: ({ context }) => context.selected.length > 0, target: 'saving' },
        CANCEL: { target: 'idle', actions: 'close' },
      },
    },
    saving: {
      // What is sent is what the confirm named: the figures after it count that.
      on: { KEEP_ONLY: {} },
      invoke: {
        src: 'change',
        input: ({ context }) => ({ ids: [...context.selected], active: context.active! }),
        onDone: { target: 'done', actions: ['done', 'reload'] },
        onError: { target: 'failed', actions: ['failed', 'reload'] },
      },
    },
    done: { on: { CLOSE: { target: 'idle', actions: 'close' } } },
    failed: {
      on: {
        CLOSE: { target: 'idle', actions: 'close' },
        CONFIRM: { guard: ({ context }) => context.selected.length > 0, target: 'saving', actions: assign({ error: null }) },
      },
    },
  },
});
