import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import type { InviteInput } from '../../../domain/accounts/inputs.ts';
import { ApiError } from '../../lib/api.ts';
import { inviteFormMachine, type InviteSent, validateInvite } from './inviteForm.machine.ts';

const sent: InviteSent = {
  account: { _id: 'n1', name: 'Bo', email: 'bo@org.test', role: 'engineer', admin: false, status: 'invited', lastSignInAt: null, version: 1 },
  inviteUrl: 'http://planner.test/invite#token=abc',
};

function start(invite: (input: InviteInput) => Promise<InviteSent>) {
  const invited = vi.fn();
  const mock = vi.fn(invite);
  const actor = createActor(inviteFormMachine.provide({ actors: { invite: fromPromise(async ({ input }) => mock(input)) }, actions: { invited: (_, p) => invited(p) } })).start();
  return { actor, invited, invite: mock };
}

describe('invite form machine', () => {
  it('checks e-mail and name with the domain\'s rules', () => {
    expect(validateInvite({ email: 'nope', name: '', role: 'engineer', admin: false })).toEqual({ ok: false, errors: { email: accountMessages.emailInvalid, name: accountMessages.nameRequired } });
    expect(validateInvite({ email: ' Bo@Org.test ', name: ' Bo ', role: 'auditor', admin: true })).toEqual({ ok: true, payload: { email: 'bo@org.test', name: 'Bo', role: 'auditor', admin: true } });
  });

  it('invites, shows the link to pass on, and tells the screen', async () => {
    const t = start(async () => sent);
    t.actor.send({ type: 'OPEN' });
    t.actor.send({ type: 'CHANGE', field: 'email', value: 'bo@org.test' });
    t.actor.send({ type: 'CHANGE', field: 'name', value: 'Bo' });
    t.actor.send({ type: 'CHANGE', field: 'role', value: 'engineer' });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.actor.getSnapshot().value).toBe('sending');
    await waitFor(t.actor, (s) => s.matches('sent'));
    expect(t.invite).toHaveBeenCalledWith({ email: 'bo@org.test', name: 'Bo', role: 'engineer', admin: false });
    expect(t.actor.getSnapshot().context.sent).toEqual(sent);
    expect(t.invited).toHaveBeenCalledWith(sent);
    t.actor.send({ type: 'ANOTHER' });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.actor.getSnapshot().context.form.email).toBe('');
    t.actor.send({ type: 'CANCEL' });
    expect(t.actor.getSnapshot().value).toBe('closed');
  });

  it('says a taken e-mail under its field and keeps the form', async () => {
    const t = start(async () => Promise.reject(new ApiError(accountMessages.emailTaken, 409)));
    t.actor.send({ type: 'OPEN' });
    t.actor.send({ type: 'CHANGE', field: 'email', value: 'bo@org.test' });
    t.actor.send({ type: 'CHANGE', field: 'name', value: 'Bo' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('editing') && Boolean(s.context.errors.email));
    expect(t.actor.getSnapshot().context.errors).toEqual({ email: accountMessages.emailTaken });
    expect(t.actor.getSnapshot().context.form.name).toBe('Bo');
    expect(t.invited).not.toHaveBeenCalled();
  });

  it('shows field messages only after a first submit, then as the user types', () => {
    const t = start(async () => sent);
    t.actor.send({ type: 'OPEN' });
    t.actor.send({ type: 'CHANGE', field: 'email', value: 'x' });
    expect(t.actor.getSnapshot().context.errors).toEqual({});
    t.actor.send({ type: 'SUBMIT' });
    expect(t.actor.getSnapshot().context.errors.email).toBe(accountMessages.emailInvalid);
    t.actor.send({ type: 'CHANGE', field: 'email', value: 'x@y.test' });
    expect(t.actor.getSnapshot().context.errors.email).toBeUndefined();
  });
});
