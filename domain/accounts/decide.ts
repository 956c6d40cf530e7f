import type { Role } from '../entities.ts';
import { DomainError } from '../errors.ts';
import type { AccountEvent, AccountStatus, ActivatedVia, ResetAskedVia } from './events.ts';
import { accountMessages as M } from './messages.ts';
import type { Account } from './state.ts';
import type { AccountChangeInput } from './inputs.ts';

type NewAccount = { accountId: string; email: string; name: string; role: Role; admin: boolean };

export function decideInvite(state: Account | null, account: NewAccount): AccountEvent[] {
  if (state) throw new DomainError('conflict', M.emailTaken, 'email');
  return [{ type: 'AccountInvited', data: account }];
}

/** An account starts being usable: an accepted invitation, or one created whole (setup, command line, demo). */
export function decideActivate(state: Account | null, account: NewAccount, via: ActivatedVia, name?: string): AccountEvent[] {
  if (state && state.status !== 'invited') throw new DomainError('conflict', M.alreadyActive);
  const base = state ? { accountId: state._id, email: state.email, name: name ?? state.name, role: state.role, admin: state.admin } : account;
  return [{ type: 'AccountActivated', data: { ...base, via } }];
}

export function decideWithdrawInvite(state: Account | null): AccountEvent[] {
  if (!state) throw new DomainError('not-found', M.notFound);
  if (state.status !== 'invited') throw new DomainError('conflict', M.notInvited);
  return [{ type: 'InviteWithdrawn', data: { accountId: state._id, email: state.email } }];
}

/**
 * Whether the account is the organisation's last active admin, among `accounts` (everyone's status and
 * admin right): it can be neither demoted nor deactivated (decideAccountChange refuses with 409), so a
 * screen offers neither.
 */
export function isLastActiveAdmin(account: AdminFacts, accounts: readonly AdminFacts[]): boolean {
  const activeAdmin = (a: AdminFacts) => a.admin && a.status === 'active';
  return activeAdmin(account) && accounts.filter(activeAdmin).length <= 1;
}
type AdminFacts = { admin: boolean; status: AccountStatus };

/**
 * An admin's change to an account. `activeAdmins` counts the active admins now (this one included when
 * it is one): the organisation must keep at least one, or nobody could ever administer it again.
 */
export function decideAccountChange(state: Account | null, change: AccountChangeInput, activeAdmins: number): AccountEvent[] {
  if (!state) throw new DomainError('not-found', M.notFound);
  const id = { accountId: state._id, email: state.email };
  const losesAdmin = state.admin && state.status === 'active' && (change.admin === false || change.active === false);
  if (losesAdmin && activeAdmins <= 1) throw new DomainError('conflict', M.lastAdmin);
  if (change.active !== undefined && state.status === 'invited') throw new DomainError('conflict', M.invitePending, 'active');
  const events: AccountEvent[] = [];
  if (change.role !== undefined && change.role !== state.role) events.push({ type: 'AccountRoleChanged', data: { ...id, from: state.role, to: change.role } });
  if (change.admin === true && !state.admin) events.push({ type: 'AdminGranted', data: id });
  if (change.admin === false && state.admin) events.push({ type: 'AdminRevoked', data: id });
  if (change.active === false && state.status === 'active') events.push({ type: 'AccountDeactivated', data: id });
  if (change.active === true && state.status === 'deactivated') events.push({ type: 'AccountReactivated', data: id });
  if (change.scope !== undefined) {
    const previous = state.scope ?? 'all';
    if ((change.role ?? state.role) !== 'manager' && change.scope !== 'all') throw new DomainError('invalid', M.scopeForManagers, 'scope');
    const scope = change.scope === 'all' ? 'all' : [...new Set(change.scope)];
    if (JSON.stringify(scope) !== JSON.stringify(previous)) events.push({ type: 'ManagerScopeChanged', data: { ...id, scope, previous } });
  }
  return events;
}

export function decidePasswordChange(state: Account | null, via: 'change' | 'reset'): AccountEvent[] {
  if (!state) throw new DomainError('not-found', M.notFound);
  if (state.status !== 'active') throw new DomainError('conflict', M.notActive);
  return [{ type: 'PasswordChanged', data: { accountId: state._id, email: state.email, via } }];
}

/** A reset link, issued by an admin or asked for on "Forgot password" (`via` says which, for the history). */
export function decideResetIssued(state: Account | null, via: ResetAskedVia): AccountEvent[] {
  if (!state) throw new DomainError('not-found', M.notFound);
  if (state.status === 'invited') throw new DomainError('conflict', M.invitePending);
  if (state.status !== 'active') throw new DomainError('conflict', M.notActive);
  return [{ type: 'PasswordResetIssued', data: { accountId: state._id, email: state.email, via } }];
}

/** Whether the change ends the account's sessions: its rights changed under the tokens it holds. */
export const endsSessions = (events: readonly AccountEvent[]) =>
  events.some((e) => e.type === 'AccountRoleChanged' || e.type === 'AccountDeactivated' || e.type === 'PasswordChanged');
