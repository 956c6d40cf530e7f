import { createHolidayCalendarInput, renameHolidayCalendarInput } from '../../../domain/inputs.ts';
import { validateHoliday } from '../../machines/capacityFactForms.machine.ts';
import { createEditFormMachine, type FormValidation, judged } from '../../machines/editForm.machine.ts';

/**
 * The forms of the Calendars screen, on the shared edit-form machine: a new calendar (a name, and
 * optionally a country, a region and a year to fill it from), renaming one, and a holiday added to one.
 * Rules and messages are the domain's, so a form says exactly what the server would.
 */

export type NewCalendarValues = { name: string; country: string; region: string; year: number | null };

export const emptyNewCalendar = (): NewCalendarValues => ({ name: '', country: '', region: '', year: new Date().getFullYear() });

/** Empty choices are left out: no country is an empty calendar, no region the whole country. */
export const validateNewCalendar = (form: NewCalendarValues): FormValidation =>
  judged(createHolidayCalendarInput.safeParse({
    name: form.name,
    ...(form.country ? { country: form.country } : {}),
    ...(form.country && form.region ? { region: form.region } : {}),
    ...(form.country && form.year !== null ? { year: form.year } : {}),
  }));

export const newCalendarFormMachine = createEditFormMachine<NewCalendarValues>({ id: 'newCalendarForm', empty: emptyNewCalendar, validate: validateNewCalendar });

export type RenameCalendarValues = { name: string };

export const validateRenameCalendar = (form: RenameCalendarValues): FormValidation => judged(renameHolidayCalendarInput.safeParse(form));

export const renameCalendarFormMachine = createEditFormMachine<RenameCalendarValues>({ id: 'renameCalendarForm', empty: () => ({ name: '' }), validate: validateRenameCalendar });

export type CalendarHolidayValues = { calendarId: string; date: string; name: string };

export const validateCalendarHoliday = (form: CalendarHolidayValues): FormValidation => validateHoliday(form);

export const calendarHolidayFormMachine = createEditFormMachine<CalendarHolidayValues>({
  id: 'calendarHolidayForm', empty: () => ({ calendarId: 'default', date: '', name: '' }), validate: validateCalendarHoliday,
});
