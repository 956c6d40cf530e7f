import { DEFAULT_CALENDAR_ID } from '../capacity/engineer-days.ts';
import { decideAddHoliday, decideRemoveHoliday } from '../decide/holidays.ts';
import type { HolidayCalendar, HolidayRecord } from '../entities.ts';
import { defaultHolidayCalendar, evolveCalendar, type Calendar } from '../evolve.ts';
import type { AddHolidayInput } from '../inputs.ts';
import { ruleHolidayOf } from '../holiday-rules.ts';
import { decideRow, errorRow, repeatedKeys, updateRow } from './plan-rows.ts';
import { holidayRowInput, type RowValues } from './rows.ts';
import type { PlannedRow } from './types.ts';

export type HolidayFields = Omit<AddHolidayInput, 'version'>;

/** A new holiday, or a renamed one: removed and added again under its new name (there is no rename event). */
export type HolidayCommand = { type: 'add'; input: HolidayFields } | { type: 'rename'; holidayId: string; input: HolidayFields };

export const unknownCalendarMessage = (cell: string) => `Unknown holiday calendar '${cell}': use a calendar's name or id`;

/**
 * The calendar a row's `calendar` cell names: by id, else by name (ignoring case, as names are unique so);
 * an empty cell or no column is the default calendar.
 */
export function calendarNamed(cell: string | undefined, calendars: readonly HolidayCalendar[]): HolidayCalendar | null {
  const text = (cell ?? '').trim();
  if (!text) return calendars.find((c) => c._id === DEFAULT_CALENDAR_ID) ?? defaultHolidayCalendar();
  return calendars.find((c) => c._id === text) ?? calendars.find((c) => c.name.toLowerCase() === text.toLowerCase()) ?? null;
}

/**
 * Per row: add a holiday, rename the one on that date in its calendar, or nothing to do. One holiday per
 * date and calendar. `calendars` are the calendars there are (the default one is there even if left out).
 * `holidays` may hold the calendars' rule days (as an export writes them): a row saying one again is
 * unchanged; a row naming that date otherwise records a holiday by hand, which wins over the rule.
 */
export function planHolidays(
  rows: readonly RowValues[],
  holidays: readonly HolidayRecord[],
  calendars: readonly HolidayCalendar[] = [],
): PlannedRow<HolidayCommand>[] {
  const known = calendars.some((c) => c._id === DEFAULT_CALENDAR_ID) ? calendars : [defaultHolidayCalendar(), ...calendars];
  const states = new Map<string, Calendar>(known.map((c) => [c._id, { calendar: c, holidays: {} }]));
  const ruleDays = new Map<string, HolidayRecord>();
  for (const holiday of holidays) {
    if (ruleHolidayOf(holiday._id)) {
      ruleDays.set(`${holiday.calendarId} ${holiday.date}`, holiday);
      continue;
    }
    const state = states.get(holiday.calendarId);
    if (state) state.holidays = { ...state.holidays, [holiday._id]: holiday };
  }
  const repeated = repeatedKeys();
  return rows.map((row, index): PlannedRow<HolidayCommand> => {
    const { value: fields, errors } = holidayRowInput(row);
    const calendar = calendarNamed(row.values.calendar, known);
    const dateKey = fields?.date ?? (row.values.date ?? '').trim();
    // The default calendar's rows keep the key they had before calendars had names: the date.
    const key = calendar && calendar._id !== DEFAULT_CALENDAR_ID ? `${dateKey} (${calendar.name})` : dateKey;
    const calendarErrors = calendar ? [] : [{ line: row.line, column: 'calendar', message: unknownCalendarMessage(row.values.calendar ?? '') }];
    if (!fields || !calendar) return errorRow(row.line, key, [...errors, ...calendarErrors]);
    const value = { ...fields, calendarId: calendar._id };
    const repeats = repeated(row.line, key, 'date and calendar');
    if (repeats.length > 0) return errorRow(row.line, key, repeats);
    const state = states.get(calendar._id)!;
    const existing = Object.values(state.holidays).find((h) => h.date === value.date);
    const sameAsRule = !existing && ruleDays.get(`${calendar._id} ${value.date}`)?.name === value.name;
    if ((existing && existing.name === value.name) || sameAsRule) return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    const decided = decideRow(row.line, () => {
      const removed = existing ? decideRemoveHoliday(state, { holidayId: existing._id, calendarId: calendar._id }) : [];
      const after = removed.reduce<Calendar | null>((c, event) => evolveCalendar(c, event, 0), state);
      return [...removed, ...decideAddHoliday(after, { holidayId: `planned-${index}`, input: value })];
    });
    if (!decided.value) return errorRow(row.line, key, decided.errors);
    states.set(calendar._id, decided.value.reduce<Calendar | null>((c, event) => evolveCalendar(c, event, 0), state)!);
    if (!existing) return { line: row.line, key, action: 'create', changes: [], errors: [], command: { type: 'add', input: value } };
    return updateRow(row.line, key, [{ field: 'name', from: existing.name, to: value.name }], { type: 'rename', holidayId: existing._id, input: value });
  });
}
