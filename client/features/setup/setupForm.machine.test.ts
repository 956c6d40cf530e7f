import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import type { User } from '../../../domain/entities.ts';
import { ApiError } from '../../lib/api.ts';
import { PASSWORDS_DIFFER } from '../../lib/passwordRules.ts';
import { setupFormMachine, validateSetup } from './setupForm.machine.ts';

import type { SetupValues } from './setupForm.machine.ts';
import type { LoginResult } from '../../machines/session.machine.ts';
const user: User = { _id: 'u1', name: 'Ada Admin', email: 'ada@org.test', role: 'manager', department: '', admin: true };
const GOOD = 'a long enough secret';

describe('setup form machine', () => {
  it('checks name, e-mail and the password rule before sending', () => {
    expect(validateSetup({ name: '', email: 'nope', password: 'short', confirm: 'x' })).toEqual({
      name: accountMessages.nameRequired, email: accountMessages.emailInvalid, password: accountMessages.passwordTooShort, confirm: PASSWORDS_DIFFER,
    });
    expect(validateSetup({ name: 'Ada', email: 'ada@org.test', password: GOOD, confirm: GOOD })).toEqual({});
  });

  it('creates the first administrator with the link\'s token and hands the sign-in on', async () => {
    const signedIn = vi.fn();
    const submit = vi.fn(async (_input: unknown) => ({ token: 't', user }));
    const load = vi.fn(async (_input: unknown) => null);
    const actor = createActor(setupFormMachine.provide({ actors: { load: fromPromise(async ({ input }) => load(input)), submit: fromPromise(async ({ input }) => submit(input)) }, actions: { succeeded: (_, p) => signedIn(p.result) } }), { input: { token: 'setup-token' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(load).toHaveBeenCalledWith({ token: 'setup-token' });
    for (const [field, value] of Object.entries({ name: 'Ada', email: 'ada@org.test', password: GOOD, confirm: GOOD })) actor.send({ type: 'CHANGE', field: field as 'name', value });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(submit).toHaveBeenCalledWith({ token: 'setup-token', form: { name: 'Ada', email: 'ada@org.test', password: GOOD, confirm: GOOD } });
    expect(signedIn).toHaveBeenCalledWith({ token: 't', user });
  });

  it('asks the server as the page opens, with or without a token, and says at once when it is set up already (409) or the link is bad (403)', async () => {
    for (const [token, status] of [[null, 409], ['used', 409], [null, 403], ['used', 403]] as const) {
      const load = vi.fn(async (_input: unknown): Promise<null> => Promise.reject(new ApiError('no', status)));
      const actor = createActor(setupFormMachine.provide({ actors: { load: fromPromise(async ({ input }) => load(input)) } }), { input: { token } }).start();
      await waitFor(actor, (s) => !s.matches('loading'));
      expect(actor.getSnapshot().value).toBe('refused');
      expect(actor.getSnapshot().context.refusal?.status).toBe(status);
      expect(load).toHaveBeenCalledWith({ token: token ?? '' });
    }
  });

  it('is refused on a bad link (403) and once accounts exist (409) when the form is sent (someone was quicker)', async () => {
    for (const status of [403, 409]) {
      const actor = createActor(setupFormMachine.provide({ actors: { load: fromPromise(async () => null), submit: fromPromise<LoginResult, { token: string | null; form: SetupValues }>(async () => Promise.reject(new ApiError('no', status))) } }), { input: { token: 'x' } }).start();
      await waitFor(actor, (s) => s.matches('editing'));
      for (const [field, value] of Object.entries({ name: 'Ada', email: 'ada@org.test', password: GOOD, confirm: GOOD })) actor.send({ type: 'CHANGE', field: field as 'name', value });
      actor.send({ type: 'SUBMIT' });
      await waitFor(actor, (s) => s.matches('refused'));
      expect(actor.getSnapshot().context.refusal?.status).toBe(status);
    }
  });
});
