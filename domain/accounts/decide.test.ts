import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import { decideAccountChange, decideActivate, decideInvite, decidePasswordChange, decideResetIssued, decideWithdrawInvite, endsSessions, isLastActiveAdmin } from './decide.ts';
import type { AccountEvent } from './events.ts';
import type { AccountChangeInput } from './inputs.ts';
import { accountMessages as M } from './messages.ts';
import { evolveAccount } from './state.ts';

const id = 'a1';
const email = 'ada@example.test';
const facts = { accountId: id, email, name: 'Ada', role: 'manager' as const, admin: true };
const invited: AccountEvent = { type: 'AccountInvited', data: facts };
const activated: AccountEvent = { type: 'AccountActivated', data: { ...facts, via: 'setup' } };
const deactivated: AccountEvent = { type: 'AccountDeactivated', data: { accountId: id, email } };

describe('account change (admins)', () => {
  const spec = (admins: number) => deciderSpec((state, change: AccountChangeInput) => decideAccountChange(state, change, admins), evolveAccount);

  it('records each fact that changes, and nothing for what stays', () => {
    spec(2)([activated]).when({ role: 'auditor', admin: false, active: false }).then([
      { type: 'AccountRoleChanged', data: { accountId: id, email, from: 'manager', to: 'auditor' } },
      { type: 'AdminRevoked', data: { accountId: id, email } },
      { type: 'AccountDeactivated', data: { accountId: id, email } },
    ]);
    spec(2)([activated]).when({ role: 'manager', admin: true, active: true }).thenNothing();
    spec(2)([activated, deactivated]).when({ active: true }).then([{ type: 'AccountReactivated', data: { accountId: id, email } }]);
  });

  it('keeps the last active admin: neither demoted nor deactivated', () => {
    spec(1)([activated]).when({ admin: false }).thenThrows('conflict', M.lastAdmin);
    spec(1)([activated]).when({ active: false }).thenThrows('conflict', M.lastAdmin);
    // A role change leaves the admin permission, so the organisation still has its admin.
    spec(1)([activated]).when({ role: 'auditor' }).then([{ type: 'AccountRoleChanged', data: { accountId: id, email, from: 'manager', to: 'auditor' } }]);
  });

  it('tells the last active admin, whom a screen then offers neither "Revoke admin" nor "Deactivate"', () => {
    const ada = { admin: true, status: 'active' as const };
    const invitedAdmin = { admin: true, status: 'invited' as const };
    const formerAdmin = { admin: true, status: 'deactivated' as const };
    const manager = { admin: false, status: 'active' as const };
    // Invited and deactivated admins administer nothing: Ada is still the last.
    expect(isLastActiveAdmin(ada, [ada, invitedAdmin, formerAdmin, manager])).toBe(true);
    expect(isLastActiveAdmin(ada, [ada, { admin: true, status: 'active' }])).toBe(false);
    expect(isLastActiveAdmin(manager, [ada, manager])).toBe(false);
    expect(isLastActiveAdmin(invitedAdmin, [ada, invitedAdmin])).toBe(false);
  });

  it('an invitation is withdrawn, not deactivated; an unknown account is 404', () => {
    spec(2)([invited]).when({ active: false }).thenThrows('conflict', M.invitePending, 'active');
    spec(2)([]).when({ role: 'auditor' }).thenThrows('not-found', M.notFound);
  });
});

describe('invitations', () => {
  const invite = deciderSpec(decideInvite, evolveAccount);
  const withdraw = deciderSpec((state) => decideWithdrawInvite(state), evolveAccount);
  const accept = deciderSpec((state, name: string | undefined) => decideActivate(state, facts, 'invite', name), evolveAccount);

  it('invites once, is accepted once, with the name the person chose', () => {
    invite([]).when(facts).then([invited]);
    invite([invited]).when(facts).thenThrows('conflict', M.emailTaken, 'email');
    accept([invited]).when('Ada L.').then([{ type: 'AccountActivated', data: { ...facts, name: 'Ada L.', via: 'invite' } }]);
    accept([invited, { type: 'AccountActivated', data: { ...facts, via: 'invite' } }]).when(undefined).thenThrows('conflict', M.alreadyActive);
  });

  it('withdraws a pending invitation only; the account is gone after it', () => {
    withdraw([invited]).when(undefined).then([{ type: 'InviteWithdrawn', data: { accountId: id, email } }]);
    withdraw([activated]).when(undefined).thenThrows('conflict', M.notInvited);
    expect(evolveAccount(evolveAccount(null, invited, 1), { type: 'InviteWithdrawn', data: { accountId: id, email } }, 2)).toBeNull();
  });
});

describe('passwords', () => {
  it('are changed on active accounts only', () => {
    deciderSpec((state, via: 'change' | 'reset') => decidePasswordChange(state, via), evolveAccount)([activated])
      .when('reset').then([{ type: 'PasswordChanged', data: { accountId: id, email, via: 'reset' } }]);
    deciderSpec((state, via: 'change' | 'reset') => decidePasswordChange(state, via), evolveAccount)([activated, deactivated])
      .when('change').thenThrows('conflict', M.notActive);
  });

  it('a reset link is issued for an active account only, and says who asked for it: an admin or "Forgot password"', () => {
    const reset = deciderSpec((state, via: 'admin' | 'forgot') => decideResetIssued(state, via), evolveAccount);
    reset([invited]).when('admin').thenThrows('conflict', M.invitePending);
    reset([activated, deactivated]).when('forgot').thenThrows('conflict', M.notActive);
    reset([activated]).when('admin').then([{ type: 'PasswordResetIssued', data: { accountId: id, email, via: 'admin' } }]);
    reset([activated]).when('forgot').then([{ type: 'PasswordResetIssued', data: { accountId: id, email, via: 'forgot' } }]);
  });

  it('a new role, a deactivation or a new password ends sessions; admin rights do not', () => {
    expect(endsSessions([{ type: 'AccountRoleChanged', data: { accountId: id, email, from: 'manager', to: 'engineer' } }])).toBe(true);
    expect(endsSessions([deactivated])).toBe(true);
    expect(endsSessions([{ type: 'AdminGranted', data: { accountId: id, email } }])).toBe(false);
  });

  it('no account event carries a credential', () => {
    const all: AccountEvent[] = [invited, activated, deactivated, { type: 'PasswordChanged', data: { accountId: id, email, via: 'change' } }, { type: 'PasswordResetIssued', data: { accountId: id, email, via: 'forgot' } }];
    for (const event of all) expect(Object.keys(event.data).filter((key) => /password|hash|token|secret/i.test(key))).toEqual([]);
  });
});

describe('history sentences of account events', () => {
  it('start with who acted and name the account by its e-mail', async () => {
    const { describeAccountEvent } = await import('./describe.ts');
    expect(describeAccountEvent(invited, 'Dana')).toBe('Dana invited Ada (ada@example.test) as a manager with admin rights');
    expect(describeAccountEvent(activated, 'Ada')).toBe('Ada set up the organisation as its first administrator (ada@example.test)');
    expect(describeAccountEvent({ type: 'AccountActivated', data: { ...facts, via: 'demo' } }, 'Dana')).toBe('Dana opened a demo account for Ada (ada@example.test) as a manager and admin');
    expect(describeAccountEvent(deactivated, 'Dana')).toBe('Dana deactivated ada@example.test');
    expect(describeAccountEvent({ type: 'AccountRoleChanged', data: { accountId: id, email, from: 'manager', to: 'auditor' } }, 'Dana')).toBe('Dana changed ada@example.test from manager to auditor');
  });

  it('name the admin who issued a reset link, and nobody for a "Forgot password" request', async () => {
    const { describeAccountEvent } = await import('./describe.ts');
    expect(describeAccountEvent({ type: 'PasswordResetIssued', data: { accountId: id, email, via: 'admin' } }, 'Dana')).toBe('Dana issued a password reset for ada@example.test');
    // Recorded before `via` was: an admin's, as it always read.
    expect(describeAccountEvent({ type: 'PasswordResetIssued', data: { accountId: id, email } }, 'Dana')).toBe('Dana issued a password reset for ada@example.test');
    const asked = describeAccountEvent({ type: 'PasswordResetIssued', data: { accountId: id, email, via: 'forgot' } }, 'Anonymous');
    expect(asked).toBe('A password reset was asked for ada@example.test (forgot password)');
  });
});
