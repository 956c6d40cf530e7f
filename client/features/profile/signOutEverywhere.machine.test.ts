import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../lib/api.ts';
import { signOutEverywhereMachine } from './signOutEverywhere.machine.ts';

function start(endAll: () => Promise<null>) {
  const ended = vi.fn();
  const call = vi.fn(endAll);
  const actor = createActor(signOutEverywhereMachine.provide({ actors: { endAll: fromPromise(() => call()) }, actions: { ended } })).start();
  return { actor, ended, call };
}

describe('sign out everywhere machine', () => {
  it('asks first, then ends every session and tells the screen to sign out here', async () => {
    const t = start(async () => null);
    t.actor.send({ type: 'ASK' });
    expect(t.actor.getSnapshot().value).toBe('confirming');
    t.actor.send({ type: 'CONFIRM' });
    expect(t.actor.getSnapshot().value).toBe('ending');
    await waitFor(t.actor, (s) => s.status === 'done');
    expect(t.call).toHaveBeenCalledOnce();
    expect(t.ended).toHaveBeenCalledOnce();
  });

  it('does nothing when cancelled', () => {
    const t = start(async () => null);
    t.actor.send({ type: 'ASK' });
    t.actor.send({ type: 'CANCEL' });
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.call).not.toHaveBeenCalled();
  });

  it('stays signed in and says why when the server could not end the sessions', async () => {
    const t = start(async () => Promise.reject(new ApiError('Network Error', 0)));
    t.actor.send({ type: 'ASK' });
    t.actor.send({ type: 'CONFIRM' });
    await waitFor(t.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(t.actor.getSnapshot().context.error).toBe('Network Error');
    expect(t.ended).not.toHaveBeenCalled();
  });
});
