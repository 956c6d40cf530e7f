import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { ApiError } from '../../lib/api.ts';
import { accountCounts, accountsDirectoryMachine, visibleAccounts } from './accountsDirectory.machine.ts';

const account = (over: Partial<AccountView>): AccountView => ({
  _id: 'a', name: 'Ada Lovelace', email: 'ada@org.test', role: 'manager', admin: false, status: 'active', lastSignInAt: null, version: 1, ...over,
});
const ada = account({ _id: '1', admin: true });
const bo = account({ _id: '2', name: 'Bó Ödegaard', email: 'bo@org.test', role: 'engineer', status: 'invited' });
const cy = account({ _id: '3', name: 'Cy Young', email: 'cy@elsewhere.test', role: 'auditor', status: 'deactivated' });
const all = [ada, bo, cy];
const none = { search: '', role: null, status: null } as const;

describe('accounts directory', () => {
  it('searches names and e-mails, every word, without caring for case or accents', () => {
    expect(visibleAccounts(all, { ...none, search: 'bo ode' })).toEqual([bo]);
    expect(visibleAccounts(all, { ...none, search: 'ORG.TEST' })).toEqual([ada, bo]);
    expect(visibleAccounts(all, { ...none, search: '  ' })).toEqual(all);
  });

  it('filters by role, by status and to admins', () => {
    expect(visibleAccounts(all, { ...none, role: 'auditor' })).toEqual([cy]);
    expect(visibleAccounts(all, { ...none, status: 'invited' })).toEqual([bo]);
    expect(visibleAccounts(all, { ...none, status: 'admin' })).toEqual([ada]);
  });

  it('counts accounts by state, and active admins', () => {
    expect(accountCounts(all)).toEqual({ active: 1, invited: 1, deactivated: 1, admins: 1 });
  });

  it('loads, keeps the rows while reloading, and offers a retry on failure', async () => {
    let fail = true;
    const fetchAccounts = vi.fn(async () => (fail ? Promise.reject(new ApiError('Network Error', 0)) : all));
    const actor = createActor(accountsDirectoryMachine.provide({ actors: { fetchAccounts: fromPromise(fetchAccounts) } })).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ accounts: all, loaded: true, error: null });
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.accounts).toEqual(all);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetchAccounts).toHaveBeenCalledTimes(3);
  });

  it('keeps the search and filters in its context', () => {
    const actor = createActor(accountsDirectoryMachine.provide({ actors: { fetchAccounts: fromPromise(async () => all) } })).start();
    actor.send({ type: 'SEARCH', text: 'ada' });
    actor.send({ type: 'FILTER', role: 'manager' });
    actor.send({ type: 'FILTER', status: 'admin' });
    expect(actor.getSnapshot().context).toMatchObject({ search: 'ada', role: 'manager', status: 'admin' });
    actor.send({ type: 'CLEAR_FILTERS' });
    expect(actor.getSnapshot().context).toMatchObject({ search: '', role: null, status: null });
  });
});
