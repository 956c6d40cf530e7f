import { setupInput } from '../../../domain/accounts/inputs.ts';
import { newPasswordErrors } from '../../lib/passwordRules.ts';
import { type CredentialErrors, createCredentialFormMachine } from '../../machines/credentialForm.machine.ts';
import type { LoginResult } from '../../machines/session.machine.ts';

/**
 * The first administrator (/setup, with #token=… from the link the server prints): whether setup can
 * happen is checked as the page opens, with or without a token, so the screen says at once when the
 * installation has accounts already (409: sign in instead) or the link is missing, unknown or used
 * (403). Then name, e-mail, a password and its confirmation, sent with the one-time setup token; the
 * same refusals then (someone was quicker) are said the same way.
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

export const setupFormMachine = createCredentialFormMachine<SetupValues, null, LoginResult>({
  id: 'setupForm',
  empty: () => ({ name: '', email: '', password: '', confirm: '' }),
  validate: validateSetup,
  // Even without a token the server is asked: only it knows whether the installation has accounts.
  needsToken: false,
  loads: true,
  refusedStatuses: [403, 409],
});
