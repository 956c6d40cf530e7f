import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../lib/api.ts';
import {
  emptyPlaceholder, emptyTimeOff, holidayFormMachine, type PlaceholderValues, placeholderFormMachine, timeOffFormMachine,
  validateHoliday, validatePlaceholder, validateTimeOff,
} from './capacityFactForms.machine.ts';
import type { SaveInput } from './editForm.machine.ts';
import type { Latest } from './formConflict.ts';
import { REAPPLIED_NOTICE } from './formConflict.ts';

const conflict = () => new ApiError('This project was changed by someone else. Reload to see the latest version.', 409, { code: 'VERSION_CONFLICT' });

describe('time off form', () => {
  it('needs both days in order and a kind, with the domain\'s messages', () => {
    expect(validateTimeOff(emptyTimeOff())).toEqual({
      ok: false, errors: { from: 'Choose the first day', to: 'Choose the last day' },
    });
    expect(validateTimeOff({ ...emptyTimeOff(), from: '2026-03-10', to: '2026-03-09' })).toEqual({ ok: false, errors: { to: 'To must be on or after from' } });
    expect(validateTimeOff({ ...emptyTimeOff(), from: '2026-03-10' })).toEqual({ ok: false, errors: { to: 'Choose the last day' } });
    expect(validateTimeOff({ ...emptyTimeOff(), to: '2026-03-10' })).toEqual({ ok: false, errors: { from: 'Choose the first day' } });
  });

  it('books for the engineer it was opened for; an empty note is left out; an overlap keeps the form with the server\'s words', async () => {
    const saves: SaveInput[] = [];
    let refuse = true;
    const actor = createActor(
      timeOffFormMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            saves.push(input);
            if (refuse) throw new ApiError('This engineer already has time off from 2026-03-09 to 2026-03-13', 409, { code: 'CONFLICT' });
            return {};
          }),
        },
      }),
    ).start();
    actor.send({ type: 'OPEN_CREATE', values: { engineerId: 'e7' } });
    actor.send({ type: 'CHANGE', field: 'from', value: '2026-03-09' });
    actor.send({ type: 'CHANGE', field: 'to', value: '2026-03-13' });
    actor.send({ type: 'CHANGE', field: 'kind', value: 'sick' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.submitError).toBe('This engineer already has time off from 2026-03-09 to 2026-03-13');
    expect(saves[0]).toMatchObject({ mode: 'create', payload: { engineerId: 'e7', from: '2026-03-09', to: '2026-03-13', kind: 'sick' } });
    expect(saves[0]!.payload.note).toBeUndefined();
    refuse = false;
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
  });
});

describe('holiday form', () => {
  it('needs a date and a name', () => {
    expect(validateHoliday({ date: '', name: ' ' })).toEqual({
      ok: false, errors: { date: 'Choose the day', name: 'Holiday name is required' },
    });
    expect(validateHoliday({ date: '2026-12-24', name: ' Christmas Eve ' })).toEqual({ ok: true, payload: { date: '2026-12-24', name: 'Christmas Eve', calendarId: 'default' } });
    expect(holidayFormMachine.id).toBe('holidayForm');
  });
});

describe('placeholder form', () => {
  const values: PlaceholderValues = {
    projectId: 'p1', role: 'SRE', skills: ['Go'], allocationPercentage: 50, startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-05-01T00:00:00.000Z',
  };

  it('has the assignment\'s rules: role, allocation 1-100, end on or after start', () => {
    expect(validatePlaceholder({ ...emptyPlaceholder(), allocationPercentage: 0, startDate: values.endDate, endDate: values.startDate }, 'create')).toEqual({
      ok: false, errors: { role: 'Role is required', allocationPercentage: 'Allocation must be between 1 and 100', endDate: 'End date cannot be before start date' },
    });
    expect(validatePlaceholder({ ...values, endDate: values.startDate }, 'create')).toMatchObject({ ok: true });
    expect(validatePlaceholder({ ...values, allocationPercentage: null }, 'edit')).toMatchObject({ ok: false, errors: { allocationPercentage: 'Allocation must be between 1 and 100' } });
  });

  it('an edit sends only what changed, against the project\'s version; a 409 offers the user\'s change on the latest', async () => {
    const saves: SaveInput[] = [];
    let refuse = true;
    const latest: Latest<PlaceholderValues> = { values: { ...values, role: 'Site Reliability Engineer' }, version: 6 };
    const actor = createActor(
      placeholderFormMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            saves.push(input);
            if (refuse) throw conflict();
            return {};
          }),
          loadLatest: fromPromise<Latest<PlaceholderValues> | null, { id: string }>(async () => latest),
        },
      }),
    ).start();
    actor.send({ type: 'OPEN_EDIT', id: 'ph1', version: 5, values });
    actor.send({ type: 'CHANGE', field: 'allocationPercentage', value: 80 });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches({ conflict: 'showing' }));
    expect(saves[0]).toEqual({ mode: 'edit', id: 'ph1', version: 5, payload: { allocationPercentage: 80 } });
    actor.send({ type: 'REAPPLY' });
    expect(actor.getSnapshot().context).toMatchObject({ version: 6, notice: REAPPLIED_NOTICE, form: { role: 'Site Reliability Engineer', allocationPercentage: 80 } });
    refuse = false;
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(saves[1]).toEqual({ mode: 'edit', id: 'ph1', version: 6, payload: { allocationPercentage: 80 } });
  });
});
