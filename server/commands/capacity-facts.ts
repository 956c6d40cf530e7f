import { v7 as uuidv7 } from 'uuid';
import {
  DEFAULT_CALENDAR_ID, entryOf, type HolidayCalendarFields, type AddHolidayInput, type AddPlaceholderInput, type BookTimeOffInput, type Calendar,
  type EngineerRecord, type EventMetadata, type HolidayRule, type Project, type ProjectRecord, type UpdatePlaceholderInput, ruleHolidayOf, ruleYears,
} from '../../domain/index.ts';
import { ruleDays } from '../calendars/public-holidays.ts';
import { findHolidayCalendar } from '../read-models/holiday-calendars.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { handleCommand } from './handle.ts';

/**
 * The write side of the facts capacity over time needs: time off, holidays, the tentative flag and
 * placeholders. Like planning.ts, each names its command for the one handler, shared by the HTTP routes
 * and the seeds. `expectedVersion` is the version of the stream the fact lives on (the engineer's, the
 * calendar's, the project's).
 */

const after = <S>(written: { state: unknown; version: number }) => ({ state: written.state as S, version: written.version });

export async function bookTimeOff(trx: DbOrTrx, engineerId: string, input: BookTimeOffInput, metadata: EventMetadata, expectedVersion?: number, timeOffId = uuidv7()) {
  const [written] = await handleCommand(trx, { kind: 'bookTimeOff', engineerId, timeOffId, input }, metadata, expectedVersion);
  const result = after<EngineerRecord>(written!);
  return { ...result, timeOff: entryOf(result.state.timeOff, timeOffId)! };
}

export async function cancelTimeOff(trx: DbOrTrx, engineerId: string, timeOffId: string, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'cancelTimeOff', engineerId, timeOffId }, metadata, expectedVersion);
  return after<EngineerRecord>(written!);
}

/** `input.calendarId` names the calendar; `expectedVersion` is that calendar's version. */
export async function addHoliday(trx: DbOrTrx, input: AddHolidayInput, metadata: EventMetadata, expectedVersion?: number) {
  const holidayId = uuidv7();
  const [written] = await handleCommand(trx, { kind: 'addHoliday', holidayId, input }, metadata, expectedVersion);
  const result = after<Calendar>(written!);
  return { ...result, holiday: entryOf(result.state.holidays, holidayId)! };
}

/**
 * The holiday's calendar is found from the read model (the route knows only the holiday's id); the
 * decision then checks the holiday on that calendar's stream. An unknown holiday is looked for in the
 * default calendar, so that the answer is the decision's 404.
 */
export async function removeHoliday(trx: DbOrTrx, holidayId: string, metadata: EventMetadata, expectedVersion?: number) {
  const row = await trx.selectFrom('holidays').select('calendar_id').where('id', '=', holidayId).executeTakeFirst();
  const ruled = row ? null : ruleHolidayOf(holidayId);
  const calendarId = row?.calendar_id ?? ruled?.calendarId ?? DEFAULT_CALENDAR_ID;
  // A day of the calendar's rule has no row: the decision is told what the rule has on its date, if anything.
  const ruleDay = ruled ? await ruleDayOf(trx, ruled.calendarId, ruled.date) : undefined;
  const command = { kind: 'removeHoliday' as const, holidayId, calendarId, ...(ruleDay ? { ruleDay } : {}) };
  const [written] = await handleCommand(trx, command, metadata, expectedVersion);
  return { ...after<Calendar>(written!), calendarId };
}

async function ruleDayOf(trx: DbOrTrx, calendarId: string, date: string) {
  const calendar = await findHolidayCalendar(trx, calendarId);
  const year = Number(date.slice(0, 4));
  if (!calendar?.rule || !ruleYears(date, date).includes(year)) return undefined;
  return ruleDays(calendar.rule, year).find((day) => day.date === date);
}

/** The calendar holds `rule`'s public holidays for every year from now on (null: its recorded ones only). */
export async function setHolidayCalendarRule(trx: DbOrTrx, calendarId: string, rule: HolidayRule | null, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'setHolidayCalendarRule', calendarId, rule }, metadata, expectedVersion);
  return after<Calendar>(written!);
}

export async function createHolidayCalendar(
  trx: DbOrTrx,
  input: HolidayCalendarFields,
  holidays: readonly { date: string; name: string }[],
  metadata: EventMetadata,
  calendarId = uuidv7(),
  rule?: HolidayRule,
) {
  const command = {
    kind: 'createHolidayCalendar' as const, calendarId, input, holidays: holidays.map((h) => ({ holidayId: uuidv7(), ...h })), ...(rule ? { rule } : {}),
  };
  const [written] = await handleCommand(trx, command, metadata);
  return after<Calendar>(written!);
}

export async function renameHolidayCalendar(trx: DbOrTrx, calendarId: string, name: string, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'renameHolidayCalendar', calendarId, input: { name } }, metadata, expectedVersion);
  return after<Calendar>(written!);
}

export async function removeHolidayCalendar(trx: DbOrTrx, calendarId: string, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'removeHolidayCalendar', calendarId }, metadata, expectedVersion);
  return { version: written!.version };
}

export async function setProjectTentative(trx: DbOrTrx, projectId: string, tentative: boolean, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: tentative ? 'markTentative' : 'confirmProject', projectId }, metadata, expectedVersion);
  const result = after<ProjectRecord>(written!);
  return { state: result.state.project as Project, version: result.version };
}

export async function addPlaceholder(
  trx: DbOrTrx, projectId: string, input: AddPlaceholderInput, metadata: EventMetadata, expectedVersion?: number, placeholderId = uuidv7(),
) {
  const [written] = await handleCommand(trx, { kind: 'addPlaceholder', projectId, placeholderId, input }, metadata, expectedVersion);
  const result = after<ProjectRecord>(written!);
  return { ...result, placeholder: entryOf(result.state.placeholders, placeholderId)! };
}

export async function updatePlaceholder(
  trx: DbOrTrx, projectId: string, placeholderId: string, input: UpdatePlaceholderInput, metadata: EventMetadata, expectedVersion?: number,
) {
  const [written] = await handleCommand(trx, { kind: 'updatePlaceholder', projectId, placeholderId, input }, metadata, expectedVersion);
  const result = after<ProjectRecord>(written!);
  return { ...result, placeholder: entryOf(result.state.placeholders, placeholderId)! };
}

export async function removePlaceholder(trx: DbOrTrx, projectId: string, placeholderId: string, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'removePlaceholder', projectId, placeholderId }, metadata, expectedVersion);
  return after<ProjectRecord>(written!);
}

/**
 * One command, two streams, one transaction (the caller's): PlaceholderFilled on the project stream,
 * checked against the version the client sent, then AssignmentCreated on the new assignment's stream.
 * Either both are appended or, the transaction rolling back, neither.
 */
export async function fillPlaceholder(
  trx: DbOrTrx, projectId: string, placeholderId: string, engineerId: string, metadata: EventMetadata, expectedVersion?: number, assignmentId = uuidv7(),
) {
  const [project] = await handleCommand(trx, { kind: 'fillPlaceholder', projectId, placeholderId, engineerId, assignmentId }, metadata, expectedVersion);
  return { projectVersion: project!.version, assignmentId };
}
