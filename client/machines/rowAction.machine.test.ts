import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../lib/api.ts';
import type { Values } from '../lib/conflict.ts';
import type { Latest } from './formConflict.ts';
import { type RowAction, rowActionMachine } from './rowAction.machine.ts';

const endToday: RowAction = {
  kind: 'endToday', id: 'a1', version: 3, label: 'End this assignment today',
  before: { role: 'Dev', endDate: '2026-06-01T00:00:00.000Z' }, changes: { endDate: '2026-02-01T00:00:00.000Z' },
};
const conflict = () => new ApiError('This assignment was changed by someone else. Reload to see the latest version.', 409, { code: 'VERSION_CONFLICT', currentVersion: 4 });

function start(run: (action: RowAction) => Promise<unknown>, latest: () => Promise<Latest<Values> | null> = async () => null) {
  const done = vi.fn();
  const failed = vi.fn();
  const conflicted = vi.fn();
  const runMock = vi.fn(run);
  const actor = createActor(
    rowActionMachine.provide({
      actors: { run: fromPromise(async ({ input }) => runMock(input)), loadLatest: fromPromise(async () => latest()) },
      actions: { done: (_, p) => done(p), failed: (_, p) => failed(p), conflicted },
    }),
  ).start();
  return { actor, done, failed, conflicted, run: runMock, snapshot: () => actor.getSnapshot() };
}

describe('row action machine', () => {
  it('runs the change and reports it done', async () => {
    const t = start(async () => ({ ok: 1 }));
    expect(t.snapshot().value).toBe('idle');
    t.actor.send({ type: 'RUN', action: endToday });
    expect(t.snapshot().value).toBe('running');
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.run).toHaveBeenCalledWith(endToday);
    expect(t.done).toHaveBeenCalledWith({ action: endToday, result: { ok: 1 } });
    expect(t.snapshot().context.action).toBeNull();
  });

  it('reports a refusal with the server\'s message', async () => {
    const t = start(async () => Promise.reject(new ApiError('End date must be after start date', 400)));
    t.actor.send({ type: 'RUN', action: endToday });
    await waitFor(t.actor, (s) => s.matches('idle') && t.failed.mock.calls.length > 0);
    expect(t.failed).toHaveBeenCalledWith({ action: endToday, message: 'End date must be after start date' });
  });

  it('on a conflict shows the latest, and RETRY runs the same change against it', async () => {
    let calls = 0;
    const t = start(
      async () => (calls++ === 0 ? Promise.reject(conflict()) : { ok: 1 }),
      async () => ({ values: { role: 'Lead', endDate: '2026-07-01T00:00:00.000Z' }, version: 4 }),
    );
    t.actor.send({ type: 'RUN', action: endToday });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(t.conflicted).toHaveBeenCalledTimes(1);
    expect(t.snapshot().context.conflict).toMatchObject({ latestVersion: 4, latest: { role: 'Lead' }, message: 'This assignment was changed by someone else. Reload to see the latest version.' });
    t.actor.send({ type: 'RETRY' });
    expect(t.snapshot().value).toBe('running');
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.run).toHaveBeenLastCalledWith({ ...endToday, version: 4, before: { role: 'Lead', endDate: '2026-07-01T00:00:00.000Z' } });
    expect(t.done).toHaveBeenCalledTimes(1);
  });

  it('CLOSE leaves the conflict without running it; a removed thing cannot be retried', async () => {
    const t = start(async () => Promise.reject(conflict()), async () => null);
    t.actor.send({ type: 'RUN', action: endToday });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(t.snapshot().context.conflict?.removed).toBe(true);
    t.actor.send({ type: 'RETRY' });
    expect(t.snapshot().matches({ conflict: 'showing' })).toBe(true);
    t.actor.send({ type: 'CLOSE' });
    expect(t.snapshot().value).toBe('idle');
    expect(t.run).toHaveBeenCalledTimes(1);
  });

  it('retries loading the latest after a failure', async () => {
    let fail = true;
    const t = start(async () => Promise.reject(conflict()), async () => (fail ? Promise.reject(new ApiError('Network Error', 0)) : { values: {}, version: 5 }));
    t.actor.send({ type: 'RUN', action: endToday });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(t.snapshot().context.conflict?.loadError).toBe('Network Error');
    fail = false;
    t.actor.send({ type: 'RETRY_LOAD' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }) && s.context.conflict?.latestVersion === 5);
  });

  it('ignores RUN while one is running', async () => {
    let release: () => void = () => {};
    const t = start(() => new Promise((r) => (release = () => r(1))));
    t.actor.send({ type: 'RUN', action: endToday });
    t.actor.send({ type: 'RUN', action: { ...endToday, id: 'a2' } });
    release();
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.run).toHaveBeenCalledTimes(1);
  });
});
