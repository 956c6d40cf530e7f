import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../lib/api.ts';
import type { SaveInput } from './editForm.machine.ts';
import { timeOffFormMachine } from './capacityFactForms.machine.ts';

function start(answers: (Error | object)[]) {
  const saves: SaveInput[] = [];
  const saved: unknown[] = [];
  const machine = timeOffFormMachine.provide({
    actors: {
      save: fromPromise(async ({ input }) => {
        saves.push(input);
        const answer = answers.shift();
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
    actions: { saved: (_, params) => void saved.push(params) },
  });
  const actor = createActor(machine).start();
  return { actor, saves, saved, state: () => actor.getSnapshot() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('booking time off', () => {
  it('books whole days for the engineer, with the kind and the note', async () => {
    const s = start([{ _id: 't1' }]);
    s.actor.send({ type: 'OPEN_CREATE', values: { engineerId: 'sam', engineerName: 'Sam Rivera', from: '2026-03-16' } });
    s.actor.send({ type: 'CHANGE', field: 'to', value: '2026-03-20' });
    s.actor.send({ type: 'CHANGE', field: 'note', value: 'Family trip' });
    s.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(s.saves.map((x) => x.payload)).toEqual([{ from: '2026-03-16', to: '2026-03-20', kind: 'vacation', note: 'Family trip', engineerId: 'sam' }]);
    expect(s.saved).toEqual([{ mode: 'create', result: { _id: 't1' } }]);
    expect(s.state().value).toBe('closed');
  });

  it('says what is missing or backwards, in the domain\'s words, before anything is sent', () => {
    const s = start([]);
    s.actor.send({ type: 'OPEN_CREATE', values: { engineerId: 'sam', engineerName: 'Sam Rivera' } });
    s.actor.send({ type: 'SUBMIT' });
    expect(s.state().context.errors).toEqual({ from: 'Choose the first day', to: 'Choose the last day' });
    s.actor.send({ type: 'CHANGE', field: 'from', value: '2026-03-20' });
    s.actor.send({ type: 'CHANGE', field: 'to', value: '2026-03-16' });
    expect(s.state().context.errors).toEqual({ to: 'To must be on or after from' });
    expect(s.saves).toEqual([]);
  });

  it('shows a refusal (overlapping time off) and keeps the form', async () => {
    const s = start([new ApiError('This engineer already has time off from 2026-03-18 to 2026-03-19', 409, { code: 'CONFLICT' })]);
    s.actor.send({ type: 'OPEN_CREATE', values: { engineerId: 'sam', engineerName: 'Sam Rivera', from: '2026-03-16', to: '2026-03-20' } });
    s.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(s.state().value).toBe('editing');
    expect(s.state().context.submitError).toBe('This engineer already has time off from 2026-03-18 to 2026-03-19');
    expect(s.state().context.form).toMatchObject({ from: '2026-03-16', to: '2026-03-20' });
  });
});
