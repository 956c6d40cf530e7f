import { accountMessages as M } from './messages.ts';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/**
 * Passwords people pick most often that are long enough to pass the length rule. Length and a
 * blocklist are the whole policy: composition rules make passwords harder to remember, not to guess.
 */
const common = new Set([
  '1234567890', '0123456789', '0987654321', '1111111111', '0000000000', '1234512345', '1122334455',
  '1q2w3e4r5t', 'qwertyuiop', 'asdfghjkl;', 'zxcvbnm123', 'qwerty1234', 'qwertyuiop1', '1qaz2wsx3edc',
  'password12', 'password123', 'password1234', 'password!1', 'passw0rd123', 'p@ssw0rd123', 'p@ssword123',
  'iloveyou12', 'iloveyou123', 'letmein123', 'welcome123', 'welcome1234', 'admin12345', 'administrator',
  'changeme123', 'changeme12', 'football123', 'baseball123', 'sunshine123', 'princess123', 'dragon1234',
  'monkey1234', 'superman123', 'trustno1234', 'abcdefghij', 'abcdefg123', 'abc1234567', 'a123456789',
  'qwerty123456', '123456789a', '123456789q', '1234567890a', '12345678910', '123123123123', '987654321a',
  'starwars123', 'whatever12', 'master1234', 'shadow1234', 'michael123', 'jennifer123', 'computer12',
  'computer123', 'internet123', 'summer2024', 'summer2025', 'summer2026', 'winter2025', 'winter2026',
  'spring2026', 'autumn2026', 'january2026', 'november2026', 'december2026', 'company123', 'secret1234',
  'demo123456', 'test123456', 'testtest12', 'passpass12', 'mypassword', 'mypassword1', 'mypassword123',
  'yourpassword', 'newpassword', 'newpassword1', 'password2026', 'password2025', 'password01',
  'capacityplanner', 'planner1234',
]);

/** Why this password is refused, or null when it may be used. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return M.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return M.passwordTooLong;
  const folded = password.toLowerCase();
  if (common.has(folded) || /^(.)\1+$/.test(password) || isRun(folded)) return M.passwordCommon;
  return null;
}

/** '0123456789', 'abcdefghijk' and their reverses: a run is no secret at any length. */
function isRun(text: string): boolean {
  const steps = new Set<number>();
  for (let i = 1; i < text.length; i += 1) steps.add(text.charCodeAt(i) - text.charCodeAt(i - 1));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}
