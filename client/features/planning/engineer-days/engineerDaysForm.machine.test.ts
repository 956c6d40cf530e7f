import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Engineer } from '../../../../domain/entities.ts';
import { engineerDaysFormMachine, engineerDaysValuesOf, validateEngineerDays } from './engineerDaysForm.machine.ts';

const ada: Engineer = {
  _id: 'ada', name: 'Ada', email: 'ada@x.test', department: 'Platform', skills: [], seniority: 'mid', maxCapacity: 80, version: 4,
  workWeeks: [{ from: '0001-01-01', days: [80, 80, 80, 80, 80, 0, 0] }, { from: '2027-03-01', days: [100, 100, 100, 100, 0, 0, 0] }],
  leaveDate: '2027-09-01',
};

describe('the work days form', () => {
  it('starts from the week and calendar in force on the date it opens with', () => {
    expect(engineerDaysValuesOf(ada, '2027-02-01')).toMatchObject({ days: [80, 80, 80, 80, 80, 0, 0], calendarId: 'default', startDate: '', leaveDate: '2027-09-01' });
    expect(engineerDaysValuesOf(ada, '2027-03-15').days).toEqual([100, 100, 100, 100, 0, 0, 0]);
  });

  it('says what is wrong under the field: no working day, a leave date before the start', () => {
    const values = engineerDaysValuesOf(ada, '2027-03-15');
    expect(validateEngineerDays({ ...values, days: [0, 0, 0, 0, 0, 0, 0] })).toEqual({ ok: false, errors: { days: 'A work week needs at least one working day' } });
    expect(validateEngineerDays({ ...values, startDate: '2027-09-02' })).toEqual({ ok: false, errors: { leaveDate: 'Leave date must be after the start date' } });
  });

  it('saves only what changed, each part with the date it applies from', async () => {
    let saved: unknown = null;
    const machine = engineerDaysFormMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          saved = input;
          return null;
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'OPEN_EDIT', id: 'ada', version: 4, values: engineerDaysValuesOf(ada, '2027-03-15') });
    actor.send({ type: 'CHANGE', field: 'days', value: [100, 100, 100, 100, 40, 0, 0] });
    actor.send({ type: 'CHANGE', field: 'leaveDate', value: '' });
    actor.send({ type: 'SUBMIT' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved).toEqual({ mode: 'edit', id: 'ada', version: 4, payload: { days: { from: '2027-03-15', days: [100, 100, 100, 100, 40, 0, 0] }, leaveDate: null } });
  });
});
