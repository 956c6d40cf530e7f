import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../lib/api.ts';
import { forgotPasswordMachine } from './forgotPassword.machine.ts';

import type { ForgotPasswordValues } from './forgotPassword.machine.ts';

describe('forgot password machine', () => {
  it('needs no link, checks the address, and is done once sent', async () => {
    const submit = vi.fn(async (_input: unknown) => null);
    const actor = createActor(forgotPasswordMachine.provide({ actors: { submit: fromPromise(async ({ input }) => submit(input)) } }), { input: {} }).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Email is required' });
    actor.send({ type: 'CHANGE', field: 'email', value: 'someone@org.test' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(submit).toHaveBeenCalledWith({ token: null, form: { email: 'someone@org.test' } });
  });

  it('shows a refusal such as too many attempts and lets the user try again', async () => {
    const actor = createActor(forgotPasswordMachine.provide({ actors: { submit: fromPromise<null, { token: string | null; form: ForgotPasswordValues }>(async () => Promise.reject(new ApiError('Too many attempts. Try again in 40 seconds.', 429))) } }), { input: {} }).start();
    actor.send({ type: 'CHANGE', field: 'email', value: 'someone@org.test' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.submitError !== null);
    expect(actor.getSnapshot().context.submitError).toBe('Too many attempts. Try again in 40 seconds.');
  });
});
