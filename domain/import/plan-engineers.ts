import { decideUpdateEngineer } from '../decide/planning.ts';
import { DEFAULT_CALENDAR_ID, standardWorkWeek } from '../capacity/engineer-days.ts';
import { decideChangeWorkWeek, decideFollowCalendar, decideSetEmployment } from '../decide/engineer-days.ts';
import type { Engineer, HolidayCalendar } from '../entities.ts';
import { defaultHolidayCalendar } from '../evolve.ts';
import { calendarNamed, unknownCalendarMessage } from './plan-holidays.ts';
import type { UpdateEngineerInput } from '../inputs.ts';
import { engineerDaysMessages, engineerMessages } from '../messages.ts';
import { decideRow, errorRow, fieldChanges, repeatedKeys, updateRow } from './plan-rows.ts';
import { dayCell, engineerRowInput, seniorityOfTitle, workWeekCell, yesNoCell, type EngineerRowInput, type RowValues } from './rows.ts';
import type { FieldChange, PlannedRow, RowIssue } from './types.ts';

/** A holiday calendar a row's `calendar` cell names, and the day the engineer follows it from. */
export type CalendarFollow = { calendar: { _id: string; name: string }; from: string };

/** What a row sets beside the engineer's profile: each is its own command after the profile's. */
export type EngineerExtras = {
  follow?: CalendarFollow;
  workWeek?: { from: string; days: number[] };
  employment?: { startDate?: string; leaveDate?: string };
  /** Invite them to sign in (an engineer account for their e-mail). */
  invite?: true;
  /** The team they belong to from a date. */
  team?: { teamId: string; from: string };
};

export type EngineerCommand =
  | ({ type: 'register'; input: EngineerRowInput } & EngineerExtras)
  | ({ type: 'update'; engineerId: string; input: UpdateEngineerInput } & EngineerExtras);

/** The teams a row's `team` cell may name, and each engineer's team today. */
export type TeamsNow = { list: readonly { _id: string; name: string }[]; current: Readonly<Record<string, string>> };

export type EngineersNow = {
  engineers: readonly Engineer[];
  /** Emails of accounts that are not engineers (managers, auditors): an engineer cannot take one. */
  otherAccountEmails: readonly string[];
  /** The calendars a row's `calendar` cell may name (left out: only the default one). */
  holidayCalendars?: readonly HolidayCalendar[];
  /** Today in the organisation's time zone (YYYY-MM-DD): an engineer there already follows a calendar named in the file from today on. */
  today?: string;
  /** Emails that have an account already (invited, active or deactivated): an `invite` cell leaves them as they are. */
  accountEmails?: readonly string[];
  /** Whether whoever imports may invite people (admins). */
  canInvite?: boolean;
  /** The organisation's teams; left out where there are none to name. */
  teams?: TeamsNow;
};

/**
 * A new engineer follows the calendar named from their first day (the earliest date there is), so
 * their whole plan takes its holidays; one there already from today on, so the days before keep theirs.
 */
const SINCE_EVER = '0001-01-01';

export const engineerImportMessages = {
  workWeek: "Work week must be 7 parts of a day from 0 to 100, Monday first (100;100;100;100;50;0;0), or the days worked (Mon;Tue;Wed;Thu)",
  invite: 'Invite must be yes or no',
  inviteAdminsOnly: 'Only an admin can invite people to sign in: leave the invite column out or empty',
  teamsMissing: 'There are no teams to name yet: leave the team column out or empty',
  teamUnknown: (name: string) => `No team is named '${name}'`,
} as const;

// Imports run as a manager: the only role that may change every planning field.
const importer = { id: 'import', role: 'manager' };

/** The extras a row asks for, read and checked against the engineer as they are (null for a new one). */
type Extras = { extras: EngineerExtras; diff: FieldChange[]; errors: RowIssue[] };

function readExtras(row: RowValues, engineer: Engineer | null, email: string, now: EngineersNow, context: ExtrasContext): Extras {
  const { line, values } = row;
  const errors: RowIssue[] = [];
  const diff: FieldChange[] = [];
  const extras: EngineerExtras = {};
  const from = engineer ? context.today : SINCE_EVER;

  const cell = (values.calendar ?? '').trim();
  const calendar = cell ? calendarNamed(cell, context.calendars) : null;
  if (cell && !calendar) errors.push({ line, column: 'calendar', message: unknownCalendarMessage(cell) });
  else if (calendar && !engineer && calendar._id !== DEFAULT_CALENDAR_ID) extras.follow = { calendar: nameOf(calendar), from: SINCE_EVER };
  else if (calendar && engineer) {
    const follows = followChange(engineer, calendar, context.today, context.calendars);
    if (follows) {
      extras.follow = follows.follow;
      diff.push(follows.diff);
    }
  }

  const startDate = dayCell(values.startDate ?? '');
  const leaveDate = dayCell(values.leaveDate ?? '');
  if (startDate === null) errors.push({ line, column: 'startDate', message: engineerDaysMessages.startDateInvalid });
  if (leaveDate === null) errors.push({ line, column: 'leaveDate', message: engineerDaysMessages.leaveDateInvalid });
  if (startDate !== null && leaveDate !== null && (startDate || leaveDate)) {
    const input = { ...(startDate ? { startDate } : {}), ...(leaveDate ? { leaveDate } : {}) };
    const base: Engineer = engineer ?? { _id: 'new', name: '', email, department: '', skills: [], seniority: 'mid', maxCapacity: 100, version: 0 };
    const decided = decideRow(line, () => decideSetEmployment(base, input));
    if (!decided.value) errors.push(...decided.errors);
    else if (decided.value.length > 0) {
      extras.employment = input;
      if (engineer) {
        if (startDate && startDate !== engineer.startDate) diff.push({ field: 'startDate', from: engineer.startDate ?? '', to: startDate });
        if (leaveDate && leaveDate !== engineer.leaveDate) diff.push({ field: 'leaveDate', from: engineer.leaveDate ?? '', to: leaveDate });
      }
    }
  }

  const days = workWeekCell(values.workWeek ?? '');
  if (days === null) errors.push({ line, column: 'workWeek', message: engineerImportMessages.workWeek });
  else if (days && !engineer) extras.workWeek = { from: SINCE_EVER, days };
  else if (days && engineer) {
    const events = decideChangeWorkWeek(engineer, { from, days });
    const changed = events[0];
    if (changed?.type === 'EngineerWorkWeekChanged') {
      extras.workWeek = { from, days };
      diff.push({ field: 'workWeek', from: (changed.data.previous ?? standardWorkWeek(engineer.maxCapacity)).join(';'), to: days.join(';') });
    }
  }

  const invite = yesNoCell(values.invite ?? '');
  if (invite === null) errors.push({ line, column: 'invite', message: engineerImportMessages.invite });
  else if (invite && !context.accounts.has(email)) {
    if (!now.canInvite) errors.push({ line, column: 'invite', message: engineerImportMessages.inviteAdminsOnly });
    else {
      extras.invite = true;
      if (engineer) diff.push({ field: 'invite', from: '', to: 'invited' });
    }
  }

  const teamCell = (values.team ?? '').trim();
  if (teamCell) {
    const team = now.teams?.list.find((t) => t._id === teamCell || t.name.trim().toLowerCase() === teamCell.toLowerCase());
    if (!now.teams) errors.push({ line, column: 'team', message: engineerImportMessages.teamsMissing });
    else if (!team) errors.push({ line, column: 'team', message: engineerImportMessages.teamUnknown(teamCell) });
    else if (!engineer || now.teams.current[engineer._id] !== team._id) {
      extras.team = { teamId: team._id, from };
      if (engineer) {
        const was = now.teams.list.find((t) => t._id === now.teams!.current[engineer._id]);
        diff.push({ field: 'team', from: was?.name ?? '', to: team.name });
      }
    }
  }
  return { extras, diff, errors };
}

type ExtrasContext = { calendars: readonly HolidayCalendar[]; today: string; accounts: ReadonlySet<string> };

/** Per row: register a new engineer, update the one with that email, or nothing to do. */
export function planEngineers(rows: readonly RowValues[], now: EngineersNow): PlannedRow<EngineerCommand>[] {
  const byEmail = new Map(now.engineers.map((e) => [e.email.toLowerCase(), e]));
  const taken = new Set(now.otherAccountEmails.map((email) => email.toLowerCase()));
  const repeated = repeatedKeys();
  const context: ExtrasContext = {
    calendars: [defaultHolidayCalendar(), ...(now.holidayCalendars ?? []).filter((c) => c._id !== DEFAULT_CALENDAR_ID)],
    today: now.today ?? SINCE_EVER,
    accounts: new Set([...(now.accountEmails ?? []), ...now.otherAccountEmails].map((email) => email.toLowerCase())),
  };
  return rows.map((row): PlannedRow<EngineerCommand> => {
    const { value, errors } = engineerRowInput(row);
    const key = (value?.email ?? row.values.email ?? '').trim().toLowerCase();
    if (!value) return errorRow(row.line, key, errors);
    const repeats = repeated(row.line, key, 'email');
    if (repeats.length > 0) return errorRow(row.line, key, repeats);
    const engineer = byEmail.get(key) ?? null;
    const { extras, diff: extraDiff, errors: extraErrors } = readExtras(row, engineer, key, now, context);
    if (extraErrors.length > 0) return errorRow(row.line, key, extraErrors);
    if (!engineer) {
      if (taken.has(key)) return errorRow(row.line, key, [{ line: row.line, column: 'email', message: engineerMessages.emailTaken }]);
      // Left out: the seniority the job title says (mid without one) and a full week, as a new engineer's form starts.
      const seniority = value.seniority ?? seniorityOfTitle(row.values.jobTitle ?? '');
      const input: EngineerRowInput = { ...value, seniority, maxCapacity: value.maxCapacity ?? 100 };
      return { line: row.line, key, action: 'create', changes: [], errors: [], command: { type: 'register', input, ...extras } };
    }
    const { email: _key, ...fields } = value;
    const input = Object.fromEntries(Object.entries(fields).filter(([column]) => Object.hasOwn(row.values, column) || (column === 'name' && namedByParts(row)))) as UpdateEngineerInput;
    const decided = decideRow(row.line, () => decideUpdateEngineer(engineer, { input, actor: importer }));
    if (!decided.value) return errorRow(row.line, key, decided.errors);
    const event = decided.value[0];
    const diff = event?.type === 'EngineerProfileUpdated' ? fieldChanges(event.data.changes, event.data.previous) : [];
    if (!event && extraDiff.length === 0) return { line: row.line, key, action: 'unchanged', changes: [], errors: [] };
    return updateRow(row.line, key, [...diff, ...extraDiff], { type: 'update', engineerId: engineer._id, input, ...extras });
  });
}

const namedByParts = (row: RowValues) => !Object.hasOwn(row.values, 'name') && (Object.hasOwn(row.values, 'firstName') || Object.hasOwn(row.values, 'lastName'));

const nameOf = (calendar: HolidayCalendar) => ({ _id: calendar._id, name: calendar.name });

/** Whether following `calendar` from `today` changes what the engineer follows (the one decision says), and the change as the preview shows it. */
function followChange(engineer: Engineer, calendar: HolidayCalendar, today: string, calendars: readonly HolidayCalendar[]) {
  const events = decideFollowCalendar(engineer, { calendarId: calendar._id, from: today }, () => true);
  const changed = events[0];
  if (!changed || changed.type !== 'EngineerCalendarChanged') return null;
  const previous = calendars.find((c) => c._id === changed.data.previous)?.name ?? changed.data.previous ?? 'Default';
  return { follow: { calendar: nameOf(calendar), from: today }, diff: { field: 'calendar', from: previous, to: calendar.name } };
}
