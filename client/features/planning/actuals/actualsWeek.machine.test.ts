import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ActualsWeekAnswer } from '../../../../domain/actuals/contracts.ts';
import { actualsWeekMachine, type SaveInput } from './actualsWeek.machine.ts';

const answer = (overrides: Partial<ActualsWeekAnswer> = {}): ActualsWeekAnswer => ({
  engineerId: 'sam', week: '2026-W47', entries: [], note: null, recorded: false, locked: false,
  planned: [{ projectId: 'portal', hours: 30 }, { projectId: 'billing', hours: 10 }], version: 4, ...overrides,
});

function start(loaded: ActualsWeekAnswer, manager = false) {
  const saved: SaveInput[] = [];
  const machine = actualsWeekMachine.provide({
    actors: {
      load: fromPromise(async () => loaded),
      save: fromPromise(async ({ input }: { input: SaveInput }) => {
        saved.push(input);
        return answer({ entries: input.entries, recorded: true, version: input.version + 1 });
      }),
    },
  });
  const actor = createActor(machine, { input: { engineerId: 'sam', week: '2026-W47', manager } }).start();
  return { actor, saved };
}

describe('actualsWeek machine', () => {
  it('prefills last week from the plan and confirms it "as planned" in one event', async () => {
    const { actor, saved } = start(answer());
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.lines).toEqual([{ projectId: 'portal', hours: 30, planned: 30 }, { projectId: 'billing', hours: 10, planned: 10 }]);
    actor.send({ type: 'AS_PLANNED' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.answer!.recorded);
    expect(saved[0]).toMatchObject({ entries: [{ projectId: 'portal', hours: 30 }, { projectId: 'billing', hours: 10 }], version: 4 });
  });

  it('changes hours, adds unplanned work with a note, and saves on SAVE', async () => {
    const { actor, saved } = start(answer());
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'HOURS', projectId: 'portal', hours: 26 });
    actor.send({ type: 'ADD', projectId: 'support' });
    actor.send({ type: 'HOURS', projectId: 'support', hours: 4 });
    actor.send({ type: 'NOTE', note: 'Incident on Thursday' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, () => saved.length === 1);
    expect(saved[0]).toMatchObject({ entries: [{ projectId: 'portal', hours: 26 }, { projectId: 'billing', hours: 10 }, { projectId: 'support', hours: 4 }], note: 'Incident on Thursday' });
  });

  it('a locked week does not save for its engineer; a manager saves it only with a reason', async () => {
    const engineer = start(answer({ locked: true }));
    await waitFor(engineer.actor, (s) => s.matches('editing'));
    engineer.actor.send({ type: 'SAVE' });
    expect(engineer.actor.getSnapshot().matches('editing')).toBe(true);
    expect(engineer.saved).toEqual([]);
    const manager = start(answer({ locked: true }), true);
    await waitFor(manager.actor, (s) => s.matches('editing'));
    manager.actor.send({ type: 'SAVE' });
    expect(manager.saved).toEqual([]);
    manager.actor.send({ type: 'REASON', reason: 'Late correction' });
    manager.actor.send({ type: 'SAVE' });
    await waitFor(manager.actor, () => manager.saved.length === 1);
    expect(manager.saved[0]!.reason).toBe('Late correction');
  });
});
