import type { TimeOffKind } from '../../domain/entities.ts';
import { addHolidayInput, addPlaceholderInput, bookTimeOffInput, updatePlaceholderInput } from '../../domain/inputs.ts';
import { assignmentMessages, holidayMessages, timeOffMessages } from '../../domain/messages.ts';
import { createEditFormMachine, endAfterStart, type FormMode, type FormValidation, judged } from './editForm.machine.ts';

/**
 * The forms of the capacity facts, on the shared edit-form machine (editForm.machine.ts): book time off
 * for an engineer, add a holiday, add or edit a project's placeholder. Rules and messages are the
 * domain's, so the form says exactly what the server would.
 */

// ---- time off

export type TimeOffValues = {
  /** Whose time off: it is booked on their stream (POST /api/engineers/:id/time-off). */
  engineerId: string;
  /** Whose time off, for the dialog's title, when the opener knows the name (the schedule's row). */
  engineerName?: string;
  /** Whole days, 'YYYY-MM-DD', both included; empty until picked. */
  from: string;
  to: string;
  kind: TimeOffKind;
  note: string;
};

export const emptyTimeOff = (): TimeOffValues => ({ engineerId: '', from: '', to: '', kind: 'vacation', note: '' });

export function validateTimeOff(form: TimeOffValues): FormValidation {
  const result = bookTimeOffInput.safeParse({ from: form.from, to: form.to, kind: form.kind, note: form.note.trim() === '' ? undefined : form.note });
  return withMissingDays(judged(result, { engineerId: form.engineerId }), form);
}

/**
 * A day not picked yet is asked for in the words of the picker ('Choose the first day'), not the
 * API's ('From must be a date such as 2026-12-24'), which names a field the user never sees.
 */
export function withMissingDays(validation: FormValidation, days: { from: string; to: string }): FormValidation {
  if (validation.ok) return validation;
  const errors = { ...validation.errors };
  if (days.from === '') errors.from = timeOffMessages.firstDayMissing;
  if (days.to === '') errors.to = timeOffMessages.lastDayMissing;
  return { ok: false, errors };
}

export const timeOffFormMachine = createEditFormMachine<TimeOffValues>({ id: 'timeOffForm', empty: emptyTimeOff, validate: validateTimeOff });

// ---- holidays

/** A holiday of the default calendar (the Holidays dialog), or of the one named (the Calendars screen). */
export type HolidayValues = { date: string; name: string; calendarId?: string };

/** A day not picked yet is asked for in the picker's words, as time off's are (withMissingDays). */
export function validateHoliday(form: HolidayValues): FormValidation {
  const validation = judged(addHolidayInput.safeParse(form));
  return validation.ok || form.date !== '' ? validation : { ok: false, errors: { ...validation.errors, date: holidayMessages.dayMissing } };
}

export const holidayFormMachine = createEditFormMachine<HolidayValues>({ id: 'holidayForm', empty: () => ({ date: '', name: '' }), validate: validateHoliday });

// ---- placeholders

export type PlaceholderValues = {
  /** The project it belongs to: placeholders live on the project's stream. */
  projectId: string;
  role: string;
  skills: string[];
  allocationPercentage: number | null;
  /** ISO date-times; the pickers set the start of the picked day. */
  startDate: string;
  endDate: string;
};

export const emptyPlaceholder = (): PlaceholderValues => ({ projectId: '', role: '', skills: [], allocationPercentage: 50, startDate: '', endDate: '' });

export function validatePlaceholder(form: PlaceholderValues, mode: FormMode): FormValidation {
  const { projectId, ...fields } = form;
  const values = { ...fields, allocationPercentage: form.allocationPercentage ?? undefined };
  const result = mode === 'create' ? addPlaceholderInput.safeParse(values) : updatePlaceholderInput.safeParse(values);
  const validation = judged(result, { projectId });
  // The update schema is partial: every field of this form is still required.
  if (mode === 'edit' && form.allocationPercentage === null) return { ok: false, errors: { ...(validation.ok ? {} : validation.errors), allocationPercentage: assignmentMessages.allocationRange } };
  if (validation.ok) return validation;
  endAfterStart(validation.errors, form.startDate, form.endDate, assignmentMessages.endBeforeStart, 'on or after');
  return validation;
}

export const placeholderFormMachine = createEditFormMachine<PlaceholderValues>({ id: 'placeholderForm', empty: emptyPlaceholder, validate: validatePlaceholder });
