import type { TimeOffKind } from '../../domain/entities.ts';
import { bookTimeOffInput } from '../../domain/inputs.ts';
import { withMissingDays } from './capacityFactForms.machine.ts';
import { createEditFormMachine, firstByField, type FormValidation } from './editForm.machine.ts';

/**
 * Book time off for an engineer (from the schedule), on the shared edit-form machine: whole days from
 * `from` to `to`, both included, a kind and an optional note. The domain's schema judges it; a
 * refusal (days that overlap other time off) is shown over the form.
 */
export type TimeOffValues = {
  engineerId: string;
  /** Whose time off, for the dialog's title. */
  engineerName: string;
  /** 'YYYY-MM-DD', empty until picked. */
  from: string;
  to: string;
  kind: TimeOffKind;
  note: string;
};

export const emptyTimeOff = (): TimeOffValues => ({ engineerId: '', engineerName: '', from: '', to: '', kind: 'vacation', note: '' });

/** The booking as the API takes it, with the engineer it is for. */
export function validateTimeOff(form: TimeOffValues): FormValidation {
  const result = bookTimeOffInput.safeParse({ from: form.from, to: form.to, kind: form.kind, note: form.note.trim() === '' ? undefined : form.note });
  if (result.success) return { ok: true, payload: { ...result.data, engineerId: form.engineerId } };
  return withMissingDays({ ok: false, errors: firstByField(result.error.issues) }, form);
}

export const timeOffFormMachine = createEditFormMachine<TimeOffValues>({ id: 'timeOffForm', empty: emptyTimeOff, validate: validateTimeOff });
