import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../lib/api.ts';
import { draftCommandOf, emptyDraft } from './draftCommand.ts';
import { draftFormMachine, type DraftSubmission } from './draftForm.machine.ts';

const current = { role: 'Tech Lead', allocationPercentage: 60, startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z' };

function start(draft: (submission: DraftSubmission) => Promise<unknown> = async () => ({})) {
  let n = 0;
  const drafted = vi.fn();
  const spy = vi.fn(draft);
  const actor = createActor(
    draftFormMachine.provide({ actors: { draft: fromPromise(({ input }) => spy(input)) }, actions: { drafted: () => drafted() } }),
    { input: { newId: () => `id-${++n}` } },
  ).start();
  return { actor, drafted, draft: spy };
}

describe('drafted commands from the forms', () => {
  it('confirms or marks a project tentative', () => {
    expect(draftCommandOf('project', { ...emptyDraft, projectId: 'p1' }, null, 'x')).toEqual({ ok: true, command: { kind: 'confirmProject', projectId: 'p1' } });
    expect(draftCommandOf('project', { ...emptyDraft, projectId: 'p1', projectAction: 'markTentative' }, null, 'x')).toMatchObject({ ok: true, command: { kind: 'markTentative' } });
    expect(draftCommandOf('project', emptyDraft, null, 'x')).toEqual({ ok: false, errors: { projectId: 'Project is required' }, message: null });
  });

  it('changes only what the form changed, both dates together once either moved', () => {
    const moved = { ...emptyDraft, assignmentId: 'a1', ...current, endDate: '2026-07-01T00:00:00.000Z' };
    expect(draftCommandOf('changeAssignment', moved, current, 'x')).toEqual({
      ok: true,
      command: { kind: 'updateAssignment', assignmentId: 'a1', input: { startDate: current.startDate, endDate: '2026-07-01T00:00:00.000Z' } },
    });
    const allocation = { ...emptyDraft, assignmentId: 'a1', ...current, allocationPercentage: 40 };
    expect(draftCommandOf('changeAssignment', allocation, current, 'x')).toMatchObject({ ok: true, command: { input: { allocationPercentage: 40 } } });
    expect(draftCommandOf('changeAssignment', { ...emptyDraft, assignmentId: 'a1', ...current }, current, 'x')).toEqual({ ok: false, errors: {}, message: 'Change the dates or the allocation first' });
    expect(draftCommandOf('changeAssignment', { ...emptyDraft, assignmentId: 'a1', ...current, endDate: '2026-01-01T00:00:00.000Z' }, current, 'x'))
      .toMatchObject({ ok: false, errors: { endDate: 'End date cannot be before start date' } });
  });

  it('adds an assignment under the id chosen for it, with every field checked', () => {
    const values = { ...emptyDraft, engineerId: 'e1', projectId: 'p1', role: 'Dev', allocationPercentage: 50, startDate: current.startDate, endDate: current.endDate };
    expect(draftCommandOf('addAssignment', values, null, 'new-1')).toEqual({
      ok: true,
      command: { kind: 'createAssignment', assignmentId: 'new-1', input: { engineerId: 'e1', projectId: 'p1', role: 'Dev', allocationPercentage: 50, startDate: current.startDate, endDate: current.endDate } },
    });
    const check = draftCommandOf('addAssignment', emptyDraft, null, 'new-1');
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toMatchObject({
      engineerId: 'Engineer is required', projectId: 'Project is required', role: 'Role is required', allocationPercentage: 'Allocation must be between 1 and 100',
    });
  });
});

describe('draft form machine', () => {
  it('shows each field message on submit and drafts nothing', () => {
    const { actor, draft } = start();
    actor.send({ type: 'OPEN', kind: 'removeAssignment' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ assignmentId: 'Assignment is required' });
    actor.send({ type: 'PICK_ASSIGNMENT', assignmentId: 'a1', current });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(draft).not.toHaveBeenCalled();
  });

  it('drafts a change of the picked assignment with a fresh change id, then closes', async () => {
    const { actor, draft, drafted } = start();
    actor.send({ type: 'OPEN', kind: 'changeAssignment' });
    actor.send({ type: 'PICK_ASSIGNMENT', assignmentId: 'a1', current });
    expect(actor.getSnapshot().context.values).toMatchObject({ assignmentId: 'a1', allocationPercentage: 60 });
    actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 30 });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(draft).toHaveBeenCalledWith({ changeId: 'id-2', command: { kind: 'updateAssignment', assignmentId: 'a1', input: { allocationPercentage: 30 } } });
    expect(drafted).toHaveBeenCalledTimes(1);
  });

  it('keeps the form open with the live rule\'s message, on its field when the answer names one', async () => {
    const { actor } = start(async () => {
      throw new ApiError('This change would change nothing in the scenario', 400, { code: 'VALIDATION_FAILED', issues: [{ path: '', message: 'This change would change nothing in the scenario' }] });
    });
    actor.send({ type: 'OPEN', kind: 'project', values: { projectId: 'p1' } });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.submitError !== null);
    expect(actor.getSnapshot().context.submitError).toBe('This change would change nothing in the scenario');

    const onField = start(async () => {
      throw new ApiError('Validation failed', 400, { issues: [{ path: 'command.input.allocationPercentage', message: 'Allocation must be between 1 and 100' }] });
    });
    onField.actor.send({ type: 'OPEN', kind: 'changeAssignment' });
    onField.actor.send({ type: 'PICK_ASSIGNMENT', assignmentId: 'a1', current });
    onField.actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 20 });
    onField.actor.send({ type: 'SUBMIT' });
    await waitFor(onField.actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(onField.actor.getSnapshot().context).toMatchObject({ errors: { allocationPercentage: 'Allocation must be between 1 and 100' }, submitError: null });
  });

  it('cancels and opens the next form empty', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN', kind: 'addAssignment' });
    actor.send({ type: 'CHANGE', field: 'role', value: 'Dev' });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'OPEN', kind: 'addAssignment' });
    expect(actor.getSnapshot().context.values.role).toBe('');
  });
});

describe('a drafted change that overloads someone in the scenario', () => {
  it('asks first with the overload rule on the scenario (the command judged is the one drafted): Back drafts nothing, Save anyway drafts it', async () => {
    const spy = vi.fn(async (): Promise<unknown> => ({}));
    // Dana on top of a scenario that already has her at 80 %: 50 more on the one day Mar 02.
    const { emptyPlan } = await import('../../../domain/plan.ts');
    const { draftOverloads } = await import('../../lib/overloads.ts');
    const scenario = {
      ...emptyPlan(),
      engineers: [{ _id: 'e1', name: 'Dana Draft', maxCapacity: 100 }],
      assignments: [{ _id: 'a0', engineerId: { _id: 'e1', name: 'Dana Draft' }, projectId: { _id: 'p0', name: 'Other' }, allocationPercentage: 80, startDate: current.startDate, endDate: current.startDate }],
    } as unknown as Parameters<typeof draftOverloads>[0];
    const actor = createActor(draftFormMachine.provide({ actors: { draft: fromPromise(() => spy()) } }), {
      input: { newId: () => 'new-1', judge: (command) => draftOverloads(scenario, command, new Date(current.startDate), 'UTC') },
    }).start();
    actor.send({ type: 'OPEN', kind: 'addAssignment', values: { engineerId: 'e1', projectId: 'p1', role: 'Dev', allocationPercentage: 50, startDate: current.startDate, endDate: current.startDate } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.overloads).toEqual([{ engineerId: 'e1', name: 'Dana Draft', days: ['2026-03-02'], peak: 130 }]);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(spy).not.toHaveBeenCalled();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
