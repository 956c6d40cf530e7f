import type { Role } from '../../../domain/entities.ts';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { request } from '../../lib/http.ts';

/** An admin's People & access (design section 11): the accounts, invitations and reset links. */
export type InviteRequest = { email: string; name: string; role: Role; admin: boolean };
export type AccountChange = { role?: Role; admin?: boolean; active?: boolean };

const path = (value: string) => encodeURIComponent(value);

export const accountsApi = {
  accounts: () => request<AccountView[]>('GET', '/api/accounts'),
  invite: (body: InviteRequest) => request<{ account: AccountView; inviteUrl: string }>('POST', '/api/accounts/invites', { body }),
  withdrawInvite: (id: string) => request<null>('DELETE', `/api/accounts/invites/${path(id)}`),
  changeAccount: (id: string, version: number, change: AccountChange) =>
    request<AccountView>('PATCH', `/api/accounts/${path(id)}`, { body: change, headers: { 'If-Match': `"${version}"` } }),
  issuePasswordReset: (id: string) => request<{ resetUrl: string }>('POST', `/api/accounts/${path(id)}/password-reset`),
};
