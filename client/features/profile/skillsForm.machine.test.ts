import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SaveInput } from '../../machines/editForm.machine.ts';
import type { Latest } from '../../machines/formConflict.ts';
import { skillsFormMachine, type SkillsValues, validateSkills } from './skillsForm.machine.ts';

describe('skills form machine', () => {
  it('trims and de-duplicates skills; an empty one is refused', () => {
    expect(validateSkills({ skills: [' Go ', 'Go', 'Rust'] })).toEqual({ ok: true, payload: { skills: ['Go', 'Rust'] } });
    expect(validateSkills({ skills: ['  '] }).ok).toBe(false);
    expect(validateSkills({ skills: [] })).toEqual({ ok: true, payload: { skills: [] } });
  });

  it('saves the engineer\'s skills against their version', async () => {
    const saves: SaveInput[] = [];
    const actor = createActor(
      skillsFormMachine.provide({ actors: { save: fromPromise(async ({ input }) => saves.push(input)), loadLatest: fromPromise<Latest<SkillsValues> | null, { id: string }>(async () => null) } }),
    ).start();
    actor.send({ type: 'OPEN_EDIT', id: 'e1', version: 7, values: { skills: ['Go'] } });
    actor.send({ type: 'CHANGE', field: 'skills', value: ['Go', 'Rust'] });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(saves).toEqual([{ mode: 'edit', id: 'e1', version: 7, payload: { skills: ['Go', 'Rust'] } }]);
  });
});
