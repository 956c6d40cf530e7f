import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { defaultResolveForm, resolveBody, resolveOverloadsMachine, resolveProblem } from './resolveOverloads.machine.ts';
import type { ResolvedProposal as Resolved } from './resolveOverloads.ts';

const form = defaultResolveForm('2027-01-04', '2027-03-29');

describe('the Resolve overloads dialog', () => {
  it('sends what the form says: everyone unless people are chosen, shifts and lowering only when ticked', () => {
    expect(resolveBody(form)).toEqual({
      from: '2027-01-04', to: '2027-03-29', scope: 'all', allow: { shiftDays: 14, reassign: true, reassignConfirmed: true, reduce: null },
    });
    expect(resolveBody({ ...form, engineerIds: ['e1'], shift: false, reassign: false, reduce: true, floor: 30 })).toEqual({
      from: '2027-01-04', to: '2027-03-29', scope: { engineerIds: ['e1'] }, allow: { shiftDays: 0, reassign: false, reassignConfirmed: false, reduce: 30 },
    });
  });

  it('opens with the window and the people the screen asks for (none: everyone)', () => {
    const actor = createActor(resolveOverloadsMachine).start();
    actor.send({ type: 'OPEN', from: '2027-01-04', to: '2027-02-28', engineerIds: ['e1', 'e2'] });
    expect(actor.getSnapshot().context.form).toEqual({ ...defaultResolveForm('2027-01-04', '2027-02-28'), engineerIds: ['e1', 'e2'] });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'OPEN', from: '2027-01-04', to: '2027-03-29' });
    expect(resolveBody(actor.getSnapshot().context.form).scope).toBe('all');
  });

  it("says the server's message before sending when nothing may change", () => {
    expect(resolveProblem({ ...form, shift: false, reassign: false })).toBe('Allow at least one kind of change: shift dates, reassign or lower allocations');
    const actor = createActor(resolveOverloadsMachine).start();
    actor.send({ type: 'OPEN', from: '2027-01-04', to: '2027-03-29' });
    actor.send({ type: 'SET', patch: { shift: false, reassign: false } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('Allow at least one kind of change: shift dates, reassign or lower allocations');
  });

  it('solves, shows the result, then opens the proposal', async () => {
    const resolved = { _id: 's1', name: 'Resolve overloads', changes: [], left: [] } as unknown as Resolved;
    const opened: string[] = [];
    const actor = createActor(resolveOverloadsMachine.provide({
      actors: { resolve: fromPromise(async () => resolved) },
      actions: { opened: (_, { id }) => void opened.push(id) },
    })).start();
    actor.send({ type: 'OPEN', from: '2027-01-04', to: '2027-03-29' });
    actor.send({ type: 'SUBMIT' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('result');
    actor.send({ type: 'OPEN_PROPOSAL' });
    expect(opened).toEqual(['s1']);
    expect(actor.getSnapshot().value).toBe('closed');
  });
});
