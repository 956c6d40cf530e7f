import { v7 as uuidv7 } from 'uuid';
import {
  CALENDAR_STREAM, decideAddHoliday, decideBookTimeOff, decideCancelTimeOff, decideRemoveHoliday, type EventMetadata,
} from '../../domain/index.ts';
import type { HolidayFields, TimeOffFields } from '../../domain/import/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { executeCommands, type Command } from './execute.ts';
import { calendarStream, engineerTimeOffStream } from './streams.ts';

/**
 * capacity-facts.ts's time-off and holiday use cases for many at once, in the caller's transaction.
 * A booking whose kind or note changes, and a holiday that is renamed, are cancelled (removed) and
 * booked (added) again: the events have no edit. The cancel and the new booking run as two commands
 * on the same stream, in order.
 */

const actorOf = (metadata: EventMetadata) => ({ id: metadata.actorId, role: metadata.actorRole });

export async function bookTimeOffs(
  trx: DbOrTrx,
  bookings: readonly { engineerId: string; input: TimeOffFields; replaces?: string }[],
  metadata: EventMetadata,
) {
  const actor = actorOf(metadata);
  type TimeOffCommand = Command<Parameters<typeof decideBookTimeOff>[0] & object, ReturnType<typeof decideBookTimeOff>[number]>;
  const commands = bookings.flatMap(({ engineerId, input, replaces }): TimeOffCommand[] => [
    ...(replaces ? [{ id: engineerId, decide: (state) => decideCancelTimeOff(state, { timeOffId: replaces, actor }) } satisfies TimeOffCommand] : []),
    { id: engineerId, decide: (state) => decideBookTimeOff(state, { timeOffId: uuidv7(), input, actor }) },
  ]);
  return executeCommands(trx, engineerTimeOffStream, commands, metadata);
}

export async function addHolidays(trx: DbOrTrx, holidays: readonly { input: HolidayFields; replaces?: string }[], metadata: EventMetadata) {
  type HolidayCommand = Command<Parameters<typeof decideAddHoliday>[0] & object, ReturnType<typeof decideAddHoliday>[number]>;
  const commands = holidays.flatMap(({ input, replaces }): HolidayCommand[] => [
    ...(replaces ? [{ id: CALENDAR_STREAM, decide: (state) => decideRemoveHoliday(state, { holidayId: replaces }) } satisfies HolidayCommand] : []),
    { id: CALENDAR_STREAM, decide: (state) => decideAddHoliday(state, { holidayId: uuidv7(), input }) },
  ]);
  return executeCommands(trx, calendarStream, commands, metadata);
}
