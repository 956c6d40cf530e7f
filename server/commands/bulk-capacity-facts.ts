import { v7 as uuidv7 } from 'uuid';
import {
  decideOnOneStream, readerOf, type Calendar, type CalendarEvent, type EngineerEvent, type EngineerRecord,
  type EventMetadata, type PlanningCommand, type ProjectEvent, type ProjectRecord,
} from '../../domain/index.ts';
import type { HolidayFields, OpenRoleCommand, TimeOffFields } from '../../domain/import/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { executeCommands } from './execute.ts';
import { calendarStream, engineerStream, projectStream } from './streams.ts';

/**
 * capacity-facts.ts's time-off and holiday use cases for many at once, in the caller's transaction,
 * decided by the same command table. A booking whose kind or note changes, and a holiday that is
 * renamed, are cancelled (removed) and booked (added) again: the events have no edit. The cancel and
 * the new booking run as two commands on the same stream, in order.
 */

const actorOf = (metadata: EventMetadata) => ({ id: metadata.actorId, role: metadata.actorRole });

export async function bookTimeOffs(
  trx: DbOrTrx,
  bookings: readonly { engineerId: string; input: TimeOffFields; replaces?: string }[],
  metadata: EventMetadata,
) {
  const commands = bookings.flatMap(({ engineerId, input, replaces }): PlanningCommand[] => [
    ...(replaces ? [{ kind: 'cancelTimeOff' as const, engineerId, timeOffId: replaces }] : []),
    { kind: 'bookTimeOff', engineerId, timeOffId: uuidv7(), input },
  ]);
  return executeCommands(trx, engineerStream, commands.map((command) => {
    const engineerId = (command as { engineerId: string }).engineerId;
    return {
      id: engineerId,
      decide: (state: EngineerRecord | null) =>
        decideOnOneStream<EngineerEvent>(command, { read: readerOf({ engineerRecord: new Map([[engineerId, state]]) }), actor: actorOf(metadata) }),
    };
  }), metadata);
}

/** Each holiday goes to the calendar its input names (one stream per calendar). */
export async function addHolidays(trx: DbOrTrx, holidays: readonly { input: HolidayFields; replaces?: string }[], metadata: EventMetadata) {
  const commands = holidays.flatMap(({ input, replaces }): PlanningCommand[] => [
    ...(replaces ? [{ kind: 'removeHoliday' as const, holidayId: replaces, calendarId: input.calendarId }] : []),
    { kind: 'addHoliday', holidayId: uuidv7(), input },
  ]);
  return executeCommands(trx, calendarStream, commands.map((command) => {
    const calendarId = command.kind === 'addHoliday' ? command.input.calendarId : (command as { calendarId: string }).calendarId;
    return {
      id: calendarId,
      decide: (state: Calendar | null) =>
        decideOnOneStream<CalendarEvent>(command, { read: readerOf({ calendars: new Map([[calendarId, state]]) }), actor: actorOf(metadata) }),
    };
  }), metadata);
}

/**
 * Open roles (placeholders) added to or changed on their projects, many at once (the open-roles CSV),
 * each by the addPlaceholder or updatePlaceholder command; a project's open roles share its stream and
 * run in order.
 */
export async function changeOpenRoles(trx: DbOrTrx, changes: readonly OpenRoleCommand[], metadata: EventMetadata) {
  return executeCommands(trx, projectStream, changes.map((change) => {
    const command: PlanningCommand = change.type === 'add'
      ? { kind: 'addPlaceholder', projectId: change.projectId, placeholderId: uuidv7(), input: change.input }
      : { kind: 'updatePlaceholder', projectId: change.projectId, placeholderId: change.placeholderId, input: change.input };
    return {
      id: change.projectId,
      // The project plan as folded from its stream: the command table reads its open roles from it.
      decide: (state: ProjectRecord | null) =>
        decideOnOneStream<ProjectEvent>(command, { read: { ...readerOf({}), projectPlan: () => state }, actor: actorOf(metadata) }),
    };
  }), metadata);
}
