import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Project } from '../../../domain/entities.ts';
import type { CreateProjectInput } from '../../../domain/inputs.ts';
import { ApiError } from '../../lib/api.ts';
import {
  createProjectMachine,
  defaultForm,
  failureText,
  startOfDay,
  teamSizeFrom,
  validateProjectForm,
} from './createProject.machine.ts';

const now = new Date(2026, 10, 5, 15, 30); // 5 Nov 2026, 15:30 local
const day = (d: number) => new Date(2026, 10, d).toISOString();

function start(create?: (input: CreateProjectInput) => Promise<Project>) {
  const alert = vi.fn();
  const reloadProjects = vi.fn();
  const createProject = vi.fn(
    create ??
      (async (input: CreateProjectInput) => ({ ...input, _id: 'p1', managerId: input.managerId ?? '', version: 1 }) as Project),
  );
  const machine = createProjectMachine.provide({
    actors: { createProject: fromPromise(({ input }) => createProject(input)) },
    actions: {
      alert: (_, params) => alert(params),
      reloadProjects: () => reloadProjects(),
    },
  });
  const actor = createActor(machine, { input: { now: () => now } }).start();
  return { actor, alert, reloadProjects, createProject };
}

function fillValid(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'CHANGE', field: 'name', value: 'Payments revamp' });
  actor.send({ type: 'CHANGE', field: 'description', value: 'Rebuild the payments flow end to end.' });
  actor.send({ type: 'CHANGE', field: 'startDate', value: day(10) });
  actor.send({ type: 'CHANGE', field: 'endDate', value: day(30) });
  actor.send({ type: 'CHANGE', field: 'teamSize', value: 4 });
  actor.send({ type: 'TOGGLE_SKILL', skill: 'React' });
  actor.send({ type: 'TOGGLE_SKILL', skill: 'Node.js' });
  actor.send({ type: 'CHANGE', field: 'status', value: 'active' });
}

describe('create-project machine', () => {
  it('starts closed with empty text, both dates today, team size 1, no skills and planning, and opens for editing', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.form).toEqual({
      name: '',
      description: '',
      startDate: startOfDay(now),
      endDate: startOfDay(now),
      teamSize: 1,
      requiredSkills: [],
      status: 'planning',
    });
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('stays editing and shows each field message when the form is invalid', () => {
    const { actor, createProject } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE', field: 'status', value: null });
    actor.send({ type: 'SUBMIT', managerId: 'm1' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context.errors).toEqual({
      name: 'Project name is required',
      description: 'Description must be at least 10 characters',
      requiredSkills: 'At least one skill is required',
      status: 'Project status is required',
      endDate: 'End date must be after start date',
    });
    expect(createProject).not.toHaveBeenCalled();
  });

  it('shows the length and team size limits', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE', field: 'name', value: 'x'.repeat(101) });
    actor.send({ type: 'CHANGE', field: 'description', value: 'y'.repeat(501) });
    actor.send({ type: 'CHANGE', field: 'teamSize', value: 21 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      name: 'Project name must be less than 100 characters',
      description: 'Description must be less than 500 characters',
      teamSize: 'Team size cannot exceed 20',
    });
    actor.send({ type: 'CHANGE', field: 'teamSize', value: 0 });
    expect(actor.getSnapshot().context.errors.teamSize).toBe('Team size must be at least 1');
  });

  it('re-validates on every change after the first submit', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.name).toBe('Project name is required');
    actor.send({ type: 'CHANGE', field: 'name', value: 'Atlas' });
    expect(actor.getSnapshot().context.errors.name).toBeUndefined();
  });

  it('does not show messages while typing before the first submit', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE', field: 'name', value: '' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('toggles skills on and off', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'TOGGLE_SKILL', skill: 'Go' });
    actor.send({ type: 'TOGGLE_SKILL', skill: 'Rust' });
    actor.send({ type: 'TOGGLE_SKILL', skill: 'Go' });
    expect(actor.getSnapshot().context.form.requiredSkills).toEqual(['Rust']);
  });

  it('with no skill on offer, a typed skill is selected and clears "At least one skill is required"; typed again it stays selected', async () => {
    const { actor, createProject } = start();
    actor.send({ type: 'OPEN' });
    fillValid(actor);
    actor.send({ type: 'TOGGLE_SKILL', skill: 'React' });
    actor.send({ type: 'TOGGLE_SKILL', skill: 'Node.js' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.requiredSkills).toBe('At least one skill is required');
    actor.send({ type: 'ADD_SKILL', skill: 'Kubernetes' });
    actor.send({ type: 'ADD_SKILL', skill: 'Kubernetes' });
    expect(actor.getSnapshot().context.form.requiredSkills).toEqual(['Kubernetes']);
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(createProject.mock.calls[0]?.[0].requiredSkills).toEqual(['Kubernetes']);
  });

  it('turns a non-numeric team size into 1', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE', field: 'teamSize', value: null });
    expect(actor.getSnapshot().context.form.teamSize).toBe(1);
    actor.send({ type: 'CHANGE', field: 'teamSize', value: 'abc' });
    expect(actor.getSnapshot().context.form.teamSize).toBe(1);
  });

  it('submits the create-project payload the API expects, then closes, resets, alerts and reloads the projects', async () => {
    const { actor, createProject, alert, reloadProjects } = start();
    actor.send({ type: 'OPEN' });
    fillValid(actor);
    actor.send({ type: 'SUBMIT', managerId: 'manager-1' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.matches('closed'));
    expect(createProject).toHaveBeenCalledWith({
      name: 'Payments revamp',
      description: 'Rebuild the payments flow end to end.',
      startDate: day(10),
      endDate: day(30),
      teamSize: 4,
      requiredSkills: ['React', 'Node.js'],
      status: 'active',
      managerId: 'manager-1',
    });
    expect(alert).toHaveBeenCalledWith({ kind: 'success', text: 'Project created successfully!' });
    expect(reloadProjects).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.form).toEqual(defaultForm(now));
  });

  it('goes back to editing with the failure alert and keeps the input', async () => {
    const { actor, alert, reloadProjects } = start(async () => {
      throw new ApiError('You do not have permission to do this', 403);
    });
    actor.send({ type: 'OPEN' });
    fillValid(actor);
    actor.send({ type: 'SUBMIT', managerId: 'a1' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(alert).toHaveBeenCalledWith({ kind: 'error', text: 'Error creating project: You do not have permission to do this' });
    expect(actor.getSnapshot().context.submitError).toBe('Error creating project: You do not have permission to do this');
    expect(actor.getSnapshot().context.form.name).toBe('Payments revamp');
    expect(reloadProjects).not.toHaveBeenCalled();
  });

  it('says "An unexpected error occurred" when the failure has no message', async () => {
    const { actor, alert } = start(() => Promise.reject(new Error('')));
    actor.send({ type: 'OPEN' });
    fillValid(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(alert).toHaveBeenCalledWith({ kind: 'error', text: 'An unexpected error occurred' });
  });

  it('puts the server\'s field messages under their fields', async () => {
    const { actor } = start(async () => {
      throw new ApiError('End date must be after start date', 400, {
        message: 'End date must be after start date',
        issues: [{ path: 'endDate', message: 'End date must be after start date' }],
      });
    });
    actor.send({ type: 'OPEN' });
    fillValid(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ endDate: 'End date must be after start date' });
  });

  it('ignores edits and cancel while submitting', async () => {
    let finish: (p: Project) => void = () => {};
    const { actor } = start(() => new Promise<Project>((resolve) => (finish = resolve)));
    actor.send({ type: 'OPEN' });
    fillValid(actor);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'CHANGE', field: 'name', value: 'Changed' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.form.name).toBe('Payments revamp');
    finish({} as Project);
    await waitFor(actor, (s) => s.matches('closed'));
  });

  it('cancel closes the dialog and discards the draft', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE', field: 'name', value: 'Draft' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.form.name).toBe('');
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});

describe('create-project helpers', () => {
  it('validates to the normalised payload', () => {
    const result = validateProjectForm({
      ...defaultForm(now),
      name: '  Atlas ',
      description: 'A long enough description',
      endDate: day(20),
      requiredSkills: ['Go', 'Go'],
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.payload.name).toBe('Atlas');
      expect(result.payload.requiredSkills).toEqual(['Go']);
    }
  });
  it('reads team sizes', () => {
    expect(teamSizeFrom(5)).toBe(5);
    expect(teamSizeFrom('7')).toBe(7);
    expect(teamSizeFrom('')).toBe(1);
    expect(teamSizeFrom(Number.NaN)).toBe(1);
  });
  it('words failures', () => {
    expect(failureText(new Error('Boom'))).toBe('Error creating project: Boom');
    expect(failureText(undefined)).toBe('An unexpected error occurred');
  });
});
