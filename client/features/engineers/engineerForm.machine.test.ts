import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Engineer } from '../../../domain/entities.ts';
import { ApiError } from '../../lib/api.ts';
import type { SaveInput } from '../../machines/editForm.machine.ts';
import type { Latest } from '../../machines/formConflict.ts';
import { emptyEngineer, type EngineerValues, engineerFormMachine, engineerValuesOf, validateEngineer } from './engineerForm.machine.ts';

const engineer: Engineer = { _id: 'e1', name: 'Ana Lopez', email: 'ana@x.test', department: 'Platform', skills: ['Go'], seniority: 'mid', maxCapacity: 100, version: 2 };

function start(save: (input: SaveInput) => Promise<unknown>) {
  const saves: SaveInput[] = [];
  const actor = createActor(
    engineerFormMachine.provide({
      actors: { save: fromPromise(async ({ input }) => (saves.push(input), save(input))), loadLatest: fromPromise<Latest<EngineerValues> | null, { id: string }>(async () => null) },
    }),
  ).start();
  return { actor, saves };
}

describe('engineer form machine', () => {
  it('a new engineer needs name, a valid email, seniority and capacity 1-100, and no password (an admin invites them)', () => {
    expect(validateEngineer({ ...emptyEngineer(), email: 'nope', maxCapacity: 0, seniority: '' }, 'create')).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'A valid email is required',
        seniority: 'Seniority must be junior, mid or senior',
        maxCapacity: 'Max capacity must be between 1 and 100',
      },
    });
  });

  it('a name or department over 100 characters is said to be too long, with the limit, in both modes', () => {
    const long = { ...engineerValuesOf(engineer), name: 'N'.repeat(300), department: 'D'.repeat(101) };
    const errors = { name: 'Name must be at most 100 characters', department: 'Department must be at most 100 characters' };
    expect(validateEngineer(long, 'create')).toEqual({ ok: false, errors });
    expect(validateEngineer(long, 'edit')).toEqual({ ok: false, errors });
  });

  it('registers with the parsed fields; an empty department becomes the default', async () => {
    const t = start(async () => engineer);
    t.actor.send({ type: 'OPEN_CREATE' });
    for (const [field, value] of Object.entries({ name: 'Ana Lopez', email: 'Ana@X.test', skills: ['Go'] })) {
      t.actor.send({ type: 'CHANGE', field: field as 'name', value });
    }
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.saves[0]).toEqual({
      mode: 'create', id: null, version: null,
      payload: { name: 'Ana Lopez', email: 'ana@x.test', department: 'Engineering', seniority: 'mid', maxCapacity: 100, skills: ['Go'] },
    });
  });

  it('an edit never sends the email or a password, only what changed, with the version', async () => {
    expect(validateEngineer({ ...engineerValuesOf(engineer), maxCapacity: null }, 'edit')).toEqual({ ok: false, errors: { maxCapacity: 'Max capacity must be between 1 and 100' } });
    const t = start(async () => engineer);
    t.actor.send({ type: 'OPEN_EDIT', id: 'e1', version: 2, values: engineerValuesOf(engineer) });
    t.actor.send({ type: 'CHANGE', field: 'maxCapacity', value: 80 });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.saves[0]).toEqual({ mode: 'edit', id: 'e1', version: 2, payload: { maxCapacity: 80 } });
  });

  it('a taken email shows under the email field', async () => {
    const t = start(async () => {
      throw new ApiError('An account with this email already exists', 409, { code: 'CONFLICT' });
    });
    t.actor.send({ type: 'OPEN_CREATE', values: { name: 'Ana', email: 'ana@x.test' } });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('editing') && s.context.submitError !== null);
    expect(t.actor.getSnapshot().context.errors).toEqual({ email: 'An account with this email already exists' });
  });
});
