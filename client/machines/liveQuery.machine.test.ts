import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LIVE_QUERY_DEBOUNCE_MS, liveQueryMachine } from './liveQuery.machine.ts';

type Pending = { params: unknown; resolve: (value: unknown) => void; reject: (error: Error) => void };

function start() {
  const pending: Pending[] = [];
  const machine = liveQueryMachine.provide({
    actors: {
      fetch: fromPromise(({ input }) => new Promise((resolve, reject) => pending.push({ params: input.params, resolve, reject }))),
    },
  });
  const actor = createActor(machine).start();
  return { actor, pending };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('liveQuery machine', () => {
  it('asks once per new set of parameters and keeps the answer', async () => {
    const { actor, pending } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SET_PARAMS', params: { from: '2026-03-02', to: '2026-03-29' } });
    actor.send({ type: 'SET_PARAMS', params: { from: '2026-03-02', to: '2026-03-29' } });
    expect(pending).toHaveLength(1);
    pending[0]!.resolve({ rows: 3 });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.data).toEqual({ rows: 3 });
  });

  it('drops the answer for parameters no longer asked', async () => {
    const { actor, pending } = start();
    actor.send({ type: 'SET_PARAMS', params: { weeks: 4 } });
    actor.send({ type: 'SET_PARAMS', params: { weeks: 12 } });
    expect(pending.map((p) => p.params)).toEqual([{ weeks: 4 }, { weeks: 12 }]);
    pending[0]!.resolve('four');
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    pending[1]!.resolve('twelve');
    await flush();
    expect(actor.getSnapshot().context.data).toBe('twelve');
  });

  it('a burst of live changes costs one request after a pause, and the old answer stays shown meanwhile', async () => {
    const { actor, pending } = start();
    actor.send({ type: 'SET_PARAMS', params: { a: 1 } });
    pending[0]!.resolve('first');
    await flush();
    for (let i = 0; i < 5; i += 1) actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.data).toBe('first');
    await vi.advanceTimersByTimeAsync(LIVE_QUERY_DEBOUNCE_MS);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('second');
    await flush();
    expect(actor.getSnapshot().context.data).toBe('second');
  });

  it('a change during a load asks again once that load lands', async () => {
    const { actor, pending } = start();
    actor.send({ type: 'SET_PARAMS', params: { a: 1 } });
    actor.send({ type: 'REFRESH' });
    pending[0]!.resolve('maybe stale');
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(LIVE_QUERY_DEBOUNCE_MS);
    expect(pending).toHaveLength(2);
  });

  it('says why it failed, and RETRY asks again; no parameters goes back to idle', async () => {
    const { actor, pending } = start();
    actor.send({ type: 'SET_PARAMS', params: { a: 1 } });
    pending[0]!.reject(new Error('Network Error'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    actor.send({ type: 'RETRY' });
    expect(pending).toHaveLength(2);
    actor.send({ type: 'SET_PARAMS', params: null });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.data).toBeNull();
  });

  it('RELOAD asks again at once (switching to or from a past moment)', async () => {
    const { actor, pending } = start();
    actor.send({ type: 'SET_PARAMS', params: { a: 1 } });
    pending[0]!.resolve('live');
    await flush();
    actor.send({ type: 'RELOAD' });
    expect(pending).toHaveLength(2);
  });

  it('asking nothing while nothing is asked keeps the very same snapshot (no second render of the screen)', () => {
    const { actor, pending } = start();
    const before = actor.getSnapshot();
    actor.send({ type: 'SET_PARAMS', params: null });
    expect(actor.getSnapshot()).toBe(before);
    expect(pending).toHaveLength(0);
  });
});
