import { DomainError } from './errors.ts';
import type { CalendarEvent } from './events.ts';
import { type Calendar, entryOf } from './evolve.ts';
import type { AddHolidayInput } from './inputs.ts';
import { holidayMessages as H } from './messages.ts';

/** One holiday per date: a second one would not take a second day off. */
export function decideAddHoliday(
  state: Calendar | null,
  command: { holidayId: string; input: AddHolidayInput },
): CalendarEvent[] {
  const holidays = Object.values(state?.holidays ?? {});
  const { date, name } = command.input;
  const taken = holidays.find((holiday) => holiday.date === date);
  if (taken) throw new DomainError('conflict', H.duplicate(taken.date, taken.name), 'date');
  return [{ type: 'HolidayAdded', data: { holidayId: command.holidayId, date, name } }];
}

export function decideRemoveHoliday(state: Calendar | null, command: { holidayId: string }): CalendarEvent[] {
  const holiday = state ? entryOf(state.holidays, command.holidayId) : undefined;
  if (!holiday) throw new DomainError('not-found', H.notFound);
  return [{ type: 'HolidayRemoved', data: { holidayId: holiday._id, date: holiday.date, name: holiday.name } }];
}
