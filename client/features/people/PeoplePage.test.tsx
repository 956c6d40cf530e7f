// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import PeoplePage from './PeoplePage.tsx';
import { lastSignInText } from './peopleLook.tsx';
import { MemoryRouter } from 'react-router';
import { resetProfile, setProfile } from '../../stores/profile.ts';

const account = (over: Partial<AccountView>): AccountView => ({
  _id: 'a1', name: 'Avery Admin', email: 'avery@org.test', role: 'manager', admin: true, status: 'active', lastSignInAt: '2026-03-02T14:05:00.000Z', version: 3, ...over,
});
const accounts: AccountView[] = [
  account({}),
  account({ _id: 'a2', name: 'Eli Engineer', email: 'eli@org.test', role: 'engineer', admin: false, status: 'invited', lastSignInAt: null, version: 1 }),
  account({ _id: 'a3', name: 'Ari Auditor', email: 'ari@org.test', role: 'auditor', admin: false, status: 'deactivated', lastSignInAt: null, version: 5 }),
];

const slackChannels = [{ _id: 's1', name: '#planning', url: 'https://hooks.slack.com/services/T/B/x' }];

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
let calls: Call[];
let answer: (call: Call) => Response | undefined;

beforeEach(() => {
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const special = answer(call);
      if (special) return special;
      if (url === '/api/accounts') return new Response(JSON.stringify(accounts), { status: 200 });
      if (url === '/api/slack-channels' && call.method === 'GET') return new Response(JSON.stringify(slackChannels), { status: 200 });
      if (url === '/api/slack-channels') return new Response(JSON.stringify({ _id: 's2', ...(call.body as object) }), { status: 201 });
      return new Response(JSON.stringify({}), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  resetProfile();
  vi.unstubAllGlobals();
});

describe('People & access screen', () => {
  it('lists every account with role, admin, status and last sign-in ("never" when none), and counts them', async () => {
    render(<MemoryRouter><PeoplePage /></MemoryRouter>);
    await screen.findByText('eli@org.test');
    const table = screen.getByTestId('accounts');
    for (const title of ['Person', 'Role', 'Admin', 'Status', 'Last sign-in', 'Actions']) expect(within(table).getByText(title, { selector: 'th, th *' })).toBeTruthy();
    expect(within(table).getAllByText('never')).toHaveLength(2);
    expect(within(table).getByText(lastSignInText('2026-03-02T14:05:00.000Z'))).toBeTruthy();
    expect(within(table).getByText('Invited')).toBeTruthy();
    expect(within(table).getByText('Deactivated')).toBeTruthy();
    expect(screen.getByTestId('card-active').textContent).toContain('1');
    expect(screen.getByTestId('card-invited').textContent).toContain('1');
  });

  it('searches by name or e-mail', async () => {
    render(<MemoryRouter><PeoplePage /></MemoryRouter>);
    await screen.findByText('eli@org.test');
    fireEvent.change(screen.getByPlaceholderText('Search name or e-mail'), { target: { value: 'ARI@' } });
    await act(async () => {});
    expect(screen.queryByText('eli@org.test')).toBeNull();
    expect(screen.getByText('ari@org.test')).toBeTruthy();
    expect(screen.getByTestId('accounts').textContent).toContain('Showing 1 of 3 accounts');
  });

  it('offers the last active admin neither "Revoke admin" nor "Deactivate": both disabled, saying why', async () => {
    render(<MemoryRouter><PeoplePage /></MemoryRouter>);
    await screen.findByText('eli@org.test');
    const row = screen.getByText('avery@org.test').closest('tr')!;
    fireEvent.click(within(row).getByTestId('account-actions'));
    for (const testId of ['last-admin-revoke', 'last-admin-deactivate']) {
      const label = await screen.findByTestId(testId);
      expect(label.closest('li')!.getAttribute('aria-disabled'), testId).toBe('true');
      fireEvent.click(label);
    }
    await act(async () => {});
    expect(screen.queryByTestId('confirm-account-action')).toBeNull();
    expect(screen.getByTestId('last-admin-deactivate').textContent).toBe(`Deactivate${accountMessages.lastAdmin}`);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('deactivates after a confirmation, with If-Match of the row\'s version, and reloads the list; the server\'s 409 on the last admin is said', async () => {
    // Two admins as the list was read, so Avery may be deactivated; the other lost admin rights meanwhile.
    const twoAdmins = [...accounts, account({ _id: 'a4', name: 'Blair Admin', email: 'blair@org.test', version: 2 })];
    answer = (call) => (call.url === '/api/accounts' ? new Response(JSON.stringify(twoAdmins), { status: 200 }) : undefined);
    render(<MemoryRouter><PeoplePage /></MemoryRouter>);
    await screen.findByText('eli@org.test');
    const row = screen.getByText('avery@org.test').closest('tr')!;
    fireEvent.click(within(row).getByTestId('account-actions'));
    // The row's menu item (the bulk bar over the table has a Deactivate button too).
    fireEvent.click(within(await screen.findByRole('menu')).getByText('Deactivate'));
    expect(await screen.findByText('Deactivate Avery Admin?')).toBeTruthy();
    answer = (call) =>
      call.method === 'PATCH' ? new Response(JSON.stringify({ message: accountMessages.lastAdmin, code: 'CONFLICT' }), { status: 409 })
      : call.url === '/api/accounts' ? new Response(JSON.stringify(twoAdmins), { status: 200 })
      : undefined;
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-account-action-ok'));
    });
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/accounts/a1');
    expect(patch.headers['If-Match']).toBe('"3"');
    expect(patch.body).toEqual({ active: false });
    expect((await screen.findByTestId('account-action-error')).textContent).toContain('last active admin');
    expect(calls.filter((c) => c.url === '/api/accounts')).toHaveLength(2);
  });

  it('opens the invitation prefilled when it arrives from a registered engineer (?invite=&name=&role=)', async () => {
    render(<MemoryRouter initialEntries={['/people?invite=noor%40org.test&name=Noor+Haddad&role=engineer']}><PeoplePage /></MemoryRouter>);
    await screen.findByText('eli@org.test');
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/E-?mail/i) as HTMLInputElement).value).toBe('noor@org.test');
    expect((within(dialog).getByLabelText(/^Name/i) as HTMLInputElement).value).toBe('Noor Haddad');
  });

  it('lists the Slack channels and adds one by its incoming-webhook URL', async () => {
    render(<MemoryRouter><PeoplePage /></MemoryRouter>);
    const card = await screen.findByTestId('slack-channels');
    await within(card).findByText('#planning');
    fireEvent.change(within(card).getByLabelText('Channel name'), { target: { value: '#leads' } });
    fireEvent.change(within(card).getByLabelText('Incoming-webhook URL'), { target: { value: 'https://hooks.slack.com/services/T/B/y' } });
    fireEvent.click(within(card).getByTestId('slack-add'));
    await within(card).findByText('#leads');
    expect(calls.filter((c) => c.url === '/api/slack-channels' && c.method === 'POST').map((c) => c.body)).toEqual([{ name: '#leads', url: 'https://hooks.slack.com/services/T/B/y' }]);
  });

  it('invites the engineers without access chosen, in one job, after a confirm naming how many, and follows it to the end', async () => {
    const engineers = [
      { _id: 'e1', name: 'Eli Engineer', email: 'ELI@org.test', department: 'Web', skills: [], seniority: 'mid', maxCapacity: 100, version: 1 },
      { _id: 'e2', name: 'Noa New', email: 'noa@org.test', department: 'Web', skills: [], seniority: 'mid', maxCapacity: 100, version: 1 },
      { _id: 'e3', name: 'Kai Klein', email: 'kai@org.test', department: 'Data', skills: [], seniority: 'mid', maxCapacity: 100, version: 1 },
    ];
    let asks = 0;
    answer = (call) => {
      if (call.url === '/api/engineers') return new Response(JSON.stringify(engineers), { status: 200 });
      const job = { id: 'j1', total: 2, startedAt: '2026-12-07T05:00:00.000Z' };
      if (call.url === '/api/accounts/invites/bulk') return new Response(JSON.stringify({ job: { ...job, state: 'running', done: 0 } }), { status: 202 });
      if (call.url === '/api/accounts/invites/jobs/j1') {
        asks += 1;
        return new Response(JSON.stringify(asks === 1 ? { ...job, state: 'running', done: 1, mailed: 0 } : { ...job, state: 'done', done: 2, mailed: 2 }), { status: 200 });
      }
      return undefined;
    };
    render(<MemoryRouter><PeoplePage /></MemoryRouter>);
    const section = await screen.findByTestId('without-access');
    // Eli has an account (the e-mail matched whatever its case): only Kai and Noa are without access.
    expect(within(section).queryByText('ELI@org.test')).toBeNull();
    await within(section).findByText('noa@org.test');
    expect(within(section).getByText('kai@org.test')).toBeTruthy();
    expect((within(section).getByTestId('invite-bulk') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(section).getByTestId('invite-bulk-select-all'));
    expect(within(section).getByTestId('invite-bulk-selected').textContent).toBe('2 people chosen');
    fireEvent.click(within(section).getByTestId('invite-bulk'));
    await screen.findByText('Invite 2 people as engineers');
    expect(calls.some((c) => c.url === '/api/accounts/invites/bulk')).toBe(false);
    await act(async () => fireEvent.click(screen.getByTestId('invite-bulk-confirm')));
    const sent = calls.find((c) => c.url === '/api/accounts/invites/bulk' && c.method === 'POST')!;
    expect(sent.body).toEqual({ invites: [{ email: 'kai@org.test', name: 'Kai Klein', role: 'engineer' }, { email: 'noa@org.test', name: 'Noa New', role: 'engineer' }] });
    await screen.findByTestId('invite-bulk-complete', undefined, { timeout: 5_000 });
    expect(screen.getByTestId('invite-bulk-figures').textContent).toBe('2 of 2 invitations made · 2 of 2 e-mails sent');
    expect(screen.getByTestId('invite-bulk-complete').textContent).toContain('All 2 people are invited');
    // The accounts list is asked again once the job is done.
    expect(calls.filter((c) => c.url === '/api/accounts')).toHaveLength(2);
  });

  describe('deactivating and reactivating a selection', () => {
    // Avery (signed in), an invitation, a deactivated auditor and two active engineers.
    const more = [
      ...accounts,
      account({ _id: 'a5', name: 'Kim Coder', email: 'kim@org.test', role: 'engineer', admin: false, version: 2 }),
      account({ _id: 'a6', name: 'Lee Coder', email: 'lee@org.test', role: 'engineer', admin: false, version: 4 }),
    ];
    /** The list as the server has it now: the bulk answer changes it. */
    let current: AccountView[];
    const bulkCalls = () => calls.filter((c) => c.url === '/api/accounts/bulk');
    const rowOf = (email: string) => screen.getByText(email).closest('tr')!;
    const boxOf = (email: string) => within(rowOf(email)).getByRole('checkbox') as HTMLInputElement;

    beforeEach(() => {
      setProfile({ _id: 'a1', name: 'Avery Admin', email: 'avery@org.test', role: 'manager', department: 'Ops', admin: true });
      current = more;
      answer = (call) => {
        if (call.url === '/api/accounts') return new Response(JSON.stringify(current), { status: 200 });
        if (call.url === '/api/accounts/bulk' && call.method === 'POST') {
          const { ids, active } = call.body as { ids: string[]; active: boolean };
          let changed = 0;
          current = current.map((a) => {
            if (!ids.includes(a._id) || (a.status === 'active') === active) return a;
            changed += 1;
            return { ...a, status: active ? 'active' : 'deactivated', version: a.version + 1 };
          });
          return new Response(JSON.stringify({ accounts: current.filter((a) => ids.includes(a._id)), changed }), { status: 200 });
        }
        return undefined;
      };
    });

    it('one\'s own account and invitations cannot be chosen, and say why; select all takes every other account the search matches', async () => {
      render(<MemoryRouter><PeoplePage /></MemoryRouter>);
      await screen.findByText('kim@org.test');
      expect(boxOf('avery@org.test').disabled).toBe(true);
      expect(boxOf('avery@org.test').getAttribute('aria-label')).toBe('Avery Admin: Your own account: you cannot deactivate yourself. Another admin can.');
      expect(within(rowOf('avery@org.test')).getByTestId('account-select-locked')).toBeTruthy();
      expect(boxOf('eli@org.test').disabled).toBe(true);
      expect(boxOf('kim@org.test').disabled).toBe(false);
      expect(screen.getByTestId('accounts-bulk-selected').textContent).toBe('Choose accounts to deactivate or reactivate them together');
      expect((screen.getByTestId('accounts-bulk-deactivate') as HTMLButtonElement).disabled).toBe(true);
      // Ari (deactivated), Kim and Lee.
      expect(screen.getByTestId('accounts-bulk-select-all').textContent).toBe('Select all 3 matching');
      fireEvent.change(screen.getByPlaceholderText('Search name or e-mail'), { target: { value: 'coder' } });
      await act(async () => {});
      fireEvent.click(screen.getByTestId('accounts-bulk-select-all'));
      expect(screen.getByTestId('accounts-bulk-selected').textContent).toBe('2 accounts chosen');
      expect(boxOf('kim@org.test').checked).toBe(true);
      expect(boxOf('lee@org.test').checked).toBe(true);
      // Both are active: nothing to reactivate.
      expect((screen.getByTestId('accounts-bulk-reactivate') as HTMLButtonElement).disabled).toBe(true);
      // A narrower search keeps only the chosen it still lists.
      fireEvent.change(screen.getByPlaceholderText('Search name or e-mail'), { target: { value: 'kim' } });
      await act(async () => {});
      expect(screen.getByTestId('accounts-bulk-selected').textContent).toBe('1 account chosen');
    });

    it('select -> confirm naming how many -> done: one request, the result said, the rows read again; then reactivated the same way', async () => {
      render(<MemoryRouter><PeoplePage /></MemoryRouter>);
      await screen.findByText('kim@org.test');
      fireEvent.click(boxOf('kim@org.test'));
      fireEvent.click(boxOf('lee@org.test'));
      expect(screen.getByTestId('accounts-bulk-selected').textContent).toBe('2 accounts chosen');
      fireEvent.click(screen.getByTestId('accounts-bulk-deactivate'));
      const dialog = await screen.findByTestId('accounts-bulk-dialog');
      expect(within(dialog).getByText('Deactivate 2 accounts?')).toBeTruthy();
      expect(within(dialog).getByTestId('accounts-bulk-summary').textContent).toBe('They are signed out at once and can no longer sign in; their history stays.');
      expect(bulkCalls()).toEqual([]);
      await act(async () => fireEvent.click(within(dialog).getByTestId('accounts-bulk-confirm')));
      expect(bulkCalls().map((c) => [c.method, c.body])).toEqual([['POST', { ids: ['a5', 'a6'], active: false }]]);
      expect((await screen.findByTestId('accounts-bulk-result')).textContent).toBe('2 accounts deactivated and signed out');
      // The list is read again (first load, then after the change) and shows them deactivated.
      expect(calls.filter((c) => c.url === '/api/accounts')).toHaveLength(2);
      await act(async () => fireEvent.click(screen.getByTestId('accounts-bulk-done')));
      expect(screen.queryByTestId('accounts-bulk-dialog')).toBeNull();
      expect(within(rowOf('kim@org.test')).getByText('Deactivated')).toBeTruthy();
      expect(within(rowOf('lee@org.test')).getByText('Deactivated')).toBeTruthy();
      expect(screen.getByTestId('card-deactivated').textContent).toContain('3');
      expect(screen.getByTestId('accounts-bulk-selected').textContent).toBe('Choose accounts to deactivate or reactivate them together');

      // Back: Kim, Lee and Ari (deactivated before) reactivated together.
      fireEvent.click(screen.getByTestId('accounts-bulk-select-all'));
      expect(screen.getByTestId('accounts-bulk-selected').textContent).toBe('3 accounts chosen');
      expect((screen.getByTestId('accounts-bulk-deactivate') as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByTestId('accounts-bulk-reactivate'));
      const again = await screen.findByTestId('accounts-bulk-dialog');
      expect(within(again).getByText('Reactivate 3 accounts?')).toBeTruthy();
      await act(async () => fireEvent.click(within(again).getByTestId('accounts-bulk-confirm')));
      expect(bulkCalls()[1]!.body).toEqual({ ids: ['a3', 'a5', 'a6'], active: true });
      expect((await screen.findByTestId('accounts-bulk-result')).textContent).toBe('3 accounts can sign in again');
    });

    it('a 409 shows the server\'s message with nothing changed, and keeps the selection', async () => {
      const refusal = 'Nothing was changed: Lee Coder: The organisation must keep at least one active admin';
      render(<MemoryRouter><PeoplePage /></MemoryRouter>);
      await screen.findByText('kim@org.test');
      fireEvent.click(boxOf('kim@org.test'));
      fireEvent.click(boxOf('lee@org.test'));
      const before = answer;
      answer = (call) => (call.url === '/api/accounts/bulk' ? new Response(JSON.stringify({ message: refusal, code: 'CONFLICT' }), { status: 409 }) : before(call));
      fireEvent.click(screen.getByTestId('accounts-bulk-deactivate'));
      await act(async () => fireEvent.click(await screen.findByTestId('accounts-bulk-confirm')));
      const error = await screen.findByTestId('accounts-bulk-error');
      expect(error.textContent).toContain(refusal);
      expect(error.textContent).toContain('Your selection of 2 accounts is kept.');
      expect(screen.queryByTestId('accounts-bulk-result')).toBeNull();
      await act(async () => fireEvent.click(screen.getByTestId('accounts-bulk-close')));
      expect(within(rowOf('kim@org.test')).queryByText('Deactivated')).toBeNull();
      expect(screen.getByTestId('accounts-bulk-selected').textContent).toBe('2 accounts chosen');
    });
  });
});
