/**
 * What a person could have mistyped in an e-mail address: something@something.tld with no spaces,
 * without second-guessing the server about which addresses exist. Shared by every form that asks for one.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Enter a valid email address';

/** The problem with an address as typed (spaces around it are trimmed), or undefined. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (!email) return EMAIL_REQUIRED;
  if (!EMAIL.test(email)) return EMAIL_INVALID;
  return undefined;
}
