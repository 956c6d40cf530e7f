import { describe, expect, it } from 'vitest';
import { accountMessages as M } from './messages.ts';
import { passwordProblem } from './password-policy.ts';
import { changePasswordInput, inviteInput } from './inputs.ts';

describe('password policy: length and a blocklist, no composition rules', () => {
  it.each([
    ['short', 'abc12345', M.passwordTooShort],
    ['common', 'Password123', M.passwordCommon],
    ['one character repeated', 'zzzzzzzzzzzz', M.passwordCommon],
    ['a run', 'abcdefghijkl', M.passwordCommon],
    ['a reversed run', '9876543210', M.passwordCommon],
    ['too long', 'x'.repeat(201), M.passwordTooLong],
  ])('%s is refused', (_what, password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it.each(['correct horse battery', 'lowercaseonlyisfine', 'Tr0ub4dor&3xx'])('%s is accepted', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  it('the inputs say the first problem in their message', () => {
    const result = changePasswordInput.safeParse({ currentPassword: 'x', newPassword: 'short' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(M.passwordTooShort);
    expect(inviteInput.parse({ email: ' Ada@Example.TEST ', name: 'Ada', role: 'engineer' })).toEqual({ email: 'ada@example.test', name: 'Ada', role: 'engineer', admin: false });
    expect(inviteInput.safeParse({ email: 'nope', name: 'Ada', role: 'engineer' }).error?.issues[0]?.message).toBe(M.emailInvalid);
    expect(inviteInput.safeParse({ email: 'a@b.test', name: 'Ada', role: 'admin' }).error?.issues[0]?.message).toBe(M.roleInvalid);
  });
});
