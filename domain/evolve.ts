import { DEFAULT_CALENDAR_ID } from './capacity/engineer-days.ts';
import type { Engineer, HolidayCalendar, HolidayRecord, Placeholder, Project, AssignmentRecord, TimeOff } from './entities.ts';
import {
  assertNever, type AssignmentEvent, type CalendarEvent, type EngineerDaysEvent, type EngineerEvent, type HolidayEvent, type PlaceholderEvent,
  type ProjectEvent,
  type TimeOffEvent,
} from './events.ts';
import { largestDay, standardWorkWeek } from './capacity/engineer-days.ts';
import { evolveActualsWeeks, isActualsEvent, type ActualsWeek } from './actuals/events.ts';

/**
 * Stream state is the entity as the read model holds it, with its version (the stream position).
 * `null` is "no such stream yet"; an assignment that was removed folds back to `null`.
 * Facts kept on a stream beside its entity (placeholders on a project, time off on an engineer) still
 * move the entity's version: it is the stream's version, the one every write on that stream checks.
 */
export function evolveProject(state: Project | null, event: ProjectEvent, version: number): Project | null {
  switch (event.type) {
    case 'ProjectCreated': {
      const { projectId, ...fields } = event.data;
      return { _id: projectId, ...fields, tentative: false, version };
    }
    case 'ProjectUpdated':
      return state && { ...state, ...event.data.changes, version };
    case 'ProjectStatusChanged':
      return state && { ...state, status: event.data.to, version };
    case 'ProjectMarkedTentative':
      return state && { ...state, tentative: true, version };
    case 'ProjectConfirmed':
      return state && { ...state, tentative: false, version };
    case 'PlaceholderAdded':
    case 'PlaceholderUpdated':
    case 'PlaceholderRemoved':
    case 'PlaceholderFilled':
      return state && { ...state, version };
    default:
      return assertNever(event);
  }
}

export function evolveAssignment(
  state: AssignmentRecord | null,
  event: AssignmentEvent,
  version: number,
): AssignmentRecord | null {
  switch (event.type) {
    case 'AssignmentCreated': {
      const { assignmentId, ...fields } = event.data;
      return { _id: assignmentId, ...fields, version };
    }
    case 'AssignmentUpdated':
      return state && { ...state, ...event.data.changes, version };
    case 'AssignmentRemoved':
      return null;
    default:
      return assertNever(event);
  }
}

export function evolveEngineer(state: Engineer | null, event: EngineerEvent, version: number): Engineer | null {
  switch (event.type) {
    case 'EngineerRegistered': {
      const { engineerId, ...fields } = event.data;
      return { _id: engineerId, ...fields, version };
    }
    case 'EngineerProfileUpdated':
      return state && { ...state, ...event.data.changes, version };
    case 'TimeOffBooked':
    case 'TimeOffCancelled':
    case 'ActualsRecorded':
    case 'ActualsWeekLocked':
    case 'ActualsWeekUnlocked':
      return state && { ...state, version };
    case 'EngineerWorkWeekChanged':
    case 'EngineerCalendarChanged':
    case 'EngineerStartDateSet':
    case 'EngineerLeaving':
    case 'EngineerLeavingCancelled':
      return state && { ...withEngineerDays(state, event), version };
    case 'EngineerTeamChanged': {
      if (!state) return state;
      const teams = withDated(state.teams, { from: event.data.from, teamId: event.data.teamId });
      // The department reads as the name of the latest team, for the public client.
      const department = teams.at(-1)!.teamId === event.data.teamId ? event.data.teamName : state.department;
      return { ...state, teams, department, version };
    }
    case 'EngineerTeamChangeUndone': {
      if (!state) return state;
      const { teams: _teams, ...rest } = state;
      return { ...rest, ...(event.data.teams.length > 0 ? { teams: event.data.teams } : {}), department: event.data.department, version };
    }
    default:
      return assertNever(event);
  }
}

/** A dated list with `entry` in force from its date: one entry per date, in date order. */
const withDated = <T extends { from: string }>(list: readonly T[] | undefined, entry: T): T[] =>
  [...(list ?? []).filter((e) => e.from !== entry.from), entry].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));

/** The days before a first work week keep the standard week they had, so its change is only from its date. */
const EARLIEST = '0001-01-01';

function withEngineerDays(state: Engineer, event: EngineerDaysEvent): Engineer {
  switch (event.type) {
    case 'EngineerWorkWeekChanged': {
      const { from, days } = event.data;
      const before = state.workWeeks?.length || from === EARLIEST ? state.workWeeks : [{ from: EARLIEST, days: standardWorkWeek(state.maxCapacity) }];
      const workWeeks = withDated(before, { from, days });
      return { ...state, workWeeks, maxCapacity: largestDay(workWeeks) ?? state.maxCapacity };
    }
    case 'EngineerCalendarChanged':
      return { ...state, calendars: withDated(state.calendars, { from: event.data.from, calendarId: event.data.calendarId }) };
    case 'EngineerStartDateSet': {
      const { startDate: _dropped, ...rest } = state;
      return event.data.date === null ? rest : { ...rest, startDate: event.data.date };
    }
    case 'EngineerLeaving':
      return { ...state, leaveDate: event.data.date };
    case 'EngineerLeavingCancelled': {
      const { leaveDate: _dropped, ...rest } = state;
      return rest;
    }
    default:
      return assertNever(event);
  }
}

// ---- facts kept beside an entity, one reducer per fact (keyed by the fact's id in the event)

export function evolvePlaceholder(state: Placeholder | null, event: PlaceholderEvent, version: number): Placeholder | null {
  switch (event.type) {
    case 'PlaceholderAdded': {
      const { placeholderId, ...fields } = event.data;
      return { _id: placeholderId, ...fields, version };
    }
    case 'PlaceholderUpdated':
      return state && { ...state, ...event.data.changes, version };
    case 'PlaceholderRemoved':
    case 'PlaceholderFilled':
      return null;
    default:
      return assertNever(event);
  }
}

export function evolveTimeOff(state: TimeOff | null, event: TimeOffEvent, version: number): TimeOff | null {
  switch (event.type) {
    case 'TimeOffBooked': {
      const { timeOffId, ...fields } = event.data;
      return { _id: timeOffId, ...fields, version };
    }
    case 'TimeOffCancelled':
      return null;
    default:
      return assertNever(event);
  }
}

export function evolveHoliday(state: HolidayRecord | null, event: HolidayEvent, version: number): HolidayRecord | null {
  switch (event.type) {
    case 'HolidayAdded': {
      const { holidayId, ...fields } = event.data;
      return { _id: holidayId, ...fields, version };
    }
    case 'HolidayRemoved':
      return null;
    default:
      return assertNever(event);
  }
}

/** The default calendar before anything happened to it: it exists without a creation event. */
export const defaultHolidayCalendar = (version = 0): HolidayCalendar => ({ _id: DEFAULT_CALENDAR_ID, name: 'Default', version });

/**
 * A calendar's own record (its name, country, region) at its stream's version: holidays move the version.
 * The default calendar exists before its first event; any other from its HolidayCalendarCreated.
 */
export function evolveHolidayCalendar(state: HolidayCalendar | null, event: CalendarEvent, version: number): HolidayCalendar | null {
  const base = state ?? (event.data.calendarId === DEFAULT_CALENDAR_ID ? defaultHolidayCalendar() : null);
  switch (event.type) {
    case 'HolidayCalendarCreated': {
      const { calendarId, ...fields } = event.data;
      return { _id: calendarId, ...fields, version };
    }
    case 'HolidayCalendarRenamed':
      return base && { ...base, name: event.data.name, version };
    case 'HolidayCalendarRemoved':
      return null;
    case 'HolidayCalendarRuleSet': {
      if (!base) return null;
      const { rule: _rule, ...rest } = base;
      return event.data.rule ? { ...rest, rule: event.data.rule, version } : { ...rest, version };
    }
    case 'HolidayAdded':
      return base && { ...base, version };
    case 'HolidayRemoved':
      // On a calendar with a rule, a day removed by hand stays off even where the rule has a holiday.
      return base && (base.rule ? { ...withRemovedRuleDay(base, event.data), version } : { ...base, version });
    default:
      return assertNever(event);
  }
}

function withRemovedRuleDay(calendar: HolidayCalendar, day: { date: string; name: string }): HolidayCalendar {
  const removed = calendar.removedRuleDays ?? [];
  if (removed.some((r) => r.date === day.date)) return calendar;
  const added = [...removed, { date: day.date, name: day.name }].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { ...calendar, removedRuleDays: added };
}

export const isPlaceholderEvent = (event: ProjectEvent): event is PlaceholderEvent => event.type.startsWith('Placeholder');
export const isTimeOffEvent = (event: EngineerEvent): event is TimeOffEvent => event.type.startsWith('TimeOff');
export const isHolidayEvent = (event: CalendarEvent): event is HolidayEvent => event.type === 'HolidayAdded' || event.type === 'HolidayRemoved';

/**
 * The entry a record holds for `id` itself, if any. Ids come from clients, and a plain lookup of
 * '__proto__', 'constructor' or 'hasOwnProperty' finds what every object inherits: a time off, holiday
 * or placeholder that does not exist.
 */
export const entryOf = <T>(record: Readonly<Record<string, T>>, id: string): T | undefined =>
  Object.hasOwn(record, id) ? record[id] : undefined;

/** A record with one entry set (or dropped, for null), as a new object. */
export function withEntry<T>(record: Readonly<Record<string, T>>, id: string, value: T | null): Record<string, T> {
  const copy = { ...record };
  if (value === null) delete copy[id];
  // Defined, not assigned: assigning to '__proto__' would set the object's prototype instead.
  else Object.defineProperty(copy, id, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

// ---- whole-stream state for decisions about those facts

/**
 * A project stream folded for decisions about its placeholders: the project, its open placeholders, and
 * how each closed one ended, so that acting on a filled or removed placeholder is told apart from one
 * that never existed.
 */
export type ProjectRecord = {
  project: Project;
  placeholders: Record<string, Placeholder>;
  closed: Record<string, 'filled' | 'removed'>;
};

export function evolveProjectRecord(state: ProjectRecord | null, event: ProjectEvent, version: number): ProjectRecord | null {
  const project = evolveProject(state?.project ?? null, event, version);
  if (!project) return null;
  const placeholders = state?.placeholders ?? {};
  const closed = state?.closed ?? {};
  if (!isPlaceholderEvent(event)) return { project, placeholders, closed };
  const id = event.data.placeholderId;
  const ending = event.type === 'PlaceholderFilled' ? 'filled' : event.type === 'PlaceholderRemoved' ? 'removed' : null;
  return {
    project,
    placeholders: withEntry(placeholders, id, evolvePlaceholder(entryOf(placeholders, id) ?? null, event, version)),
    // A placeholder added again under its own id (an undone removal or fill) is open, no longer closed.
    closed: ending ? withEntry(closed, id, ending) : event.type === 'PlaceholderAdded' && entryOf(closed, id) ? withEntry<'filled' | 'removed'>(closed, id, null) : closed,
  };
}

/**
 * An engineer's stream, whole, as commands read it: the engineer, their time off bookings and their
 * actuals weeks (by ISO week; absent until the first one).
 */
export type EngineerRecord = { engineer: Engineer; timeOff: Record<string, TimeOff>; actuals?: Record<string, ActualsWeek> };

export function evolveEngineerRecord(state: EngineerRecord | null, event: EngineerEvent, version: number): EngineerRecord | null {
  const engineer = evolveEngineer(state?.engineer ?? null, event, version);
  if (!engineer) return null;
  const timeOff = state?.timeOff ?? {};
  const kept = state?.actuals ? { engineer, timeOff, actuals: state.actuals } : { engineer, timeOff };
  if (isActualsEvent(event)) return { ...kept, actuals: evolveActualsWeeks(state?.actuals ?? {}, event, version) };
  if (!isTimeOffEvent(event)) return kept;
  const id = event.data.timeOffId;
  return { ...kept, timeOff: withEntry(timeOff, id, evolveTimeOff(entryOf(timeOff, id) ?? null, event, version)) };
}

/**
 * A holiday calendar's stream: the calendar and every holiday in it, by id. The default calendar exists
 * (empty) before its first event, which `calendarOrDefault` says; a removed calendar folds to null.
 */
export type Calendar = { calendar: HolidayCalendar; holidays: Record<string, HolidayRecord> };

export function evolveCalendar(state: Calendar | null, event: CalendarEvent, version: number): Calendar | null {
  const calendar = evolveHolidayCalendar(state?.calendar ?? null, event, version);
  if (!calendar) return null;
  const holidays = state?.holidays ?? {};
  if (!isHolidayEvent(event)) return { calendar, holidays };
  const id = event.data.holidayId;
  return { calendar, holidays: withEntry(holidays, id, evolveHoliday(entryOf(holidays, id) ?? null, event, version)) };
}

/** A calendar stream's state, the default calendar standing there (empty) before its first event. */
export const calendarOrDefault = (state: Calendar | null, calendarId: string): Calendar | null =>
  state ?? (calendarId === DEFAULT_CALENDAR_ID ? { calendar: defaultHolidayCalendar(), holidays: {} } : null);
