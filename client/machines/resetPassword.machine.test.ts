import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountMessages } from '../../domain/accounts/messages.ts';
import type { User } from '../../domain/entities.ts';
import { ApiError } from '../lib/api.ts';
import { resetPasswordMachine } from './resetPassword.machine.ts';

import type { ResetPasswordValues } from './resetPassword.machine.ts';
import type { LoginResult } from './session.machine.ts';
const user: User = { _id: 'u1', name: 'Ada Admin', email: 'ada@org.test', role: 'manager', department: '', admin: true };
const GOOD = 'a long enough secret';

describe('reset password machine', () => {
  it('sets the new password with the link\'s token', async () => {
    const submit = vi.fn(async (_input: unknown) => ({ token: 't', user }));
    const actor = createActor(resetPasswordMachine.provide({ actors: { submit: fromPromise(async ({ input }) => submit(input)) } }), { input: { token: 'r' } }).start();
    actor.send({ type: 'CHANGE', field: 'password', value: GOOD });
    actor.send({ type: 'CHANGE', field: 'confirm', value: GOOD });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(submit).toHaveBeenCalledWith({ token: 'r', form: { password: GOOD, confirm: GOOD } });
  });

  it('is refused when the link has been used or has expired', async () => {
    const actor = createActor(resetPasswordMachine.provide({ actors: { submit: fromPromise<LoginResult, { token: string | null; form: ResetPasswordValues }>(async () => Promise.reject(new ApiError(accountMessages.resetGone, 410))) } }), { input: { token: 'r' } }).start();
    actor.send({ type: 'CHANGE', field: 'password', value: GOOD });
    actor.send({ type: 'CHANGE', field: 'confirm', value: GOOD });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.refusal?.message).toBe(accountMessages.resetGone);
  });
});
