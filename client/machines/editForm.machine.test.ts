import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../lib/api.ts';
import { createEditFormMachine, editPayload, type FormValidation, issueErrors, type SaveInput } from './editForm.machine.ts';
import { LATEST_NOTICE, type Latest, REAPPLIED_NOTICE } from './formConflict.ts';

type Form = { name: string; skills: string[]; capacity: number | null };

const validate = (form: Form): FormValidation => {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'Name is required';
  if (form.capacity === null || form.capacity < 1) errors.capacity = 'Max capacity must be between 1 and 100';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, payload: { ...form, name: form.name.trim() } };
};

const machine = createEditFormMachine<Form>({ id: 'testForm', empty: () => ({ name: '', skills: [], capacity: 100 }), validate });
const conflict = () => new ApiError('This engineer was changed by someone else. Reload to see the latest version.', 409, { code: 'VERSION_CONFLICT', currentVersion: 3 });
const saved: Form = { name: 'Ana', skills: ['Go'], capacity: 100 };

function start(save: (input: SaveInput) => Promise<unknown> = async () => ({ ok: true }), latest: () => Promise<Latest<Form> | null> = async () => null) {
  const onSaved = vi.fn();
  const conflicted = vi.fn();
  const saveMock = vi.fn(save);
  const actor = createActor(
    machine.provide({
      actors: { save: fromPromise(async ({ input }) => saveMock(input)), loadLatest: fromPromise(async () => latest()) },
      actions: { saved: (_, params) => onSaved(params), conflicted },
    }),
  ).start();
  return { actor, onSaved, conflicted, save: saveMock, snapshot: () => actor.getSnapshot() };
}

describe('edit form machine', () => {
  it('opens a new one with its starting values, validates on submit, then follows the input', () => {
    const t = start();
    t.actor.send({ type: 'OPEN_CREATE', values: { capacity: 50 } });
    expect(t.snapshot().value).toBe('editing');
    expect(t.snapshot().context).toMatchObject({ mode: 'create', form: { name: '', skills: [], capacity: 50 } });
    t.actor.send({ type: 'CHANGE', field: 'capacity', value: null });
    expect(t.snapshot().context.errors).toEqual({});
    t.actor.send({ type: 'SUBMIT' });
    expect(t.snapshot().value).toBe('editing');
    expect(t.snapshot().context.errors).toEqual({ name: 'Name is required', capacity: 'Max capacity must be between 1 and 100' });
    t.actor.send({ type: 'CHANGE', field: 'name', value: 'Ana' });
    expect(t.snapshot().context.errors).toEqual({ capacity: 'Max capacity must be between 1 and 100' });
    expect(t.save).not.toHaveBeenCalled();
  });

  it('creates with the whole parsed form, closes and reports it', async () => {
    const t = start(async () => ({ _id: 'e1' }));
    t.actor.send({ type: 'OPEN_CREATE' });
    t.actor.send({ type: 'CHANGE', field: 'name', value: ' Ana ' });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.snapshot().value).toBe('saving');
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenCalledWith({ mode: 'create', id: null, version: null, payload: { name: 'Ana', skills: [], capacity: 100 } });
    expect(t.onSaved).toHaveBeenCalledWith({ mode: 'create', result: { _id: 'e1' } });
  });

  it('edits send only the changed fields and the version; an unchanged form closes without a request', async () => {
    const t = start();
    t.actor.send({ type: 'OPEN_EDIT', id: 'e1', version: 2, values: saved });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.snapshot().value).toBe('closed');
    t.actor.send({ type: 'OPEN_EDIT', id: 'e1', version: 2, values: saved });
    t.actor.send({ type: 'CHANGE', field: 'skills', value: ['Go', 'Rust'] });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenCalledTimes(1);
    expect(t.save).toHaveBeenCalledWith({ mode: 'edit', id: 'e1', version: 2, payload: { skills: ['Go', 'Rust'] } });
  });

  it('a refused save goes back to the form with the message and field messages', async () => {
    const t = start(async () => {
      throw new ApiError('Name is required', 400, { code: 'VALIDATION_FAILED', issues: [{ path: 'name', message: 'Name is required' }] });
    });
    t.actor.send({ type: 'OPEN_EDIT', id: 'e1', version: 2, values: saved });
    t.actor.send({ type: 'CHANGE', field: 'name', value: 'Anna' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('editing'));
    expect(t.snapshot().context).toMatchObject({ submitError: 'Name is required', errors: { name: 'Name is required' }, form: { name: 'Anna' } });
  });

  it('a conflict keeps the form, loads the latest, and REAPPLY saves the user\'s changes against it', async () => {
    let calls = 0;
    const t = start(
      async () => (calls++ === 0 ? Promise.reject(conflict()) : { ok: true }),
      async () => ({ values: { ...saved, capacity: 50 }, version: 3 }),
    );
    t.actor.send({ type: 'OPEN_EDIT', id: 'e1', version: 2, values: saved });
    t.actor.send({ type: 'CHANGE', field: 'skills', value: ['Go', 'Rust'] });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'loading' }));
    expect(t.conflicted).toHaveBeenCalledTimes(1);
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(t.snapshot().context.conflict).toMatchObject({ latest: { capacity: 50 }, latestVersion: 3, message: 'This engineer was changed by someone else. Reload to see the latest version.' });
    expect(t.snapshot().context.form.skills).toEqual(['Go', 'Rust']);
    t.actor.send({ type: 'REAPPLY' });
    expect(t.snapshot().context).toMatchObject({ version: 3, form: { skills: ['Go', 'Rust'], capacity: 50 }, notice: REAPPLIED_NOTICE });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('closed'));
    expect(t.save).toHaveBeenLastCalledWith({ mode: 'edit', id: 'e1', version: 3, payload: { skills: ['Go', 'Rust'] } });
  });

  it('TAKE_LATEST replaces the form with the latest; CANCEL closes; removed offers neither', async () => {
    const t = start(async () => Promise.reject(conflict()), async () => ({ values: { ...saved, capacity: 50 }, version: 3 }));
    t.actor.send({ type: 'OPEN_EDIT', id: 'e1', version: 2, values: saved });
    t.actor.send({ type: 'CHANGE', field: 'name', value: 'Anna' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    t.actor.send({ type: 'TAKE_LATEST' });
    expect(t.snapshot().context).toMatchObject({ version: 3, form: { name: 'Ana', capacity: 50 }, notice: LATEST_NOTICE });

    const gone = start(async () => Promise.reject(conflict()), async () => null);
    gone.actor.send({ type: 'OPEN_EDIT', id: 'e1', version: 2, values: saved });
    gone.actor.send({ type: 'CHANGE', field: 'name', value: 'Anna' });
    gone.actor.send({ type: 'SUBMIT' });
    await waitFor(gone.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(gone.snapshot().context.conflict?.removed).toBe(true);
    gone.actor.send({ type: 'REAPPLY' });
    expect(gone.snapshot().matches({ conflict: 'showing' })).toBe(true);
    gone.actor.send({ type: 'CANCEL' });
    expect(gone.snapshot().value).toBe('closed');
  });

  it('retries loading the latest after a failure', async () => {
    let fail = true;
    const t = start(async () => Promise.reject(conflict()), async () => (fail ? Promise.reject(new Error('offline')) : { values: saved, version: 4 }));
    t.actor.send({ type: 'OPEN_EDIT', id: 'e1', version: 2, values: saved });
    t.actor.send({ type: 'CHANGE', field: 'name', value: 'Anna' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }));
    expect(t.snapshot().context.conflict?.loadError).toBe('offline');
    fail = false;
    t.actor.send({ type: 'RETRY_LOAD' });
    await waitFor(t.actor, (s) => s.matches({ conflict: 'showing' }) && s.context.conflict?.latestVersion === 4);
    expect(t.snapshot().context.conflict?.loadError).toBeNull();
  });

  it('helpers: issue messages by field, and an edit payload of changed fields', () => {
    expect(issueErrors(new ApiError('x', 400, { issues: [{ path: 'skills.0', message: 'bad' }, { path: 'skills.1', message: 'worse' }] }))).toEqual({ skills: 'bad' });
    expect(issueErrors(new Error('x'))).toEqual({});
    expect(editPayload(saved, { ...saved, name: ' Anna ' }, { ...saved, name: 'Anna' })).toEqual({ name: 'Anna' });
  });
});
