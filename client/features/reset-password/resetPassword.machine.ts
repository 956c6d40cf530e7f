import { newPasswordErrors } from '../../lib/passwordRules.ts';
import { createCredentialFormMachine, type CredentialErrors } from '../../machines/credentialForm.machine.ts';
import type { LoginResult } from '../../machines/session.machine.ts';

/**
 * A new password from a reset link (/reset#token=…), then signed in. The link is checked as the page
 * opens, so a used, unknown or expired link (404/410), or an account no longer active (409), is said
 * before anyone fills in the form; the same answers to the reset itself are said the same way.
 */
export type ResetPasswordValues = { password: string; confirm: string };

export const validateResetPassword = (form: ResetPasswordValues): CredentialErrors => ({ ...newPasswordErrors(form.password, form.confirm) });

export const resetPasswordMachine = createCredentialFormMachine<ResetPasswordValues, null, LoginResult>({
  id: 'resetPassword',
  empty: () => ({ password: '', confirm: '' }),
  validate: validateResetPassword,
  needsToken: true,
  loads: true,
  refusedStatuses: [404, 409, 410],
  missingLinkMessage: 'This reset link is incomplete. Open the whole link from your e-mail, or ask for a new one.',
});
