// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createProjectMachine } from './createProject.machine.ts';
import { CreateProjectDialog } from './CreateProjectDialog.tsx';

afterEach(cleanup);

function setup(submitting = false) {
  const actor = createActor(createProjectMachine, { input: {} }).start();
  actor.send({ type: 'OPEN' });
  actor.send({ type: 'CHANGE', field: 'status', value: null });
  actor.send({ type: 'SUBMIT' });
  const send = vi.fn();
  render(
    <CreateProjectDialog open submitting={submitting} context={actor.getSnapshot().context} skills={['Go', 'React']} managerId="m1" send={send} />,
  );
  return { send };
}

describe('Create New Project dialog', () => {
  it('shows every field, its hints and each validation message under its field', () => {
    setup();
    expect(screen.getByText('Create New Project')).toBeTruthy();
    expect(screen.getByText('Add a new project to your portfolio. Fill in all the required information below.')).toBeTruthy();
    for (const message of [
      'Project name is required',
      'Description must be at least 10 characters',
      'End date must be after start date',
      'At least one skill is required',
      'Project status is required',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getAllByPlaceholderText('Pick a date')).toHaveLength(2);
    expect(screen.getByText('Select status')).toBeTruthy();
    expect(screen.getByTestId('selected-skills').textContent).toContain('Selected:');
    expect(screen.getByText('Create Project')).toBeTruthy();
    expect(screen.getByText('Cancel')).toBeTruthy();
  });

  it('sends skill toggles, cancel and submit (with the manager id)', () => {
    const { send } = setup();
    fireEvent.click(screen.getByText('React'));
    expect(send).toHaveBeenCalledWith({ type: 'TOGGLE_SKILL', skill: 'React' });
    fireEvent.click(screen.getByText('Create Project'));
    expect(send).toHaveBeenCalledWith({ type: 'SUBMIT', managerId: 'm1' });
    fireEvent.click(screen.getByText('Cancel'));
    expect(send).toHaveBeenCalledWith({ type: 'CANCEL' });
  });

  it('reads "Creating..." and disables the button while submitting', () => {
    setup(true);
    const button = screen.getByText('Creating...').closest('button')!;
    expect(button.disabled).toBe(true);
  });
});
