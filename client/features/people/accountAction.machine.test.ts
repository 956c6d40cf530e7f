import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AccountView } from '../../../domain/accounts/inputs.ts';
import { accountMessages } from '../../../domain/accounts/messages.ts';
import { ApiError } from '../../lib/api.ts';
import { type AccountAction, type AccountActionResult, accountActionMachine, describeAccountAction } from './accountAction.machine.ts';

const sam: AccountView = { _id: 'u2', name: 'Sam Rivera', email: 'sam@org.test', role: 'engineer', admin: false, status: 'active', lastSignInAt: null, version: 4 };

function start(run: (action: AccountAction) => Promise<AccountActionResult>) {
  const reload = vi.fn();
  const done = vi.fn();
  const mock = vi.fn(run);
  const actor = createActor(
    accountActionMachine.provide({ actors: { run: fromPromise(async ({ input }) => mock(input)) }, actions: { reload, done: (_, p) => done(p.action) } }),
  ).start();
  return { actor, reload, done, run: mock };
}

describe('account action machine', () => {
  it('asks before a change, runs it once confirmed, and reloads the list', async () => {
    const t = start(async () => null);
    const deactivate: AccountAction = { kind: 'active', account: sam, active: false };
    t.actor.send({ type: 'ASK', action: deactivate });
    expect(t.actor.getSnapshot().value).toBe('confirming');
    expect(t.run).not.toHaveBeenCalled();
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.run).toHaveBeenCalledWith(deactivate);
    expect(t.done).toHaveBeenCalledWith(deactivate);
    expect(t.reload).toHaveBeenCalledOnce();
    expect(t.actor.getSnapshot().context.action).toBeNull();
  });

  it('does nothing when the confirmation is cancelled', () => {
    const t = start(async () => null);
    t.actor.send({ type: 'ASK', action: { kind: 'withdraw', account: { ...sam, status: 'invited' } } });
    t.actor.send({ type: 'CANCEL' });
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.run).not.toHaveBeenCalled();
  });

  it('issues a reset link without asking, and shows it until closed', async () => {
    const t = start(async () => ({ resetUrl: 'http://planner.test/reset#token=r' }));
    t.actor.send({ type: 'ASK', action: { kind: 'reset', account: sam } });
    expect(t.actor.getSnapshot().value).toBe('running');
    await waitFor(t.actor, (s) => s.matches('link'));
    expect(t.actor.getSnapshot().context.link).toEqual({ url: 'http://planner.test/reset#token=r', account: sam });
    t.actor.send({ type: 'CLOSE' });
    expect(t.actor.getSnapshot().context.link).toBeNull();
  });

  it('keeps the server\'s message on a refusal (the last admin) and reloads the list', async () => {
    const t = start(async () => Promise.reject(new ApiError(accountMessages.lastAdmin, 409, { code: 'CONFLICT' })));
    t.actor.send({ type: 'ASK', action: { kind: 'admin', account: { ...sam, admin: true }, admin: false } });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(t.actor.getSnapshot().context.error).toBe(accountMessages.lastAdmin);
    expect(t.reload).toHaveBeenCalledOnce();
    expect(t.done).not.toHaveBeenCalled();
    t.actor.send({ type: 'DISMISS_ERROR' });
    expect(t.actor.getSnapshot().context.error).toBeNull();
  });

  it('words each confirmation', () => {
    expect(describeAccountAction({ kind: 'role', account: sam, role: 'manager' })).toMatchObject({ title: 'Make Sam Rivera a manager?', confirm: 'Change role' });
    expect(describeAccountAction({ kind: 'active', account: sam, active: false })).toMatchObject({ confirm: 'Deactivate', danger: true });
    expect(describeAccountAction({ kind: 'active', account: sam, active: true }).confirm).toBe('Reactivate');
    expect(describeAccountAction({ kind: 'admin', account: sam, admin: true }).confirm).toBe('Grant admin');
    expect(describeAccountAction({ kind: 'withdraw', account: sam }).body).toContain('sam@org.test');
  });
});
