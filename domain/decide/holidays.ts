import { DEFAULT_CALENDAR_ID } from '../capacity/engineer-days.ts';
import type { HolidayCalendar, HolidayRule } from '../entities.ts';
import { ruleHolidayOf } from '../holiday-rules.ts';
import { DomainError } from '../errors.ts';
import type { CalendarEvent, HolidayCalendarFields } from '../events.ts';
import { type Calendar, calendarOrDefault, entryOf } from '../evolve.ts';
import { compareText } from '../history.ts';
import type { AddHolidayInput } from '../inputs.ts';
import { calendarMessages as C, holidayMessages as H } from '../messages.ts';

/** The calendar a command is about, or 404: the default one always exists, any other once created and until removed. */
function existing(state: Calendar | null, calendarId: string): Calendar {
  const calendar = calendarOrDefault(state, calendarId);
  if (!calendar) throw new DomainError('not-found', C.notFound);
  return calendar;
}

/** One holiday per date and calendar: a second one would not take a second day off. */
export function decideAddHoliday(
  state: Calendar | null,
  command: { holidayId: string; input: Pick<AddHolidayInput, 'date' | 'name' | 'calendarId'> },
): CalendarEvent[] {
  const { date, name, calendarId } = command.input;
  const calendar = existing(state, calendarId);
  const taken = Object.values(calendar.holidays).find((holiday) => holiday.date === date);
  if (taken) throw new DomainError('conflict', H.duplicate(taken.date, taken.name), 'date');
  return [{ type: 'HolidayAdded', data: { holidayId: command.holidayId, calendarId, date, name } }];
}

/**
 * A recorded holiday is removed by its id. A day of the calendar's rule has no record: its id says its
 * calendar and date (ruleHolidayId), the caller finds it in the rule (`ruleDay`), and removing it records
 * it as removed by hand, so the rule does not give it again. One removed already, or a date the calendar
 * has no holiday on, is not found.
 */
export function decideRemoveHoliday(
  state: Calendar | null,
  command: { holidayId: string; calendarId: string; ruleDay?: { date: string; name: string } },
): CalendarEvent[] {
  const holiday = state ? entryOf(state.holidays, command.holidayId) : undefined;
  if (holiday) return [{ type: 'HolidayRemoved', data: { holidayId: holiday._id, calendarId: holiday.calendarId, date: holiday.date, name: holiday.name } }];
  const ruled = ruleHolidayOf(command.holidayId);
  const day = command.ruleDay;
  const calendar = state?.calendar;
  const isRuleDay = Boolean(calendar?.rule && day && ruled?.calendarId === command.calendarId && ruled.date === day.date);
  const taken = Object.values(state?.holidays ?? {}).some((h) => h.date === day?.date) || calendar?.removedRuleDays?.some((r) => r.date === day?.date);
  if (!isRuleDay || !day || taken) throw new DomainError('not-found', H.notFound);
  return [{ type: 'HolidayRemoved', data: { holidayId: command.holidayId, calendarId: command.calendarId, date: day.date, name: day.name } }];
}

/** The calendar holds its rule's days every year from now on (`rule: null`: its recorded days only); the rule it has changes nothing. */
export function decideSetHolidayCalendarRule(state: Calendar | null, command: { calendarId: string; rule: HolidayRule | null }): CalendarEvent[] {
  const { calendar } = existing(state, command.calendarId);
  const rule = command.rule && (command.rule.region ? { country: command.rule.country, region: command.rule.region } : { country: command.rule.country });
  if (sameRule(calendar.rule, rule)) return [];
  return [{ type: 'HolidayCalendarRuleSet', data: { calendarId: calendar._id, rule, ...(calendar.rule ? { previous: calendar.rule } : {}) } }];
}

const sameRule = (a: HolidayRule | null | undefined, b: HolidayRule | null | undefined) =>
  (a?.country ?? null) === (b?.country ?? null) && (a?.region ?? null) === (b?.region ?? null);

/**
 * Names tell calendars apart on the screen and in a CSV file's `calendar` column, so two calendars may
 * not share one (ignoring case). `others` are the calendars there are now.
 */
function refuseTakenName(name: string, calendarId: string, others: readonly Pick<HolidayCalendar, '_id' | 'name'>[]) {
  const taken = others.find((other) => other._id !== calendarId && other.name.toLowerCase() === name.toLowerCase());
  if (taken) throw new DomainError('conflict', C.nameTaken(taken.name), 'name');
}

/**
 * A new calendar and the holidays it starts with (a country's public holidays, found by the caller), one
 * per date. Its id is new: a calendar there already is a conflict, and 'default' is always there.
 */
export function decideCreateHolidayCalendar(
  state: Calendar | null,
  command: {
    calendarId: string;
    input: HolidayCalendarFields;
    holidays: readonly { holidayId: string; date: string; name: string }[];
    others: readonly Pick<HolidayCalendar, '_id' | 'name'>[];
    /** The public holidays it holds every year, beside the recorded ones. */
    rule?: HolidayRule;
  },
): CalendarEvent[] {
  const { calendarId, input } = command;
  if (calendarOrDefault(state, calendarId)) throw new DomainError('conflict', 'This holiday calendar already exists');
  refuseTakenName(input.name, calendarId, command.others);
  const fields: HolidayCalendarFields = { name: input.name, ...(input.country ? { country: input.country } : {}), ...(input.region ? { region: input.region } : {}) };
  const events: CalendarEvent[] = [{ type: 'HolidayCalendarCreated', data: { calendarId, ...fields } }];
  const dates = new Map<string, string>();
  for (const holiday of [...command.holidays].sort((a, b) => compareText(a.date, b.date))) {
    const taken = dates.get(holiday.date);
    if (taken !== undefined) throw new DomainError('conflict', H.duplicate(holiday.date, taken), 'holidays');
    dates.set(holiday.date, holiday.name);
    events.push({ type: 'HolidayAdded', data: { holidayId: holiday.holidayId, calendarId, date: holiday.date, name: holiday.name } });
  }
  if (command.rule) events.push(...decideSetHolidayCalendarRule({ calendar: { _id: calendarId, ...fields, version: 0 }, holidays: {} }, { calendarId, rule: command.rule }));
  return events;
}

/** Renaming to the name it has changes nothing (no event); a name another calendar has is refused. */
export function decideRenameHolidayCalendar(
  state: Calendar | null,
  command: { calendarId: string; name: string; others: readonly Pick<HolidayCalendar, '_id' | 'name'>[] },
): CalendarEvent[] {
  const { calendar } = existing(state, command.calendarId);
  if (calendar.name === command.name) return [];
  refuseTakenName(command.name, command.calendarId, command.others);
  return [{ type: 'HolidayCalendarRenamed', data: { calendarId: calendar._id, name: command.name, previous: calendar.name } }];
}

/**
 * Removing a calendar removes its holidays first (HolidayRemoved each, so every reader that follows
 * holidays needs nothing new), then the calendar. Refused while an engineer follows it (`followers`:
 * their names), at any date: their capacity on those dates would lose its holidays silently. The
 * default calendar is what everyone without a calendar follows: it is never removed.
 */
export function decideRemoveHolidayCalendar(
  state: Calendar | null,
  command: { calendarId: string; followers: readonly string[] },
): CalendarEvent[] {
  if (command.calendarId === DEFAULT_CALENDAR_ID) throw new DomainError('conflict', C.defaultNotRemovable);
  const { calendar, holidays } = existing(state, command.calendarId);
  if (command.followers.length > 0) throw new DomainError('conflict', C.followed(command.followers));
  const removed: CalendarEvent[] = Object.values(holidays)
    .sort((a, b) => compareText(a.date, b.date) || compareText(a._id, b._id))
    .map((h) => ({ type: 'HolidayRemoved', data: { holidayId: h._id, calendarId: h.calendarId, date: h.date, name: h.name } }));
  return [...removed, { type: 'HolidayCalendarRemoved', data: { calendarId: calendar._id, name: calendar.name } }];
}
