import type { InviteJob } from '../../../domain/accounts/inputs.ts';
import type { Role } from '../../../domain/entities.ts';
import { request } from '../../lib/http.ts';

/** Many invitations as one job (POST /api/accounts/invites/bulk): 409 naming the e-mails that have an account, and none is made. */
export const startBulkInvites = (invites: readonly { email: string; name: string; role: Role }[]): Promise<InviteJob> =>
  request<{ job: InviteJob }>('POST', '/api/accounts/invites/bulk', { body: { invites } }).then((answer) => answer.job);

/** A bulk invitation's progress: invitations made, mails sent, and how it ended. */
export const inviteJobProgress = (id: string): Promise<InviteJob> => request<InviteJob>('GET', `/api/accounts/invites/jobs/${encodeURIComponent(id)}`);
