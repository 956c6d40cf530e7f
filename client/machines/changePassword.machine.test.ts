import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountMessages } from '../../domain/accounts/messages.ts';
import { ApiError } from '../lib/api.ts';
import { changePasswordMachine, validateChangePassword } from './changePassword.machine.ts';

const GOOD = 'a long enough secret';

describe('change password machine', () => {
  it('wants the current password and a new, different one', () => {
    expect(validateChangePassword({ current: '', password: GOOD, confirm: GOOD })).toEqual({ current: 'Current password is required' });
    expect(validateChangePassword({ current: GOOD, password: GOOD, confirm: GOOD })).toEqual({ password: 'The new password must differ from the current one' });
  });

  it('puts a wrong current password under its field, and can be used again once done', async () => {
    let wrong = true;
    const actor = createActor(changePasswordMachine.provide({
      actors: {
        submit: fromPromise(async () => {
          if (wrong) throw new ApiError(accountMessages.currentPasswordWrong, 400, { issues: [{ path: 'currentPassword', message: accountMessages.currentPasswordWrong }] });
          return null;
        }),
      },
    }), { input: {} }).start();
    actor.send({ type: 'CHANGE', field: 'current', value: 'old password here' });
    actor.send({ type: 'CHANGE', field: 'password', value: GOOD });
    actor.send({ type: 'CHANGE', field: 'confirm', value: GOOD });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.submitError !== null);
    expect(actor.getSnapshot().context.errors).toEqual({ current: accountMessages.currentPasswordWrong });
    wrong = false;
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().context.form).toEqual({ current: '', password: '', confirm: '' });
  });
});
