import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import { ApiError } from '../../lib/api.ts';
import { type ChangePasswordValues, changePasswordMachine, validateChangePassword } from './changePassword.machine.ts';

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

  it("drops 'Your current password is not correct' once the current password is edited, and any refusal once the form is sent again", async () => {
    const wrongCurrent = () => new ApiError(accountMessages.currentPasswordWrong, 400, { issues: [{ path: 'currentPassword', message: accountMessages.currentPasswordWrong }] });
    const actor = createActor(changePasswordMachine.provide({ actors: { submit: fromPromise<null, { token: string | null; form: ChangePasswordValues }>(async () => { throw wrongCurrent(); }) } }), { input: {} }).start();
    const refused = async () => {
      actor.send({ type: 'SUBMIT' });
      await waitFor(actor, (s) => s.matches('editing') && s.context.submitError !== null);
    };
    actor.send({ type: 'CHANGE', field: 'current', value: 'not my password' });
    actor.send({ type: 'CHANGE', field: 'password', value: GOOD });
    actor.send({ type: 'CHANGE', field: 'confirm', value: GOOD });
    await refused();
    // Another field edited: the refusal still stands.
    actor.send({ type: 'CHANGE', field: 'confirm', value: `${GOOD}!` });
    expect(actor.getSnapshot().context).toMatchObject({ errors: { current: accountMessages.currentPasswordWrong }, submitError: accountMessages.currentPasswordWrong });
    // The current password corrected: its message and the alert go.
    actor.send({ type: 'CHANGE', field: 'current', value: 'my real password' });
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, submitError: null });
    // Sent again with another mistake: only that mistake shows.
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context).toMatchObject({ errors: { confirm: 'The two passwords do not match' }, submitError: null });

    // Refused again, then sent again with a mistake elsewhere, the current password untouched: no refusal is left on screen.
    actor.send({ type: 'CHANGE', field: 'confirm', value: GOOD });
    await refused();
    actor.send({ type: 'CHANGE', field: 'password', value: 'short' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.submitError).toBeNull();
    expect(actor.getSnapshot().context.errors.current).toBeUndefined();
    expect(actor.getSnapshot().context.errors.password).toBeDefined();
  });
});
