import { setupInput } from '../../domain/accounts/inputs.ts';
import { newPasswordErrors } from '../lib/passwordRules.ts';
import { type CredentialErrors, createCredentialFormMachine } from './credentialForm.machine.ts';
import type { LoginResult } from './session.machine.ts';

/**
 * The first administrator (/setup#token=…): name, e-mail, a password and its confirmation, sent with
 * the one-time setup token. 403: the link is not valid; 409: the installation has accounts already
 * (the screen offers to sign in instead).
 */
export type SetupValues = { name: string; email: string; password: string; confirm: string };

export function validateSetup(form: SetupValues): CredentialErrors {
  const errors: CredentialErrors = {};
  const result = setupInput.safeParse({ token: 'token', name: form.name, email: form.email, password: form.password });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if ((field === 'name' || field === 'email') && !(field in errors)) errors[field] = issue.message;
    }
  }
  return { ...errors, ...newPasswordErrors(form.password, form.confirm) };
}

export const setupFormMachine = createCredentialFormMachine<SetupValues, never, LoginResult>({
  id: 'setupForm',
  empty: () => ({ name: '', email: '', password: '', confirm: '' }),
  validate: validateSetup,
  needsToken: true,
  refusedStatuses: [403, 409],
  missingLinkMessage: 'This setup link is incomplete. Copy the whole link the server printed when it started.',
});
