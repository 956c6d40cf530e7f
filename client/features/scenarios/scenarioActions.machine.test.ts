import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../lib/api.ts';
import { type ScenarioAction, scenarioActionsMachine } from './scenarioActions.machine.ts';
import type { Rebased } from './scenariosApi.ts';

const conflict = { changeId: 'c2', streamId: 'assignment-a1', drafted: 1, current: 2, theirs: ['Chris moved Ada from 60% to 70%'], ours: ['Dana changed Ada'] };
const refusal = () => new ApiError('1 drafted change conflicts with the live plan: rebase the scenario, then publish again', 409, { code: 'SCENARIO_CONFLICT', conflicts: [conflict] });

function start(options: { run?: (a: ScenarioAction) => Promise<unknown>; publish?: () => Promise<unknown>; rebase?: () => Promise<Rebased> } = {}) {
  const changed = vi.fn();
  const notify = vi.fn();
  const published = vi.fn();
  const run = vi.fn(options.run ?? (async () => ({})));
  const publish = vi.fn(options.publish ?? (async () => ({})));
  const rebase = vi.fn(options.rebase ?? (async () => ({ dropped: [] }) as unknown as Rebased));
  const actor = createActor(
    scenarioActionsMachine.provide({
      actors: { run: fromPromise(({ input }) => run(input)), publish: fromPromise<unknown, void>(() => publish()), rebase: fromPromise<Rebased, void>(() => rebase()) },
      actions: { changed: () => changed(), published: () => published(), notify: (_, params) => notify(params.text) },
    }),
  ).start();
  return { actor, changed, notify, published, run, publish, rebase };
}

describe('scenario actions machine', () => {
  it('undoes a change and has the screen fetch the scenario again', async () => {
    const { actor, run, changed } = start();
    actor.send({ type: 'RUN', action: { kind: 'undo', changeId: 'c1' } });
    expect(actor.getSnapshot().value).toBe('running');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(run).toHaveBeenCalledWith({ kind: 'undo', changeId: 'c1' });
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('keeps a refusal\'s message until dismissed', async () => {
    const { actor } = start({ run: async () => { throw new ApiError('Only the manager who made this scenario can change it', 403); } });
    actor.send({ type: 'RUN', action: { kind: 'share', shared: true } });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Only the manager who made this scenario can change it');
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('publishes only after a confirmation, and is then published for good (the screen lets go of its lens)', async () => {
    const { actor, publish, notify, published } = start();
    actor.send({ type: 'PUBLISH' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(publish).not.toHaveBeenCalled();
    actor.send({ type: 'PUBLISH' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('published'));
    expect(notify).toHaveBeenCalledWith('Scenario published: its changes are live');
    expect(published).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('shows the conflicts of a refused publish; Rebase and review rebases, then publishing again succeeds', async () => {
    let attempts = 0;
    const { actor, rebase, notify } = start({
      publish: async () => {
        attempts += 1;
        if (attempts === 1) throw refusal();
        return {};
      },
      rebase: async () => ({ dropped: [{ changeId: 'c3', message: 'Assignment not found' }] }) as unknown as Rebased,
    });
    actor.send({ type: 'PUBLISH' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().context.conflicts).toEqual([conflict]);
    expect(actor.getSnapshot().context.error).toMatch(/^1 drafted change conflicts/);
    actor.send({ type: 'REBASE' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(rebase).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ conflicts: [], rebased: { dropped: [{ changeId: 'c3', message: 'Assignment not found' }] } });
    expect(notify).toHaveBeenCalledWith('Rebased on the live plan: review the changes, then publish again');
    actor.send({ type: 'PUBLISH' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('published'));
  });

  it('any other refused publish goes back to idle with its message', async () => {
    const { actor, published } = start({ publish: async () => { throw new ApiError('Cannot assign engineers to a completed project', 400); } });
    actor.send({ type: 'PUBLISH' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Cannot assign engineers to a completed project');
    expect(published).not.toHaveBeenCalled();
  });
});
