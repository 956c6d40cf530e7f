import { assign, fromPromise, setup } from 'xstate';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import type { Role } from '../../../domain/entities.ts';
import { errorMessage } from '../../lib/api.ts';

/**
 * People & access's list of accounts: loading -> ready | failed (RETRY); RELOAD after a change asks
 * again and keeps the rows on screen meanwhile. Searching (name or e-mail) and filtering (role, status,
 * admins) happen in the page: the whole list is a few hundred kB even for 2,000 people.
 */
export type AccountStatusFilter = AccountView['status'] | 'admin';
export type AccountFilters = { search: string; role: Role | null; status: AccountStatusFilter | null };

export type AccountsDirectoryContext = AccountFilters & {
  accounts: AccountView[];
  error: string | null;
  loaded: boolean;
};

export type AccountsDirectoryEvent =
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  | { type: 'SEARCH'; text: string }
  | { type: 'FILTER'; role?: Role | null; status?: AccountStatusFilter | null }
  | { type: 'CLEAR_FILTERS' };

const folded = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The accounts a search and filters leave, in the list's order (by name). */
export function visibleAccounts(accounts: readonly AccountView[], filters: AccountFilters): AccountView[] {
  const words = folded(filters.search.trim()).split(/\s+/).filter(Boolean);
  return accounts.filter((a) => {
    if (filters.role && a.role !== filters.role) return false;
    if (filters.status === 'admin' ? !a.admin : filters.status && a.status !== filters.status) return false;
    if (words.length === 0) return true;
    const text = folded(`${a.name} ${a.email}`);
    return words.every((word) => text.includes(word));
  });
}

/** How many accounts are in each state, for the cards over the list. */
export function accountCounts(accounts: readonly AccountView[]) {
  const counts = { active: 0, invited: 0, deactivated: 0, admins: 0 };
  for (const a of accounts) {
    counts[a.status] += 1;
    if (a.admin && a.status === 'active') counts.admins += 1;
  }
  return counts;
}

export const accountsDirectoryMachine = setup({
  types: {
    context: {} as AccountsDirectoryContext,
    events: {} as AccountsDirectoryEvent,
  },
  actors: {
    fetchAccounts: fromPromise<AccountView[], void>(async () => {
      throw new Error('The fetchAccounts actor was not provided');
    }),
  },
  actions: {
    filter: assign(({ event }) => {
      if (event.type === 'SEARCH') return { search: event.text };
      if (event.type === 'CLEAR_FILTERS') return { search: '', role: null, status: null };
      if (event.type !== 'FILTER') return {};
      return { ...(event.role !== undefined ? { role: event.role } : {}), ...(event.status !== undefined ? { status: event.status } : {}) };
    }),
  },
}).createMachine({
  id: 'accountsDirectory',
  context: { accounts: [], error: null, loaded: false, search: '', role: null, status: null },
  initial: 'loading',
  on: {
    SEARCH: { actions: 'filter' },
    FILTER: { actions: 'filter' },
    CLEAR_FILTERS: { actions: 'filter' },
  },
  states: {
    loading: {
      invoke: {
        src: 'fetchAccounts',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ accounts: event.output, error: null, loaded: true })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorMessage(event.error) })) },
      },
      // A change made while the list was on its way: ask again once this answer is in.
      on: { RELOAD: { target: 'loading', reenter: true } },
    },
    ready: { on: { RELOAD: 'loading' } },
    failed: { on: { RETRY: 'loading', RELOAD: 'loading' } },
  },
});
