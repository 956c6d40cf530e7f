import { emailProblem } from '../../lib/emailRule.ts';
import { createCredentialFormMachine, type CredentialErrors } from '../../machines/credentialForm.machine.ts';

/**
 * Forgot password: an e-mail address, and then always the same answer (the server answers 202 whether
 * or not an account uses it, so nobody can learn who has one).
 */
export type ForgotPasswordValues = { email: string };

export function validateForgotPassword(form: ForgotPasswordValues): CredentialErrors {
  const email = emailProblem(form.email);
  return email ? { email } : {};
}

export const FORGOT_PASSWORD_SENT = 'If an account uses this e-mail, a reset link is on its way.';

export const forgotPasswordMachine = createCredentialFormMachine<ForgotPasswordValues, never, null>({
  id: 'forgotPassword',
  empty: () => ({ email: '' }),
  validate: validateForgotPassword,
  needsToken: false,
  refusedStatuses: [],
});
