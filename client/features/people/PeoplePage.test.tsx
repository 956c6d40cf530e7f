// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import PeoplePage from './PeoplePage.tsx';
import { lastSignInText } from './peopleLook.tsx';
import { MemoryRouter } from 'react-router';

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
    fireEvent.click(await screen.findByText('Deactivate'));
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
});
