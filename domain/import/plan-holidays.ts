import { decideAddHoliday, decideRemoveHoliday } from '../decide-holidays.ts';
import type { HolidayRecord } from '../entities.ts';
import { evolveCalendar, type Calendar } from '../evolve.ts';
import type { AddHolidayInput } from '../inputs.ts';
import { decideRow, errorRow, repeatedKeys, updateRow } from './plan-rows.ts';
import { holidayRowInput, type RowValues } from './rows.ts';
import type { PlannedRow } from './types.ts';

export type HolidayFields = Omit<AddHolidayInput, 'version'>;

/** A new holiday, or a renamed one: removed and added again under its new name (there is no rename event). */
export type HolidayCommand = { type: 'add'; input: HolidayFields } | { type: 'rename'; holidayId: string; input: HolidayFields };

/** Per row: add a holiday, rename the one on that date, or nothing to do. One holiday per date. */
export function planHolidays(rows: readonly RowValues[], holidays: readonly HolidayRecord[]): PlannedRow<HolidayCommand>[] {
  let calendar: Calendar = { holidays: Object.fromEntries(holidays.map((h) => [h._id, h])) };
  const repeated = repeatedKeys();
  return rows.map((row, index): PlannedRow<HolidayCommand> => {
    const { value, errors } = holidayRowInput(row);
    const key = value?.date ?? (row.values.date ?? '').trim();
    if (!value) return errorRow(row.line, key, errors);
    const repeats = repeated(row.line, key, 'date');
    if (repeats.length > 0) return errorRow(row.line, key, repeats);
    const existing = Object.values(calendar.holidays).find((h) => h.date === value.date);
    if (existing && existing.name === value.name) return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    const decided = decideRow(row.line, () => {
      const removed = existing ? decideRemoveHoliday(calendar, { holidayId: existing._id }) : [];
      const after = removed.reduce((c, event) => evolveCalendar(c, event, 0), calendar);
      return [...removed, ...decideAddHoliday(after, { holidayId: `planned-${index}`, input: value })];
    });
    if (!decided.value) return errorRow(row.line, key, decided.errors);
    calendar = decided.value.reduce((c, event) => evolveCalendar(c, event, 0), calendar);
    if (!existing) return { line: row.line, key, action: 'create', changes: [], errors: [], command: { type: 'add', input: value } };
    return updateRow(row.line, key, [{ field: 'name', from: existing.name, to: value.name }], { type: 'rename', holidayId: existing._id, input: value });
  });
}
