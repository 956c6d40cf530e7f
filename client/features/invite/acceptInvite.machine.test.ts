import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import type { User } from '../../../domain/entities.ts';
import type { Invitation } from './invitationApi.ts';
import { ApiError } from '../../lib/api.ts';
import { acceptInviteMachine, validateAcceptInvite } from './acceptInvite.machine.ts';

const user: User = { _id: 'u1', name: 'Ada Admin', email: 'ada@org.test', role: 'manager', department: '', admin: true };
const GOOD = 'a long enough secret';

describe('accept invitation machine', () => {
  it('reads the invitation, fills in the name it was sent to, and accepts with a password', async () => {
    const submit = vi.fn(async (_input: unknown) => ({ token: 't', user }));
    const actor = createActor(acceptInviteMachine.provide({
      actors: { load: fromPromise(async (): Promise<Invitation> => ({ email: 'bo@org.test', name: 'Bo', role: 'engineer' })), submit: fromPromise(async ({ input }) => submit(input)) },
    }), { input: { token: 'inv' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.loaded).toEqual({ email: 'bo@org.test', name: 'Bo', role: 'engineer' });
    expect(actor.getSnapshot().context.form.name).toBe('Bo');
    actor.send({ type: 'CHANGE', field: 'password', value: GOOD });
    actor.send({ type: 'CHANGE', field: 'confirm', value: GOOD });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(submit).toHaveBeenCalledWith({ token: 'inv', form: { name: 'Bo', password: GOOD, confirm: GOOD } });
  });

  it('wants a name', () => {
    expect(validateAcceptInvite({ name: '  ', password: GOOD, confirm: GOOD })).toEqual({ name: accountMessages.nameRequired });
  });

  it('says an unknown (404) or used (410) invitation cannot be used', async () => {
    const actor = createActor(acceptInviteMachine.provide({ actors: { load: fromPromise<Invitation, { token: string }>(async () => Promise.reject(new ApiError(accountMessages.inviteUnknown, 404))) } }), { input: { token: 'inv' } }).start();
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.refusal?.message).toBe(accountMessages.inviteUnknown);
  });
});
