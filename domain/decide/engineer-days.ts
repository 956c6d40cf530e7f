import { DomainError } from '../errors.ts';
import type { Engineer } from '../entities.ts';
import type { EngineerDaysEvent } from '../events.ts';
import { DEFAULT_CALENDAR_ID, standardWorkWeek } from '../capacity/engineer-days.ts';
import type { EmploymentInput, FollowCalendarInput, WorkWeekInput } from '../inputs.ts';
import { engineerDaysMessages as D } from '../messages.ts';

/**
 * Which days an engineer works: their work week, their holiday calendar and their employment dates.
 * Each decision emits nothing when nothing would change, so a form saved twice writes one event.
 */

const notFound = () => new DomainError('not-found', 'Engineer not found');

/** The entry of a dated list in force on `date`. */
const inForceOn = <T extends { from: string }>(list: readonly T[] | undefined, date: string): T | undefined =>
  (list ?? []).filter((entry) => entry.from <= date).at(-1);

const sameDays = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, i) => value === b[i]);

export function decideChangeWorkWeek(state: Engineer | null, input: WorkWeekInput): EngineerDaysEvent[] {
  if (!state) throw notFound();
  const previous = inForceOn(state.workWeeks, input.from)?.days ?? standardWorkWeek(state.maxCapacity);
  const sameFrom = state.workWeeks?.some((week) => week.from === input.from) ?? false;
  if (sameDays(previous, input.days) && (sameFrom || !state.workWeeks?.some((week) => week.from > input.from))) return [];
  return [{ type: 'EngineerWorkWeekChanged', data: { engineerId: state._id, from: input.from, days: [...input.days], previous } }];
}

/** `calendarExists` is asked of the calendars as they are: following one that does not exist is a 404. */
/** The holiday calendar the engineer follows on `date` (the default one when none is named then). */
export const calendarFollowedOn = (engineer: Pick<Engineer, 'calendars'>, date: string): string =>
  inForceOn(engineer.calendars, date)?.calendarId ?? DEFAULT_CALENDAR_ID;

export function decideFollowCalendar(state: Engineer | null, input: FollowCalendarInput, calendarExists: (id: string) => boolean): EngineerDaysEvent[] {
  if (!state) throw notFound();
  if (input.calendarId !== DEFAULT_CALENDAR_ID && !calendarExists(input.calendarId)) throw new DomainError('not-found', D.calendarNotFound, 'calendarId');
  const previous = inForceOn(state.calendars, input.from)?.calendarId ?? DEFAULT_CALENDAR_ID;
  const sameFrom = state.calendars?.some((entry) => entry.from === input.from) ?? false;
  if (previous === input.calendarId && (sameFrom || !state.calendars?.some((entry) => entry.from > input.from))) return [];
  return [{ type: 'EngineerCalendarChanged', data: { engineerId: state._id, calendarId: input.calendarId, from: input.from, previous } }];
}

/** Start and leave dates; the leave date must stay after the start date, whichever of the two changes. */
export function decideSetEmployment(state: Engineer | null, input: EmploymentInput): EngineerDaysEvent[] {
  if (!state) throw notFound();
  const startDate = input.startDate === undefined ? state.startDate : input.startDate ?? undefined;
  const leaveDate = input.leaveDate === undefined ? state.leaveDate : input.leaveDate ?? undefined;
  if (startDate && leaveDate && !(leaveDate > startDate)) throw new DomainError('invalid', D.leaveBeforeStart, 'leaveDate');
  const events: EngineerDaysEvent[] = [];
  const engineerId = state._id;
  if (startDate !== state.startDate) {
    events.push({ type: 'EngineerStartDateSet', data: { engineerId, date: startDate ?? null, ...(state.startDate ? { previous: state.startDate } : {}) } });
  }
  if (leaveDate !== state.leaveDate) {
    events.push(
      leaveDate
        ? { type: 'EngineerLeaving', data: { engineerId, date: leaveDate, ...(state.leaveDate ? { previous: state.leaveDate } : {}) } }
        : { type: 'EngineerLeavingCancelled', data: { engineerId, date: state.leaveDate! } },
    );
  }
  return events;
}
