import type { Project } from '../../../domain/entities.ts';
import { updateProjectInput } from '../../../domain/inputs.ts';
import { projectMessages } from '../../../domain/messages.ts';
import { createEditFormMachine, endAfterStart, firstByField, type FormValidation } from '../../machines/editForm.machine.ts';

/**
 * Edit project: the fields of the create form, made against the project's version, on the
 * shared edit-form machine (editForm.machine.ts). The status moves with its own row action.
 */

export type ProjectValues = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  teamSize: number | null;
  requiredSkills: string[];
};

export const projectValuesOf = (p: Pick<Project, keyof ProjectValues>): ProjectValues => ({
  name: p.name,
  description: p.description,
  startDate: p.startDate,
  endDate: p.endDate,
  teamSize: p.teamSize,
  requiredSkills: [...p.requiredSkills],
});

export function validateProject(form: ProjectValues): FormValidation {
  const result = updateProjectInput.safeParse({ ...form, teamSize: form.teamSize ?? undefined });
  const errors = result.success ? {} : firstByField(result.error.issues);
  // A partial schema lets a missing value pass: every field of this form is required.
  if (form.teamSize === null) errors.teamSize ??= projectMessages.teamSizeTooSmall;
  endAfterStart(errors, form.startDate, form.endDate, projectMessages.endBeforeStart);
  if (result.success && Object.keys(errors).length === 0) return { ok: true, payload: result.data };
  return { ok: false, errors };
}

export const projectEditMachine = createEditFormMachine<ProjectValues>({
  id: 'projectEdit',
  empty: () => ({ name: '', description: '', startDate: '', endDate: '', teamSize: 1, requiredSkills: [] }),
  validate: validateProject,
});
