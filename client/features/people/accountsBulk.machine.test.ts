import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../lib/api.ts';
import { type AccountsBulkRequest, accountsBulkMachine, confirmWords, resultText, whyNotChosen } from './accountsBulk.machine.ts';

/** 2,000 ids: more than any page of the accounts table draws. */
const many = Array.from({ length: 2000 }, (_, i) => `u${i}`);

function start(change: (request: AccountsBulkRequest) => Promise<{ changed: number }> = async (r) => ({ changed: r.ids.length })) {
  const sent = vi.fn(change);
  const reload = vi.fn();
  const actor = createActor(accountsBulkMachine.provide({ actors: { change: fromPromise(async ({ input }) => sent(input)) }, actions: { reload } })).start();
  return { actor, sent, reload, context: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value };
}

describe('choosing accounts and deactivating or reactivating them together', () => {
  it('select all takes every account the filter matches, drawn or not; a new filter keeps only those it still lists', () => {
    const t = start();
    t.actor.send({ type: 'SELECT_ALL', ids: many });
    expect(t.context().selected).toHaveLength(2000);
    t.actor.send({ type: 'KEEP_ONLY', ids: many.slice(0, 30) });
    expect(t.context().selected).toEqual(many.slice(0, 30));
    t.actor.send({ type: 'SELECT', ids: ['u1', 'u1', 'u2'] });
    expect(t.context().selected).toEqual(['u1', 'u2']);
    t.actor.send({ type: 'CLEAR' });
    expect(t.context().selected).toEqual([]);
  });

  it('nothing chosen: CHOOSE does not open the confirm step', () => {
    const t = start();
    t.actor.send({ type: 'CHOOSE', active: false });
    expect(t.state()).toBe('idle');
  });

  it('confirm -> saving -> done: one request for all chosen, the server\'s figure kept, the selection cleared and the list reloaded', async () => {
    const t = start(async () => ({ changed: 2 }));
    t.actor.send({ type: 'SELECT_ALL', ids: ['u1', 'u2', 'u3'] });
    t.actor.send({ type: 'CHOOSE', active: false });
    expect(t.state()).toBe('confirming');
    expect(t.sent).not.toHaveBeenCalled();
    t.actor.send({ type: 'CONFIRM' });
    expect(t.state()).toBe('saving');
    await waitFor(t.actor, (s) => s.matches('done'));
    expect(t.sent.mock.calls).toEqual([[{ ids: ['u1', 'u2', 'u3'], active: false }]]);
    expect(t.context()).toMatchObject({ selected: [], active: false, result: { count: 3, changed: 2 }, error: null });
    expect(resultText(false, t.context().result!)).toBe('2 accounts deactivated and signed out; 1 was deactivated already');
    expect(t.reload).toHaveBeenCalledTimes(1);
    t.actor.send({ type: 'CLOSE' });
    expect(t.state()).toBe('idle');
    expect(t.context()).toMatchObject({ active: null, result: null });
  });

  it('a refusal (409 naming whose) is failed with the server\'s message; the selection is kept, follows the reloaded list, and can be tried again', async () => {
    let refuse = true;
    const t = start(async (r) => {
      if (refuse) throw new ApiError('Nothing was changed: New One: An invitation is withdrawn, not deactivated', 409, { code: 'CONFLICT' });
      return { changed: r.ids.length };
    });
    t.actor.send({ type: 'SELECT', ids: ['u1', 'gone'] });
    t.actor.send({ type: 'CHOOSE', active: false });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('failed'));
    expect(t.context().error).toBe('Nothing was changed: New One: An invitation is withdrawn, not deactivated');
    expect(t.context().selected).toEqual(['u1', 'gone']);
    expect(t.context().result).toBeNull();
    expect(t.reload).toHaveBeenCalledTimes(1);
    // The reloaded list no longer has "gone": the selection follows it, even with the dialog open.
    t.actor.send({ type: 'KEEP_ONLY', ids: ['u1', 'u2'] });
    expect(t.context().selected).toEqual(['u1']);
    refuse = false;
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('done'));
    expect(t.sent.mock.calls[1]).toEqual([{ ids: ['u1'], active: false }]);
    expect(t.context().result).toEqual({ count: 1, changed: 1 });
  });

  it('failed -CLOSE-> idle keeps the selection; confirming -CANCEL-> idle keeps it too; reactivate sends active: true', async () => {
    const t = start(async () => {
      throw new ApiError('Nothing was changed: 1 account was not found (first: x)', 404, { code: 'NOT_FOUND' });
    });
    t.actor.send({ type: 'SELECT', ids: ['x', 'u2'] });
    t.actor.send({ type: 'CHOOSE', active: true });
    t.actor.send({ type: 'CANCEL' });
    expect(t.state()).toBe('idle');
    expect(t.context()).toMatchObject({ selected: ['x', 'u2'], active: null });
    t.actor.send({ type: 'CHOOSE', active: true });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('failed'));
    expect(t.sent.mock.calls).toEqual([[{ ids: ['x', 'u2'], active: true }]]);
    t.actor.send({ type: 'CLOSE' });
    expect(t.state()).toBe('idle');
    expect(t.context()).toMatchObject({ selected: ['x', 'u2'], error: null, active: null });
  });
});

describe('the words of a bulk change', () => {
  it('the confirm names how many, and how many are so already', () => {
    expect(confirmWords(false, 3, 0)).toEqual({
      title: 'Deactivate 3 accounts?',
      body: 'They are signed out at once and can no longer sign in; their history stays.',
      confirm: 'Deactivate 3 accounts',
    });
    expect(confirmWords(false, 3, 1).body).toBe('They are signed out at once and can no longer sign in; their history stays. 1 of them is deactivated already and stays so.');
    expect(confirmWords(true, 1, 0)).toEqual({ title: 'Reactivate 1 account?', body: 'They can sign in again with their passwords.', confirm: 'Reactivate 1 account' });
    expect(confirmWords(true, 4, 2).body).toBe('They can sign in again with their passwords. 2 of them are active already and stay so.');
    expect(confirmWords(true, 2, 2).body).toBe('They can sign in again with their passwords. All of them are active already and stay so.');
  });

  it('the result says what the server changed', () => {
    expect(resultText(false, { count: 2, changed: 2 })).toBe('2 accounts deactivated and signed out');
    expect(resultText(true, { count: 1, changed: 1 })).toBe('1 account can sign in again');
    expect(resultText(true, { count: 5, changed: 3 })).toBe('3 accounts can sign in again; 2 were active already');
    expect(resultText(false, { count: 2, changed: 0 })).toBe('Nothing to change: all 2 accounts were deactivated already');
    expect(resultText(true, { count: 1, changed: 0 })).toBe('Nothing to change: the account was active already');
  });

  it('one\'s own account and invitations cannot be chosen, and say why', () => {
    expect(whyNotChosen({ _id: 'me', status: 'active' }, 'me')).toBe('Your own account: you cannot deactivate yourself. Another admin can.');
    expect(whyNotChosen({ _id: 'i', status: 'invited' }, 'me')).toBe('An invitation is withdrawn, not deactivated: use its Actions menu.');
    expect(whyNotChosen({ _id: 'a', status: 'active' }, 'me')).toBeNull();
    expect(whyNotChosen({ _id: 'd', status: 'deactivated' }, 'me')).toBeNull();
  });
});
