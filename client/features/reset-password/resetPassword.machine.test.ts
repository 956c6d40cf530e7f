import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import type { User } from '../../../domain/entities.ts';
import { ApiError } from '../../lib/api.ts';
import { resetPasswordMachine } from './resetPassword.machine.ts';

import type { ResetPasswordValues } from './resetPassword.machine.ts';
import type { LoginResult } from '../../machines/session.machine.ts';
const user: User = { _id: 'u1', name: 'Ada Admin', email: 'ada@org.test', role: 'manager', department: '', admin: true };
const GOOD = 'a long enough secret';

describe('reset password machine', () => {
  it('sets the new password with the link\'s token', async () => {
    const submit = vi.fn(async (_input: unknown) => ({ token: 't', user }));
    const load = vi.fn(async (_input: unknown) => null);
    const actor = createActor(resetPasswordMachine.provide({ actors: { load: fromPromise(async ({ input }) => load(input)), submit: fromPromise(async ({ input }) => submit(input)) } }), { input: { token: 'r' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(load).toHaveBeenCalledWith({ token: 'r' });
    actor.send({ type: 'CHANGE', field: 'password', value: GOOD });
    actor.send({ type: 'CHANGE', field: 'confirm', value: GOOD });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(submit).toHaveBeenCalledWith({ token: 'r', form: { password: GOOD, confirm: GOOD } });
  });

  it('says a used, unknown or expired link, or an account no longer active, as the page opens: no form to fill in first', async () => {
    for (const status of [404, 410, 409]) {
      const actor = createActor(resetPasswordMachine.provide({ actors: { load: fromPromise<null, { token: string }>(async () => Promise.reject(new ApiError(accountMessages.resetGone, status))) } }), { input: { token: 'r' } }).start();
      await waitFor(actor, (s) => !s.matches('loading'));
      expect(actor.getSnapshot().value).toBe('refused');
      expect(actor.getSnapshot().context.refusal).toMatchObject({ status, message: accountMessages.resetGone });
    }
  });

  it('offers to try again when the check could not reach the server', async () => {
    let answer: Promise<null> = Promise.reject(new ApiError('Network error', 0));
    answer.catch(() => {});
    const actor = createActor(resetPasswordMachine.provide({ actors: { load: fromPromise<null, { token: string }>(() => answer) } }), { input: { token: 'r' } }).start();
    await waitFor(actor, (s) => s.matches('unreachable'));
    answer = Promise.resolve(null);
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('editing'));
  });

  it('is refused when the link was used meanwhile (the reset answers 410)', async () => {
    const actor = createActor(resetPasswordMachine.provide({ actors: { load: fromPromise(async () => null), submit: fromPromise<LoginResult, { token: string | null; form: ResetPasswordValues }>(async () => Promise.reject(new ApiError(accountMessages.resetGone, 410))) } }), { input: { token: 'r' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'password', value: GOOD });
    actor.send({ type: 'CHANGE', field: 'confirm', value: GOOD });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.refusal?.message).toBe(accountMessages.resetGone);
  });
});
