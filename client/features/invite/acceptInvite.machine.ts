import { accountMessages } from '../../../domain/accounts/messages.ts';
import type { Invitation } from './invitationApi.ts';
import { newPasswordErrors } from '../../lib/passwordRules.ts';
import { type CredentialErrors, createCredentialFormMachine } from '../../machines/credentialForm.machine.ts';
import type { LoginResult } from '../../machines/session.machine.ts';

/**
 * Accepting an invitation (/invite#token=…): what it is for is read first (who, which role); then the
 * invited person confirms their name and chooses a password. 404: the link is not valid; 410: used,
 * withdrawn or expired.
 */
export type AcceptInviteValues = { name: string; password: string; confirm: string };

export function validateAcceptInvite(form: AcceptInviteValues): CredentialErrors {
  const errors: CredentialErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = accountMessages.nameRequired;
  else if (name.length > 100) errors.name = accountMessages.nameTooLong;
  return { ...errors, ...newPasswordErrors(form.password, form.confirm) };
}

export const acceptInviteMachine = createCredentialFormMachine<AcceptInviteValues, Invitation, LoginResult>({
  id: 'acceptInvite',
  empty: (invitation) => ({ name: invitation?.name ?? '', password: '', confirm: '' }),
  validate: validateAcceptInvite,
  needsToken: true,
  loads: true,
  refusedStatuses: [404, 410],
  missingLinkMessage: 'This invitation link is incomplete. Open the whole link from your invitation, or ask your administrator for a new one.',
});
