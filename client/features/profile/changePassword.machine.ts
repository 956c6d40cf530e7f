import { newPasswordErrors } from '../../lib/passwordRules.ts';
import { createCredentialFormMachine, type CredentialErrors } from '../../machines/credentialForm.machine.ts';

/**
 * Changing one's own password on the Profile: the current one, the new one and its confirmation. The
 * server ends every other session of the account; this one stays. A wrong current password comes back
 * as a 400 with its message under that field.
 */
export type ChangePasswordValues = { current: string; password: string; confirm: string };

export function validateChangePassword(form: ChangePasswordValues): CredentialErrors {
  const errors: CredentialErrors = form.current ? {} : { current: 'Current password is required' };
  const next = newPasswordErrors(form.password, form.confirm);
  if (!next.password && form.current && form.password === form.current) next.password = 'The new password must differ from the current one';
  return { ...errors, ...next };
}

export const changePasswordMachine = createCredentialFormMachine<ChangePasswordValues, never, null>({
  id: 'changePassword',
  empty: () => ({ current: '', password: '', confirm: '' }),
  validate: validateChangePassword,
  needsToken: false,
  refusedStatuses: [],
  fieldOfIssue: { currentPassword: 'current', newPassword: 'password' },
});
