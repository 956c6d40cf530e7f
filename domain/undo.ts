import type { PlanningCommand } from './commands/planning-commands.ts';
import { canMoveStatus } from './decide/planning.ts';
import type { AssignmentRecord, Engineer, Placeholder, Project } from './entities.ts';
import { DomainError } from './errors.ts';
import { ruleHolidayId } from './holiday-rules.ts';
import { DEFAULT_CALENDAR_ID, standardWorkWeek } from './capacity/engineer-days.ts';
import {
  calendarOrDefault, evolveAssignment, evolveCalendar, evolveEngineerRecord, evolveProjectRecord, type Calendar, type EngineerRecord, type ProjectRecord,
} from './evolve.ts';
import {
  streamEntity, type AssignmentEvent, type CalendarEvent, type EngineerEvent, type PlanningEvent, type ProjectEvent,
} from './events.ts';
import type { UpdateAssignmentInput, UpdateEngineerInput, UpdatePlaceholderInput, UpdateProjectInput } from './inputs.ts';

/**
 * Undo: a planning write is reversed by compensating commands, never by touching its events. For each
 * stream the write appended to, the stream as it was before the write and as the write left it are
 * folded, and the commands that bring it back are the ordinary planning commands (they go through the
 * one command table and handler like any write): a created assignment is removed, a removed one is
 * created again under its own id (its stream goes on: removal folds it to nothing, and a creation
 * starts it again), an update is updated back, a placeholder filled is open again and its assignment
 * removed. What has no inverse (a new project or engineer: neither can be deleted) is refused.
 *
 * Only a write whose streams have not moved since can be undone (the caller checks the versions):
 * undoing it then means exactly "as before".
 */

/** A stream one write appended to: its events before the write, and the write's own events there. */
export type WrittenByCommand = { streamId: string; before: readonly PlanningEvent[]; done: readonly PlanningEvent[] };

export const undoMessages = {
  projectCreated: 'Creating a project cannot be undone: projects are not deleted. Mark it completed instead.',
  engineerRegistered: 'Adding an engineer cannot be undone: engineers are not deleted.',
  account: 'Account changes cannot be undone. Change the account again instead.',
  organisation: 'Team changes and answers to staffing requests cannot be undone. Change them again instead.',
  statusBack: (from: string, to: string) => `The project moved from ${from} to ${to}, and a project cannot move back to ${from}: this change cannot be undone.`,
  cannotClear: (field: string) => `This change set the ${field}, which cannot be cleared again: it cannot be undone.`,
  changedIdentity: 'This change cannot be undone: it changed what the record is about.',
  nothing: 'This change changed nothing, so there is nothing to undo.',
  moved: (thing: string) => `The ${thing} changed since this change, so it can no longer be undone. Reload to see the latest version.`,
  alreadyUndone: 'This change was already undone.',
  unknown: 'There is no change with this id to undo.',
  datedDays: 'A work week or holiday calendar set from a date cannot be undone. Set it again from that date instead.',
  teamChanged: 'A change of team cannot be undone. Put them in their team again from that date instead.',
  actuals: 'Recorded hours and locks are corrected by recording the week again (or unlocking it), not undone: the history keeps every version.',
  tooLarge: (events: number, limit: number) => `This change appended ${events} events; at most ${limit} can be undone at once.`,
} as const;

/** A write that has no inverse: refused with its reason (the route answers 409). */
export class NotUndoable extends DomainError {
  constructor(message: string) {
    super('conflict', message);
    this.name = 'NotUndoable';
  }
}

/** How a stream that moved since is named in the refusal: "The assignment changed since this change…". */
export function movedThing(streamId: string): string {
  const kind = streamEntity(streamId)?.kind;
  return kind === 'engineer' ? "engineer's record" : kind === 'calendar' ? 'holiday calendar' : kind ?? 'record';
}

const evolveOf = {
  assignment: evolveAssignment, project: evolveProjectRecord, engineer: evolveEngineerRecord, calendar: evolveCalendar,
} as const;

/** A stream's state as a plan reads it: versions move on with every event, and how placeholders closed is their past. */
const asPlanned = (state: unknown) => JSON.stringify(state, (key, value: unknown) => (key === 'version' || key === 'closed' ? undefined : value));

/**
 * Whether a stream is, in effect, still as a write at `position` left it: its events since (if any)
 * changed nothing that stays (a change and its undo, say). Then the write can still be undone as it
 * was, which lets undo go back step by step: the last change undone, the one before it is next.
 */
export function unchangedSince(streamId: string, events: readonly PlanningEvent[], position: number): boolean {
  if (events.length === position) return true;
  const kind = streamEntity(streamId)?.kind;
  if (!kind || kind === 'account' || kind === 'team' || kind === 'staffing') return false;
  const evolve = evolveOf[kind] as (state: unknown, event: PlanningEvent, version: number) => unknown;
  const then = fold(evolve, events.slice(0, position));
  return asPlanned(then) === asPlanned(fold(evolve, events.slice(position), then, position));
}

/** The compensating commands of a write, stream by stream, last stream written first. */
export function compensationsOf(streams: readonly WrittenByCommand[]): PlanningCommand[] {
  const commands = [...streams].reverse().flatMap(compensateStream);
  if (commands.length === 0) throw new NotUndoable(undoMessages.nothing);
  return commands;
}

function fold<S, E>(evolve: (state: S | null, event: E, version: number) => S | null, events: readonly PlanningEvent[], from: S | null = null, start = 0): S | null {
  return events.reduce<S | null>((state, event, i) => evolve(state, event as E, start + i + 1), from);
}

function compensateStream({ streamId, before, done }: WrittenByCommand): PlanningCommand[] {
  const entity = streamEntity(streamId);
  if (!entity) throw new NotUndoable(undoMessages.changedIdentity);
  const states = <S, E>(evolve: (state: S | null, event: E, version: number) => S | null) => {
    const was = fold(evolve, before);
    return { was, is: fold(evolve, done, was, before.length) };
  };
  switch (entity.kind) {
    case 'assignment': {
      const { was, is } = states<AssignmentRecord, AssignmentEvent>(evolveAssignment);
      return backToAssignment(entity.id, was, is);
    }
    case 'project': {
      const { was, is } = states<ProjectRecord, ProjectEvent>(evolveProjectRecord);
      return backToProject(entity.id, was, is);
    }
    case 'engineer': {
      const { was, is } = states<EngineerRecord, EngineerEvent>(evolveEngineerRecord);
      return backToEngineer(entity.id, was, is);
    }
    case 'calendar': {
      const { was, is } = states<Calendar, CalendarEvent>(evolveCalendar);
      return backToCalendar(entity.id, was, is);
    }
    case 'account':
      throw new NotUndoable(undoMessages.account);
    case 'team':
    case 'staffing':
      throw new NotUndoable(undoMessages.organisation);
  }
}

/** The fields of `was` whose values `is` no longer has, for an update back; a field `was` did not have cannot be cleared by one. */
function fieldsBack<T extends object>(was: T, is: T, keys: readonly (keyof T)[]): Partial<T> {
  const back: Partial<T> = {};
  for (const key of keys) {
    if (JSON.stringify(was[key]) === JSON.stringify(is[key])) continue;
    if (was[key] === undefined) throw new NotUndoable(undoMessages.cannotClear(String(key)));
    back[key] = was[key];
  }
  return back;
}

const hasAny = (value: object) => Object.keys(value).length > 0;

function backToAssignment(assignmentId: string, was: AssignmentRecord | null, is: AssignmentRecord | null): PlanningCommand[] {
  if (!was && !is) return [];
  if (!was) return [{ kind: 'removeAssignment', assignmentId }];
  const { engineerId, projectId, role, allocationPercentage, startDate, endDate } = was;
  if (!is) return [{ kind: 'createAssignment', assignmentId, input: { engineerId, projectId, role, allocationPercentage, startDate, endDate } }];
  if (was.projectId !== is.projectId) throw new NotUndoable(undoMessages.changedIdentity);
  // The person too: an assignment handed to someone else goes back to whoever had it.
  const back = fieldsBack(was, is, ['engineerId', 'role', 'allocationPercentage', 'startDate', 'endDate']);
  return hasAny(back) ? [{ kind: 'updateAssignment', assignmentId, input: back as UpdateAssignmentInput }] : [];
}

const projectFields = ['name', 'description', 'startDate', 'endDate', 'teamSize', 'requiredSkills'] as const satisfies readonly (keyof Project)[];
const placeholderFields = ['role', 'skills', 'allocationPercentage', 'startDate', 'endDate'] as const satisfies readonly (keyof Placeholder)[];

function backToProject(projectId: string, was: ProjectRecord | null, is: ProjectRecord | null): PlanningCommand[] {
  if (!was && !is) return [];
  if (!was) throw new NotUndoable(undoMessages.projectCreated);
  if (!is) throw new NotUndoable(undoMessages.changedIdentity);
  const commands: PlanningCommand[] = [];
  const input: UpdateProjectInput = fieldsBack<Project>(was.project, is.project, projectFields);
  if (was.project.status !== is.project.status) {
    if (!canMoveStatus(is.project.status, was.project.status)) throw new NotUndoable(undoMessages.statusBack(was.project.status, is.project.status));
    input.status = was.project.status;
  }
  if (hasAny(input)) commands.push({ kind: 'updateProject', projectId, input });
  if (was.project.tentative !== is.project.tentative) commands.push({ kind: was.project.tentative ? 'markTentative' : 'confirmProject', projectId });

  const ids = new Set([...Object.keys(was.placeholders), ...Object.keys(is.placeholders)]);
  for (const placeholderId of ids) {
    const before = Object.hasOwn(was.placeholders, placeholderId) ? was.placeholders[placeholderId]! : null;
    const now = Object.hasOwn(is.placeholders, placeholderId) ? is.placeholders[placeholderId]! : null;
    if (!before && now) commands.push({ kind: 'removePlaceholder', projectId, placeholderId });
    else if (before && !now) {
      const { role, skills, allocationPercentage, startDate, endDate } = before;
      commands.push({ kind: 'addPlaceholder', projectId, placeholderId, input: { role, skills, allocationPercentage, startDate, endDate } });
    } else if (before && now) {
      const back = fieldsBack<Placeholder>(before, now, placeholderFields);
      if (hasAny(back)) commands.push({ kind: 'updatePlaceholder', projectId, placeholderId, input: back as UpdatePlaceholderInput });
    }
  }
  return commands;
}

const engineerFields = ['name', 'department', 'avatar', 'skills', 'seniority', 'maxCapacity'] as const satisfies readonly (keyof Engineer)[];

function backToEngineer(engineerId: string, was: EngineerRecord | null, is: EngineerRecord | null): PlanningCommand[] {
  if (!was && !is) return [];
  if (!was) throw new NotUndoable(undoMessages.engineerRegistered);
  if (!is || was.engineer.email !== is.engineer.email) throw new NotUndoable(undoMessages.changedIdentity);
  if (JSON.stringify(was.actuals ?? {}) !== JSON.stringify(is.actuals ?? {})) throw new NotUndoable(undoMessages.actuals);
  const commands: PlanningCommand[] = datedDaysBack(engineerId, was.engineer, is.engineer);
  // Teams set back as they were, with the department they gave (a team change writes the department).
  const teamsMoved = JSON.stringify(was.engineer.teams ?? []) !== JSON.stringify(is.engineer.teams ?? []);
  if (teamsMoved) {
    const teamName = is.engineer.department;
    commands.push({ kind: 'undoEngineerTeams', engineerId, teams: [...(was.engineer.teams ?? [])], department: was.engineer.department, teamName });
  }
  // A work week sets the capacity (its largest day): the week set back sets it back.
  const weeksMoved = commands.some((c) => c.kind === 'changeWorkWeek');
  const left = engineerFields.filter((f) => !(weeksMoved && f === 'maxCapacity') && !(teamsMoved && f === 'department'));
  const back = fieldsBack<Engineer>(was.engineer, is.engineer, left);
  if (hasAny(back)) commands.push({ kind: 'updateEngineer', engineerId, input: back as UpdateEngineerInput });
  const { startDate, leaveDate } = was.engineer;
  if (startDate !== is.engineer.startDate || leaveDate !== is.engineer.leaveDate) {
    commands.push({ kind: 'setEmployment', engineerId, input: { startDate: startDate ?? null, leaveDate: leaveDate ?? null } });
  }
  const ids = new Set([...Object.keys(was.timeOff), ...Object.keys(is.timeOff)]);
  for (const timeOffId of ids) {
    const before = Object.hasOwn(was.timeOff, timeOffId) ? was.timeOff[timeOffId]! : null;
    const now = Object.hasOwn(is.timeOff, timeOffId) ? is.timeOff[timeOffId]! : null;
    if (!before && now) commands.push({ kind: 'cancelTimeOff', engineerId, timeOffId });
    else if (before && !now) {
      const { from, to, kind, note } = before;
      commands.push({ kind: 'bookTimeOff', engineerId, timeOffId, input: { from, to, kind, ...(note ? { note } : {}) } });
    } else if (before && now && JSON.stringify({ ...before, version: 0 }) !== JSON.stringify({ ...now, version: 0 })) {
      throw new NotUndoable(undoMessages.changedIdentity);
    }
  }
  // Cancellations first: a booking given back may cover days a new one took.
  return commands.sort((a, b) => Number(b.kind === 'cancelTimeOff') - Number(a.kind === 'cancelTimeOff'));
}

/** The entry of a dated list in force on `date`. */
const inForceOn = <T extends { from: string }>(list: readonly T[] | undefined, date: string): T | undefined =>
  (list ?? []).filter((entry) => entry.from <= date).at(-1);

/**
 * A work week or holiday calendar set from a date is set back from that date to what was in force
 * there before: every day reads as it did (the dated list keeps one more entry, saying the same).
 */
function datedDaysBack(engineerId: string, was: Engineer, is: Engineer): PlanningCommand[] {
  const commands: PlanningCommand[] = [];
  const wasWeeks = was.workWeeks ?? [];
  for (const week of is.workWeeks ?? []) {
    const days = inForceOn(wasWeeks, week.from)?.days ?? standardWorkWeek(was.maxCapacity);
    if (JSON.stringify(days) !== JSON.stringify(week.days)) commands.push({ kind: 'changeWorkWeek', engineerId, input: { from: week.from, days } });
  }
  for (const entry of is.calendars ?? []) {
    const calendarId = inForceOn(was.calendars, entry.from)?.calendarId ?? DEFAULT_CALENDAR_ID;
    if (calendarId !== entry.calendarId) commands.push({ kind: 'followCalendar', engineerId, input: { calendarId, from: entry.from } });
  }
  return commands;
}

/**
 * A created calendar is removed again (with its holidays), a removed one created again under its own id
 * with the holidays it had, a renamed one renamed back; holidays added are removed and removed ones added.
 */
function backToCalendar(calendarId: string, wasState: Calendar | null, isState: Calendar | null): PlanningCommand[] {
  const was = calendarOrDefault(wasState, calendarId);
  const is = calendarOrDefault(isState, calendarId);
  if (was && !is) {
    const { name, country, region, rule } = was.calendar;
    const holidays = Object.values(was.holidays).map((h) => ({ holidayId: h._id, date: h.date, name: h.name }));
    const input = { name, ...(country ? { country } : {}), ...(region ? { region } : {}) };
    return [{ kind: 'createHolidayCalendar', calendarId, input, holidays, ...(rule ? { rule } : {}) }];
  }
  if (!was && is) return [{ kind: 'removeHolidayCalendar', calendarId }];
  if (!was || !is) return [];
  const before = was.holidays;
  const now = is.holidays;
  const commands: PlanningCommand[] = [];
  for (const holidayId of new Set([...Object.keys(before), ...Object.keys(now)])) {
    const had = Object.hasOwn(before, holidayId) ? before[holidayId]! : null;
    const has = Object.hasOwn(now, holidayId) ? now[holidayId]! : null;
    if (!had && has) commands.push({ kind: 'removeHoliday', holidayId, calendarId });
    else if (had && !has) commands.push({ kind: 'addHoliday', holidayId, input: { date: had.date, name: had.name, calendarId } });
  }
  // A rule's day removed by hand comes back as a recorded holiday on its date (a recorded day wins over the rule).
  const hadRecorded = new Set(Object.values(before).map((h) => h.date));
  const wasRemoved = new Set((was.calendar.removedRuleDays ?? []).map((r) => r.date));
  for (const day of is.calendar.removedRuleDays ?? []) {
    if (wasRemoved.has(day.date) || hadRecorded.has(day.date)) continue;
    commands.push({ kind: 'addHoliday', holidayId: ruleHolidayId(calendarId, day.date), input: { date: day.date, name: day.name, calendarId } });
  }
  // Removals first: a holiday given back may be on the date of one the change added.
  commands.sort((a, b) => Number(b.kind === 'removeHoliday') - Number(a.kind === 'removeHoliday'));
  const [wasRule, isRule] = [was.calendar.rule ?? null, is.calendar.rule ?? null];
  if (JSON.stringify(wasRule) !== JSON.stringify(isRule)) commands.push({ kind: 'setHolidayCalendarRule', calendarId, rule: wasRule });
  if (was.calendar.name !== is.calendar.name) commands.push({ kind: 'renameHolidayCalendar', calendarId, input: { name: was.calendar.name } });
  return commands;
}

/** What `POST /api/undo/:commandId` answers: the undo's own command id, and how many events it appended. */
export type UndoAnswer = { commandId: string; reversed: number };
