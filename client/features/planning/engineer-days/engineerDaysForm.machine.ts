import type { Engineer } from '../../../../domain/entities.ts';
import { DEFAULT_CALENDAR_ID, standardWorkWeek } from '../../../../domain/capacity/engineer-days.ts';
import { employmentInput, followCalendarInput, workWeekInput } from '../../../../domain/inputs.ts';
import { createEditFormMachine, firstByField, type FormErrors, type FormValidation } from '../../../machines/editForm.machine.ts';

/**
 * Which days an engineer works, on the shared edit-form machine: their work week and holiday calendar
 * from a date on, and their start and leave dates. Only what changed is saved (one request each), and
 * a version conflict shows what the other manager changed, as every form does.
 */
export type EngineerDaysValues = {
  engineerName: string;
  /** 'YYYY-MM-DD': the work week and the calendar apply from this date on. */
  from: string;
  /** Percent of a day, Monday to Sunday. */
  days: number[];
  calendarId: string;
  /** 'YYYY-MM-DD', or '' for none. */
  startDate: string;
  leaveDate: string;
};

export const emptyEngineerDays = (): EngineerDaysValues => ({
  engineerName: '', from: '', days: standardWorkWeek(100), calendarId: DEFAULT_CALENDAR_ID, startDate: '', leaveDate: '',
});

/** The form's values for an engineer: the week and calendar in force on `from`. */
export function engineerDaysValuesOf(engineer: Engineer, from: string): EngineerDaysValues {
  const inForce = <T extends { from: string }>(list: readonly T[] | undefined) => (list ?? []).filter((entry) => entry.from <= from).at(-1);
  return {
    engineerName: engineer.name,
    from,
    days: [...(inForce(engineer.workWeeks)?.days ?? standardWorkWeek(engineer.maxCapacity))],
    calendarId: inForce(engineer.calendars)?.calendarId ?? DEFAULT_CALENDAR_ID,
    startDate: engineer.startDate ?? '',
    leaveDate: engineer.leaveDate ?? '',
  };
}

/**
 * The parsed values under the form's own keys, so the form machine keeps those that changed: `days`
 * carries its date, as does `calendarId` (a date alone changes nothing).
 */
export function validateEngineerDays(form: EngineerDaysValues): FormValidation {
  const errors: FormErrors = {};
  const week = workWeekInput.safeParse({ from: form.from, days: form.days });
  const calendar = followCalendarInput.safeParse({ from: form.from, calendarId: form.calendarId });
  const employment = employmentInput.safeParse({ startDate: form.startDate || null, leaveDate: form.leaveDate || null });
  for (const result of [week, calendar, employment]) if (!result.success) Object.assign(errors, { ...firstByField(result.error.issues), ...errors });
  if (!(week.success && calendar.success && employment.success)) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      days: { from: week.data.from, days: week.data.days },
      calendarId: { from: calendar.data.from, calendarId: calendar.data.calendarId },
      startDate: employment.data.startDate ?? null,
      leaveDate: employment.data.leaveDate ?? null,
    },
  };
}

export const engineerDaysFormMachine = createEditFormMachine<EngineerDaysValues>({ id: 'engineerDaysForm', empty: emptyEngineerDays, validate: validateEngineerDays });
