import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../lib/api.ts';
import { nameProblem, newScenarioMachine } from './newScenario.machine.ts';

function start(create: (input: { name: string; shared: boolean }) => Promise<{ _id: string }> = async () => ({ _id: 's1' })) {
  const created = vi.fn();
  const spy = vi.fn(create);
  const actor = createActor(
    newScenarioMachine.provide({ actors: { create: fromPromise(({ input }) => spy(input)) }, actions: { created: (_, params) => created(params) } }),
  ).start();
  return { actor, created, create: spy };
}

describe('new scenario machine', () => {
  it('says the name is required before sending anything, and follows the typing afterwards', () => {
    const { actor, create } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SET_NAME', name: '   ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.nameError).toBe('Scenario name is required');
    actor.send({ type: 'SET_NAME', name: 'Win' });
    expect(actor.getSnapshot().context.nameError).toBeNull();
    expect(create).not.toHaveBeenCalled();
    expect(nameProblem({ name: 'x'.repeat(101), shared: false })).toBe('Scenario name must be at most 100 characters');
  });

  it('creates with the trimmed name and the shared switch, then closes and opens the new scenario', async () => {
    const { actor, created, create } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SET_NAME', name: '  Win the pipeline ' });
    actor.send({ type: 'SET_SHARED', shared: true });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(create).toHaveBeenCalledWith({ name: 'Win the pipeline', shared: true });
    expect(created).toHaveBeenCalledWith({ id: 's1' });
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().context.form).toEqual({ name: '', shared: false });
  });

  it('shows the server refusal on the name when it names the field, otherwise above the form', async () => {
    const byField = start(async () => {
      throw new ApiError('Validation failed', 400, { code: 'VALIDATION_FAILED', issues: [{ path: 'name', message: 'Scenario name is required' }] });
    });
    byField.actor.send({ type: 'OPEN' });
    byField.actor.send({ type: 'SET_NAME', name: 'x' });
    byField.actor.send({ type: 'SUBMIT' });
    await waitFor(byField.actor, (s) => s.matches('editing') && s.context.nameError !== null);
    expect(byField.actor.getSnapshot().context).toMatchObject({ nameError: 'Scenario name is required', submitError: null });

    const other = start(async () => {
      throw new ApiError('Only managers draft scenarios', 403, { code: 'FORBIDDEN' });
    });
    other.actor.send({ type: 'OPEN' });
    other.actor.send({ type: 'SET_NAME', name: 'x' });
    other.actor.send({ type: 'SUBMIT' });
    await waitFor(other.actor, (s) => s.matches('editing') && s.context.submitError !== null);
    expect(other.actor.getSnapshot().context.submitError).toBe('Only managers draft scenarios');
  });
});
