import { newPasswordErrors } from '../lib/passwordRules.ts';
import { createCredentialFormMachine, type CredentialErrors } from './credentialForm.machine.ts';
import type { LoginResult } from './session.machine.ts';

/** A new password from a reset link (/reset#token=…), then signed in; 404/410: the link is used, unknown or expired. */
export type ResetPasswordValues = { password: string; confirm: string };

export const validateResetPassword = (form: ResetPasswordValues): CredentialErrors => ({ ...newPasswordErrors(form.password, form.confirm) });

export const resetPasswordMachine = createCredentialFormMachine<ResetPasswordValues, never, LoginResult>({
  id: 'resetPassword',
  empty: () => ({ password: '', confirm: '' }),
  validate: validateResetPassword,
  needsToken: true,
  refusedStatuses: [404, 410],
  missingLinkMessage: 'This reset link is incomplete. Open the whole link from your e-mail, or ask for a new one.',
});
