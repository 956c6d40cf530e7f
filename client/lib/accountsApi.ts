import type { Role, User } from '../../domain/entities.ts';
import type { AccountView } from '../../domain/accounts/inputs.ts';
import { request } from './api.ts';

/**
 * The accounts API (design section 11): the first administrator, invitations, reset links, one's own
 * password and sessions, and an admin's People & access. Links carry their secret in the address's
 * fragment; the page hands it over in a body or a path, never in a query the server would log.
 */
export type SignedIn = { token: string; user: User };
export type Invitation = { email: string; name: string; role: Role };
export type InviteRequest = { email: string; name: string; role: Role; admin: boolean };
export type AccountChange = { role?: Role; admin?: boolean; active?: boolean };
export type SignOnOptions = { signOn: { name: string } | null };

const path = (value: string) => encodeURIComponent(value);

export const accountsApi = {
  /** 204 when the setup token would create the first account; 409 once accounts exist, 403 a missing or bad token. */
  checkSetup: (token: string | null) =>
    request<null>('POST', '/api/setup/check', { body: token ? { token } : {}, auth: false }).then(() => null),
  setup: (body: { token: string; name: string; email: string; password: string }) =>
    request<SignedIn>('POST', '/api/setup', { body, auth: false }),
  invitation: (token: string) => request<Invitation>('GET', `/api/invites/${path(token)}`, { auth: false }),
  acceptInvitation: (token: string, body: { password: string; name?: string }) =>
    request<SignedIn>('POST', `/api/invites/${path(token)}/accept`, { body, auth: false }),
  forgotPassword: (email: string) => request<null>('POST', '/api/auth/forgot', { body: { email }, auth: false }),
  /** 204 when the reset link can still be used; 404, 410 or 409 say why not. */
  checkResetLink: (token: string) => request<null>('POST', '/api/auth/reset/check', { body: { token }, auth: false }).then(() => null),
  resetPassword: (token: string, password: string) => request<SignedIn>('POST', '/api/auth/reset', { body: { token, password }, auth: false }),
  changePassword: (currentPassword: string, newPassword: string) =>
    request<null>('POST', '/api/auth/password', { body: { currentPassword, newPassword } }),
  /** Ends the session of `token` (the stored one is already gone when this is sent): its failure changes nothing here. */
  logout: (token: string) => request<null>('POST', '/api/auth/logout', { token, keepalive: true }),
  logoutEverywhere: () => request<null>('POST', '/api/auth/logout-all'),
  /** How people may sign in besides a password; any failure (an older server answers 404) is "no sign-on". */
  signInOptions: (): Promise<SignOnOptions> =>
    request<Partial<SignOnOptions>>('GET', '/api/auth/options', { auth: false }).then(
      (answer) => ({ signOn: answer?.signOn && typeof answer.signOn.name === 'string' && answer.signOn.name ? { name: answer.signOn.name } : null }),
      () => ({ signOn: null }),
    ),
  exchangeSignOnCode: (code: string) => request<SignedIn>('POST', '/api/auth/oidc/exchange', { body: { code }, auth: false }),

  accounts: () => request<AccountView[]>('GET', '/api/accounts'),
  invite: (body: InviteRequest) => request<{ account: AccountView; inviteUrl: string }>('POST', '/api/accounts/invites', { body }),
  withdrawInvite: (id: string) => request<null>('DELETE', `/api/accounts/invites/${path(id)}`),
  changeAccount: (id: string, version: number, change: AccountChange) =>
    request<AccountView>('PATCH', `/api/accounts/${path(id)}`, { body: change, headers: { 'If-Match': `"${version}"` } }),
  issuePasswordReset: (id: string) => request<{ resetUrl: string }>('POST', `/api/accounts/${path(id)}/password-reset`),
};

/** Where single sign-on starts: the whole page goes there, and comes back to /sign-on. */
export const SIGN_ON_START = '/api/auth/oidc/start';
