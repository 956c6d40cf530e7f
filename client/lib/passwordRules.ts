import { accountMessages } from '../../domain/accounts/messages.ts';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../domain/accounts/password-policy.ts';

/**
 * The password rule as people read it before they submit: the domain's own rule (the server applies the
 * same one), and the confirmation that must repeat the password.
 */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.`;
export const PASSWORDS_DIFFER = 'The two passwords do not match';
export const CONFIRM_REQUIRED = 'Please type the password again';

export type PasswordErrors = { password?: string; confirm?: string };

/** What is wrong with a new password and its confirmation; empty when both are fine. */
export function newPasswordErrors(password: string, confirm: string): PasswordErrors {
  const errors: PasswordErrors = {};
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  if (!confirm) errors.confirm = CONFIRM_REQUIRED;
  else if (confirm !== password) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

/** What the hint under a new password says as it is typed: the rule, its first problem, or that it will do. */
export type PasswordHint = { tone: 'rule' | 'problem' | 'ok'; text: string };

export function passwordHint(password: string): PasswordHint {
  if (!password) return { tone: 'rule', text: PASSWORD_RULE };
  const problem = passwordProblem(password);
  if (!problem) return { tone: 'ok', text: 'Strong enough' };
  // While it is still being typed, a short password is the rule, not yet a mistake.
  return { tone: problem === accountMessages.passwordTooShort ? 'rule' : 'problem', text: problem };
}
