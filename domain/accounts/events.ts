import type { Role } from '../entities.ts';

/**
 * Facts about accounts: who may sign in, with which role, and who made them so. Credentials never go in
 * here (events are kept forever and read by auditors): no password, no hash, no token.
 */
export type AccountStatus = 'invited' | 'active' | 'deactivated';
/** How an account came to be active: what the history says of it. */
export type ActivatedVia = 'setup' | 'invite' | 'sign-on' | 'command-line' | 'demo' | 'registration' | 'existing';

type Id = { accountId: string };
export type AccountInvited = { type: 'AccountInvited'; data: Id & { email: string; name: string; role: Role; admin: boolean } };
export type AccountActivated = {
  type: 'AccountActivated';
  data: Id & { email: string; name: string; role: Role; admin: boolean; via: ActivatedVia };
};
export type AccountRoleChanged = { type: 'AccountRoleChanged'; data: Id & { email: string; from: Role; to: Role } };
export type AdminGranted = { type: 'AdminGranted'; data: Id & { email: string } };
export type AdminRevoked = { type: 'AdminRevoked'; data: Id & { email: string } };
export type AccountDeactivated = { type: 'AccountDeactivated'; data: Id & { email: string } };
export type AccountReactivated = { type: 'AccountReactivated'; data: Id & { email: string } };
export type PasswordChanged = { type: 'PasswordChanged'; data: Id & { email: string; via: 'change' | 'reset' } };
/**
 * Who asked for the reset link: an admin on People & access (`admin`), or anyone at all who typed the
 * e-mail on "Forgot password" (`forgot`), which proves nothing about who they are. Events recorded
 * before this was said carry neither.
 */
export type ResetAskedVia = 'admin' | 'forgot';
export type PasswordResetIssued = { type: 'PasswordResetIssued'; data: Id & { email: string; via?: ResetAskedVia } };
/** An invitation taken back before it was accepted: the account never was, its e-mail is free again. */
export type InviteWithdrawn = { type: 'InviteWithdrawn'; data: Id & { email: string } };

/** Which teams a manager may change: 'all' (org-wide, the default) or some teams and the teams inside them. */
export type ManagerScopeChanged = { type: 'ManagerScopeChanged'; data: Id & { email: string; scope: 'all' | string[]; previous: 'all' | string[] } };

export type AccountEvent =
  | ManagerScopeChanged
  | AccountInvited | AccountActivated | AccountRoleChanged | AdminGranted | AdminRevoked
  | AccountDeactivated | AccountReactivated | PasswordChanged | PasswordResetIssued | InviteWithdrawn;

/**
 * The actor of a fact nobody signed in asked for ("Forgot password"): recording the account's owner
 * would say they did it, and anyone who knows an e-mail can ask.
 */
export const ANONYMOUS_ACTOR = { actorId: 'anonymous', actorRole: 'anonymous', name: 'Anonymous' } as const;

/** The stream of an account's facts (`streamIds.account`). */
export const accountStreamId = (id: string) => `account-${id}`;

const accountTypes: ReadonlySet<string> = new Set<AccountEvent['type']>([
  'AccountInvited', 'AccountActivated', 'AccountRoleChanged', 'AdminGranted', 'AdminRevoked',
  'AccountDeactivated', 'AccountReactivated', 'PasswordChanged', 'PasswordResetIssued', 'InviteWithdrawn', 'ManagerScopeChanged',
]);
/** Account facts among the log's events: they leave the plan as it is. */
export const isAccountEvent = <E extends { type: string }>(event: E): event is Extract<E, AccountEvent> => accountTypes.has(event.type);
