import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../domain/accounts/messages.ts';
import { newPasswordErrors, PASSWORD_RULE, passwordHint, PASSWORDS_DIFFER, CONFIRM_REQUIRED } from './passwordRules.ts';

describe('password rules in the page', () => {
  it('apply the domain\'s rule: at least 10 characters, no common password', () => {
    expect(newPasswordErrors('short', 'short')).toEqual({ password: accountMessages.passwordTooShort });
    expect(newPasswordErrors('password123', 'password123')).toEqual({ password: accountMessages.passwordCommon });
    expect(newPasswordErrors('aaaaaaaaaaaa', 'aaaaaaaaaaaa')).toEqual({ password: accountMessages.passwordCommon });
    expect(newPasswordErrors('correct horse battery', 'correct horse battery')).toEqual({});
  });

  it('want the confirmation to repeat the password', () => {
    expect(newPasswordErrors('correct horse battery', '')).toEqual({ confirm: CONFIRM_REQUIRED });
    expect(newPasswordErrors('correct horse battery', 'correct horse batter')).toEqual({ confirm: PASSWORDS_DIFFER });
  });

  it('hint the rule before anything is typed, and while a password is still short', () => {
    expect(passwordHint('')).toEqual({ tone: 'rule', text: PASSWORD_RULE });
    expect(PASSWORD_RULE).toContain('At least 10 characters');
    expect(passwordHint('abc')).toEqual({ tone: 'rule', text: accountMessages.passwordTooShort });
    expect(passwordHint('qwertyuiop')).toEqual({ tone: 'problem', text: accountMessages.passwordCommon });
    expect(passwordHint('a long enough one')).toEqual({ tone: 'ok', text: 'Strong enough' });
  });
});
