import type { Engineer, Seniority } from '../../../domain/entities.ts';
import { registerEngineerInput, updateEngineerInput } from '../../../domain/inputs.ts';
import { engineerMessages } from '../../../domain/messages.ts';
import { ApiError } from '../../lib/api.ts';
import { createEditFormMachine, firstByField, type FormErrors, type FormValidation, issueErrors } from '../../machines/editForm.machine.ts';

/**
 * Add engineer / Edit engineer on the shared edit-form machine (editForm.machine.ts): a new engineer is
 * a planning record (an admin invites them to sign in, People & access); an edit changes the planning
 * fields, never the email.
 */

export type EngineerValues = {
  name: string;
  /** Set when the engineer is registered; it is their sign-in and never changes after. */
  email: string;
  department: string;
  seniority: Seniority | '';
  maxCapacity: number | null;
  skills: string[];
};

export const engineerValuesOf = (e: Pick<Engineer, 'name' | 'email' | 'department' | 'seniority' | 'maxCapacity' | 'skills'>): EngineerValues => ({
  name: e.name,
  email: e.email,
  department: e.department,
  seniority: e.seniority,
  maxCapacity: e.maxCapacity,
  skills: [...e.skills],
});

export const emptyEngineer = (): EngineerValues => ({
  name: '', email: '', department: '', seniority: 'mid', maxCapacity: 100, skills: [],
});

export function validateEngineer(form: EngineerValues, mode: 'create' | 'edit'): FormValidation {
  const common = {
    name: form.name,
    department: form.department.trim() === '' && mode === 'create' ? undefined : form.department,
    seniority: form.seniority === '' ? undefined : form.seniority,
    maxCapacity: form.maxCapacity ?? undefined,
    skills: form.skills,
  };
  const result =
    mode === 'create'
      ? registerEngineerInput.safeParse({ ...common, email: form.email })
      : updateEngineerInput.safeParse(common);
  const errors = result.success ? {} : firstByField(result.error.issues);
  // The update schema is partial: every field of this form is still required.
  if (form.maxCapacity === null) errors.maxCapacity ??= engineerMessages.capacityRange;
  if (form.seniority === '') errors.seniority ??= engineerMessages.seniorityRequired;
  if (result.success && Object.keys(errors).length === 0) return { ok: true, payload: result.data };
  return { ok: false, errors };
}

/** A taken email is refused with 409 (not a version conflict): say it under the email field. */
function engineerFieldErrors(error: unknown): FormErrors {
  if (error instanceof ApiError && error.message === engineerMessages.emailTaken) return { email: error.message };
  return issueErrors(error);
}

export const engineerFormMachine = createEditFormMachine<EngineerValues>({
  id: 'engineerForm',
  empty: emptyEngineer,
  validate: validateEngineer,
  fieldErrorsOf: engineerFieldErrors,
});
