import { updateEngineerInput } from '../../../domain/inputs.ts';
import { createEditFormMachine, firstByField, type FormValidation } from '../../machines/editForm.machine.ts';

/** An engineer keeps their own skills up to date on their profile, on the shared edit-form machine. */

export type SkillsValues = { skills: string[] };

export function validateSkills(form: SkillsValues): FormValidation {
  const result = updateEngineerInput.pick({ skills: true }).safeParse({ skills: form.skills });
  if (!result.success) return { ok: false, errors: firstByField(result.error.issues) };
  return { ok: true, payload: result.data };
}

export const skillsFormMachine = createEditFormMachine<SkillsValues>({
  id: 'skillsForm',
  empty: () => ({ skills: [] }),
  validate: validateSkills,
});
