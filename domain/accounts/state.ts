import type { Role } from '../entities.ts';
import type { AccountEvent, AccountStatus } from './events.ts';

export type Account = {
  _id: string; email: string; name: string; role: Role; admin: boolean; status: AccountStatus; version: number;
  /** A manager's reach (domain/teams/scope.ts); absent: org-wide. */
  scope?: 'all' | string[];
};

/** The account folded from its stream; null before it was invited or created, and after an invite was withdrawn. */
export function evolveAccount(state: Account | null, event: AccountEvent, version: number): Account | null {
  switch (event.type) {
    case 'AccountInvited': {
      const { accountId, email, name, role, admin } = event.data;
      return { _id: accountId, email, name, role, admin, status: 'invited', version };
    }
    case 'AccountActivated': {
      const { accountId, email, name, role, admin } = event.data;
      return { _id: accountId, email, name, role, admin, status: 'active', version };
    }
    case 'AccountRoleChanged':
      return state && { ...state, role: event.data.to, version };
    case 'AdminGranted':
      return state && { ...state, admin: true, version };
    case 'AdminRevoked':
      return state && { ...state, admin: false, version };
    case 'AccountDeactivated':
      return state && { ...state, status: 'deactivated', version };
    case 'AccountReactivated':
      return state && { ...state, status: 'active', version };
    case 'PasswordChanged':
    case 'PasswordResetIssued':
      return state && { ...state, version };
    case 'InviteWithdrawn':
      return null;
    case 'ManagerScopeChanged':
      return state && { ...state, scope: event.data.scope, version };
  }
}
