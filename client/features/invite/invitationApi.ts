import type { Role } from '../../../domain/entities.ts';
import { request } from '../../lib/http.ts';
import type { LoginResult } from '../../machines/session.machine.ts';

/** An invitation as its link shows it. The link's secret goes in the path, never in a query the server would log. */
export type Invitation = { email: string; name: string; role: Role };

const path = (value: string) => encodeURIComponent(value);

export const invitationApi = {
  invitation: (token: string) => request<Invitation>('GET', `/api/invites/${path(token)}`, { auth: false }),
  acceptInvitation: (token: string, body: { password: string; name?: string }) =>
    request<LoginResult>('POST', `/api/invites/${path(token)}/accept`, { body, auth: false }),
};
