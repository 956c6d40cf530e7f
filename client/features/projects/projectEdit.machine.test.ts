import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Project } from '../../../domain/entities.ts';
import type { SaveInput } from '../../machines/editForm.machine.ts';
import type { Latest } from '../../machines/formConflict.ts';
import { projectEditMachine, type ProjectValues, projectValuesOf, validateProject } from './projectEdit.machine.ts';

const project: Project = {
  _id: 'p1', name: 'Atlas', description: 'A project long enough', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z',
  teamSize: 3, requiredSkills: ['Go'], status: 'active', managerId: 'm1', tentative: false, version: 5,
};

describe('project edit machine', () => {
  it('validates with the spec\'s messages, end-before-start included', () => {
    expect(validateProject({ ...projectValuesOf(project), name: ' ', description: 'short', teamSize: null, requiredSkills: [], endDate: project.startDate })).toEqual({
      ok: false,
      errors: {
        name: 'Project name is required',
        description: 'Description must be at least 10 characters',
        teamSize: 'Team size must be at least 1',
        requiredSkills: 'At least one skill is required',
        endDate: 'End date must be after start date',
      },
    });
    expect(validateProject({ ...projectValuesOf(project), teamSize: 21 })).toMatchObject({ ok: false, errors: { teamSize: 'Team size cannot exceed 20' } });
    expect(validateProject(projectValuesOf(project))).toMatchObject({ ok: true });
  });

  it('saves only the changed fields against the project\'s version', async () => {
    const saves: SaveInput[] = [];
    const actor = createActor(
      projectEditMachine.provide({
        actors: { save: fromPromise(async ({ input }) => saves.push(input)), loadLatest: fromPromise<Latest<ProjectValues> | null, { id: string }>(async () => null) },
      }),
    ).start();
    actor.send({ type: 'OPEN_EDIT', id: 'p1', version: 5, values: projectValuesOf(project) });
    actor.send({ type: 'CHANGE', field: 'teamSize', value: 4 });
    actor.send({ type: 'CHANGE', field: 'requiredSkills', value: ['Go', 'SQL'] });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(saves).toEqual([{ mode: 'edit', id: 'p1', version: 5, payload: { teamSize: 4, requiredSkills: ['Go', 'SQL'] } }]);
  });
});
