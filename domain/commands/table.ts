import {
  decideConfirmProject, decideCreateAssignment, decideCreateProject, decideMarkTentative, decideRegisterEngineer,
  decideRemoveAssignment, decideUpdateAssignment, decideUpdateEngineer, decideUpdateProject,
} from '../decide/planning.ts';
import { decideUndoEngineerTeams } from '../teams/decide.ts';
import { decideChangeWorkWeek, decideFollowCalendar, decideSetEmployment } from '../decide/engineer-days.ts';
import {
  decideAddHoliday, decideCreateHolidayCalendar, decideRemoveHoliday, decideRemoveHolidayCalendar, decideRenameHolidayCalendar, decideSetHolidayCalendarRule,
} from '../decide/holidays.ts';
import { decideAddPlaceholder, decideFillPlaceholder, decideRemovePlaceholder, decideUpdatePlaceholder } from '../decide/placeholders.ts';
import { decideBookTimeOff, decideCancelTimeOff, type TimeOffActor } from '../decide/time-off.ts';
import type { AssignmentRecord, Engineer, HolidayCalendar, Project } from '../entities.ts';
import { streamEntity, streamIds, type AssignmentEvent, type PlanningEvent } from '../events.ts';
import { evolveAssignment } from '../evolve.ts';
import { keepLockedAssignment, keepLockedTimeOff, lockedWeeksOf } from '../actuals/locked-plan.ts';
import { decideLockWeek, decideRecordActuals, decideUnlockWeek } from '../actuals/decide.ts';
import type { Calendar, EngineerRecord, ProjectRecord } from '../evolve.ts';
import { DEFAULT_CALENDAR_ID } from '../capacity/engineer-days.ts';
import type { CommandOf, PlanningCommand, PlanningCommandKind } from './planning-commands.ts';

/** The events one command appends to one stream. */
export type StreamEvents = { streamId: string; events: PlanningEvent[] };

/**
 * What a decision may look at, as of before the command. The live handler answers from the streams it
 * folded and the read models; a scenario answers from the plan it has folded its drafts onto.
 */
export type PlanReader = {
  assignment(id: string): AssignmentRecord | null;
  project(id: string): Project | null;
  projectPlan(id: string): ProjectRecord | null;
  engineer(id: string): Engineer | null;
  engineerRecord(id: string): EngineerRecord | null;
  /** The calendar's stream as folded: null for the default calendar before its first event (see calendarOrDefault). */
  calendar(id: string): Calendar | null;
  /** A holiday calendar engineers may follow (the default one always exists). */
  holidayCalendar(id: string): { _id: string; name: string } | null;
  /** Every holiday calendar there is (names must differ). */
  holidayCalendars(): HolidayCalendar[];
  /** The names of the engineers whose calendars name this one, at any date. */
  calendarFollowers(id: string): string[];
  /** The ISO weeks locked for this engineer's actuals: their plan never changes (domain/actuals/locked-plan.ts). */
  lockedWeeks(engineerId: string): readonly string[];
};

/**
 * Something a decision reads without writing its stream: the project of an assignment, say, or a
 * calendar, the calendars there are and who follows one (read from the read models by the live handler).
 */
export type Reference = { kind: 'engineer' | 'project' | 'holidayCalendar' | 'calendar-followers' | 'locked-weeks'; id: string } | { kind: 'holiday-calendars' };

/** `timeZone`: the organisation's, in which an assignment's instants are days (UTC when not said). */
export type CommandContext = { read: PlanReader; actor: TimeOffActor; timeZone?: string };

type Spec<C> = {
  /** The streams the command writes, in the order their events are appended; the first is the one an expected version is about. */
  writes: (command: C) => string[];
  /** What else it reads, given the written streams as they are: the live handler loads those first. */
  reads?: (command: C, read: PlanReader) => Reference[];
  decide: (command: C, context: CommandContext) => StreamEvents[];
};

const on = (streamId: string, events: PlanningEvent[]): StreamEvents[] => [{ streamId, events }];
const project = (c: { projectId: string }) => [streamIds.project(c.projectId)];
const assignment = (c: { assignmentId: string }) => [streamIds.assignment(c.assignmentId)];
const engineer = (c: { engineerId: string }) => [streamIds.engineer(c.engineerId)];
const calendar = (c: { calendarId: string }) => [streamIds.calendar(c.calendarId)];

/**
 * The one table of planning commands: for each kind, the streams it writes and its decision through the
 * domain's decide functions. The live routes, the CSV-free single writes, a scenario's preview and its
 * publish all go through it; a kind missing here is a compile error.
 */
export const planningCommands: { [K in PlanningCommandKind]: Spec<CommandOf<K>> } = {
  createProject: {
    writes: project,
    decide: (c, { read, actor }) => on(streamIds.project(c.projectId), decideCreateProject(read.project(c.projectId), { projectId: c.projectId, input: c.input, managerId: actor.id })),
  },
  updateProject: {
    writes: project,
    decide: (c, { read }) => on(streamIds.project(c.projectId), decideUpdateProject(read.project(c.projectId), c.input)),
  },
  markTentative: {
    writes: project,
    decide: (c, { read }) => on(streamIds.project(c.projectId), decideMarkTentative(read.project(c.projectId))),
  },
  confirmProject: {
    writes: project,
    decide: (c, { read }) => on(streamIds.project(c.projectId), decideConfirmProject(read.project(c.projectId))),
  },
  createAssignment: {
    writes: assignment,
    reads: (c) => [{ kind: 'engineer', id: c.input.engineerId }, { kind: 'project', id: c.input.projectId }],
    decide: (c, { read }) => on(streamIds.assignment(c.assignmentId), decideCreateAssignment(read.assignment(c.assignmentId), {
      assignmentId: c.assignmentId, input: c.input, engineer: read.engineer(c.input.engineerId), project: read.project(c.input.projectId),
    })),
  },
  updateAssignment: {
    writes: assignment,
    reads: (c, read) => {
      const state = read.assignment(c.assignmentId);
      const engineer: Reference[] = c.input.engineerId !== undefined ? [{ kind: 'engineer', id: c.input.engineerId }] : [];
      return state ? [{ kind: 'project', id: state.projectId }, ...engineer] : engineer;
    },
    decide: (c, { read }) => {
      const state = read.assignment(c.assignmentId);
      const engineer = c.input.engineerId !== undefined ? read.engineer(c.input.engineerId) : undefined;
      return on(streamIds.assignment(c.assignmentId), decideUpdateAssignment(state, { input: c.input, project: state && read.project(state.projectId), engineer }));
    },
  },
  removeAssignment: {
    writes: assignment,
    decide: (c, { read }) => on(streamIds.assignment(c.assignmentId), decideRemoveAssignment(read.assignment(c.assignmentId))),
  },
  registerEngineer: {
    writes: engineer,
    decide: (c, { read }) => on(streamIds.engineer(c.engineerId), decideRegisterEngineer(read.engineer(c.engineerId), { engineerId: c.engineerId, input: c.input })),
  },
  updateEngineer: {
    writes: engineer,
    decide: (c, { read, actor }) => on(streamIds.engineer(c.engineerId), decideUpdateEngineer(read.engineer(c.engineerId), { input: c.input, actor })),
  },
  undoEngineerTeams: {
    writes: engineer,
    decide: (c, { read }) => on(streamIds.engineer(c.engineerId), decideUndoEngineerTeams(read.engineer(c.engineerId), c)),
  },
  changeWorkWeek: {
    writes: engineer,
    decide: (c, { read }) => on(streamIds.engineer(c.engineerId), decideChangeWorkWeek(read.engineer(c.engineerId), c.input)),
  },
  followCalendar: {
    writes: engineer,
    reads: (c) => [{ kind: 'holidayCalendar', id: c.input.calendarId }],
    decide: (c, { read }) =>
      on(streamIds.engineer(c.engineerId), decideFollowCalendar(read.engineer(c.engineerId), c.input, (id) => read.holidayCalendar(id) !== null)),
  },
  setEmployment: {
    writes: engineer,
    decide: (c, { read }) => on(streamIds.engineer(c.engineerId), decideSetEmployment(read.engineer(c.engineerId), c.input)),
  },
  bookTimeOff: {
    writes: engineer,
    decide: (c, { read, actor }) =>
      on(streamIds.engineer(c.engineerId), decideBookTimeOff(read.engineerRecord(c.engineerId), { timeOffId: c.timeOffId, input: c.input, actor })),
  },
  cancelTimeOff: {
    writes: engineer,
    decide: (c, { read, actor }) => on(streamIds.engineer(c.engineerId), decideCancelTimeOff(read.engineerRecord(c.engineerId), { timeOffId: c.timeOffId, actor })),
  },
  addHoliday: {
    writes: (c) => calendar(c.input),
    decide: (c, { read }) => on(streamIds.calendar(c.input.calendarId), decideAddHoliday(read.calendar(c.input.calendarId), { holidayId: c.holidayId, input: c.input })),
  },
  removeHoliday: {
    writes: calendar,
    decide: (c, { read }) => on(streamIds.calendar(c.calendarId), decideRemoveHoliday(read.calendar(c.calendarId), {
      holidayId: c.holidayId, calendarId: c.calendarId, ...(c.ruleDay ? { ruleDay: c.ruleDay } : {}),
    })),
  },
  createHolidayCalendar: {
    writes: calendar,
    reads: () => [{ kind: 'holiday-calendars' }],
    decide: (c, { read }) => on(streamIds.calendar(c.calendarId), decideCreateHolidayCalendar(read.calendar(c.calendarId), {
      calendarId: c.calendarId, input: c.input, holidays: c.holidays, others: read.holidayCalendars(), ...(c.rule ? { rule: c.rule } : {}),
    })),
  },
  setHolidayCalendarRule: {
    writes: calendar,
    decide: (c, { read }) => on(streamIds.calendar(c.calendarId), decideSetHolidayCalendarRule(read.calendar(c.calendarId), { calendarId: c.calendarId, rule: c.rule })),
  },
  renameHolidayCalendar: {
    writes: calendar,
    reads: () => [{ kind: 'holiday-calendars' }],
    decide: (c, { read }) => on(streamIds.calendar(c.calendarId), decideRenameHolidayCalendar(read.calendar(c.calendarId), {
      calendarId: c.calendarId, name: c.input.name, others: read.holidayCalendars(),
    })),
  },
  removeHolidayCalendar: {
    writes: calendar,
    reads: (c) => [{ kind: 'calendar-followers', id: c.calendarId }],
    decide: (c, { read }) => on(streamIds.calendar(c.calendarId), decideRemoveHolidayCalendar(read.calendar(c.calendarId), {
      calendarId: c.calendarId, followers: read.calendarFollowers(c.calendarId),
    })),
  },
  addPlaceholder: {
    writes: project,
    decide: (c, { read }) => on(streamIds.project(c.projectId), decideAddPlaceholder(read.projectPlan(c.projectId), { placeholderId: c.placeholderId, input: c.input })),
  },
  updatePlaceholder: {
    writes: project,
    decide: (c, { read }) => on(streamIds.project(c.projectId), decideUpdatePlaceholder(read.projectPlan(c.projectId), { placeholderId: c.placeholderId, input: c.input })),
  },
  removePlaceholder: {
    writes: project,
    decide: (c, { read }) => on(streamIds.project(c.projectId), decideRemovePlaceholder(read.projectPlan(c.projectId), { placeholderId: c.placeholderId })),
  },
  recordActuals: {
    writes: engineer,
    reads: (c) => c.input.entries.map((e) => ({ kind: 'project', id: e.projectId })),
    decide: (c, { read, actor }) => on(streamIds.engineer(c.engineerId), decideRecordActuals(read.engineerRecord(c.engineerId), {
      week: c.week, input: c.input, actor, projectExists: (id) => read.project(id) !== null,
    })),
  },
  lockActualsWeek: {
    writes: engineer,
    decide: (c, { read, actor }) => on(streamIds.engineer(c.engineerId), decideLockWeek(read.engineerRecord(c.engineerId), { week: c.week, actor })),
  },
  unlockActualsWeek: {
    writes: engineer,
    decide: (c, { read, actor }) =>
      on(streamIds.engineer(c.engineerId), decideUnlockWeek(read.engineerRecord(c.engineerId), { week: c.week, reason: c.reason, actor })),
  },
  fillPlaceholder: {
    writes: (c) => [streamIds.project(c.projectId), streamIds.assignment(c.assignmentId)],
    reads: (c) => [{ kind: 'engineer', id: c.engineerId }],
    decide: (c, { read }) => {
      const decided = decideFillPlaceholder(read.projectPlan(c.projectId), {
        placeholderId: c.placeholderId, assignmentId: c.assignmentId, engineerId: c.engineerId, engineer: read.engineer(c.engineerId),
      });
      return [
        { streamId: streamIds.project(c.projectId), events: decided.project },
        { streamId: streamIds.assignment(c.assignmentId), events: decided.assignment },
      ];
    },
  },
};

const specOf = <C extends PlanningCommand>(command: C) => planningCommands[command.kind] as unknown as Spec<C>;

/** The streams a command writes, in the order its events are appended. */
export const streamsOf = (command: PlanningCommand): string[] => specOf(command).writes(command);

/**
 * The engineers whose plan a command may change: the one it names, and whoever has an assignment it
 * writes now. Their locked weeks are read before it is decided.
 */
function engineersPlanned(command: PlanningCommand, read: PlanReader): string[] {
  const named = 'engineerId' in command ? [command.engineerId] : 'input' in command && 'engineerId' in command.input && typeof command.input.engineerId === 'string' ? [command.input.engineerId] : [];
  const owners = streamsOf(command).flatMap((streamId) => {
    const entity = streamEntity(streamId);
    return entity?.kind === 'assignment' ? [read.assignment(entity.id)?.engineerId].filter((id): id is string => id !== undefined) : [];
  });
  return [...new Set([...named, ...owners])];
}

/** What a command reads beyond the streams it writes, given those as they are. */
export const referencesOf = (command: PlanningCommand, read: PlanReader): Reference[] => [
  ...(specOf(command).reads?.(command, read) ?? []),
  ...engineersPlanned(command, read).map((id): Reference => ({ kind: 'locked-weeks', id })),
];

/**
 * Whatever a command decided, a day of a locked actuals week keeps its plan: each assignment it writes
 * as it was and as the events leave it, and each time off it books or cancels, are held against the
 * weeks locked for their engineer.
 */
function keepLockedWeeks(decided: readonly StreamEvents[], { read, timeZone = 'UTC' }: CommandContext): void {
  const locked = { lockedWeeks: (id: string) => read.lockedWeeks(id), nameOf: (id: string) => read.engineer(id)?.name ?? null };
  for (const { streamId, events } of decided) {
    if (events.length === 0) continue;
    const entity = streamEntity(streamId);
    if (entity?.kind === 'assignment') {
      const before = read.assignment(entity.id);
      const after = events.reduce<AssignmentRecord | null>((state, event, i) => evolveAssignment(state, event as AssignmentEvent, i + 1), before);
      keepLockedAssignment(before, after, locked, timeZone);
    }
    for (const event of events) if (event.type === 'TimeOffBooked' || event.type === 'TimeOffCancelled') keepLockedTimeOff(event.data, locked);
  }
}

/** The command's events per stream, or the DomainError the live route would answer with. */
export const decideCommand = (command: PlanningCommand, context: CommandContext): StreamEvents[] => {
  const decided = specOf(command).decide(command, context);
  keepLockedWeeks(decided, context);
  return decided;
};

/** A reader over entities already at hand (a batch's preloaded records and the stream being decided). */
export function readerOf(known: {
  engineers?: ReadonlyMap<string, Engineer | null>;
  projects?: ReadonlyMap<string, Project | null>;
  assignments?: ReadonlyMap<string, AssignmentRecord | null>;
  engineerRecord?: ReadonlyMap<string, EngineerRecord | null>;
  calendars?: ReadonlyMap<string, Calendar | null>;
  holidayCalendars?: ReadonlyMap<string, { _id: string; name: string } | null>;
  calendarList?: readonly HolidayCalendar[];
  /** The weeks locked per engineer, beside those of the engineer streams at hand. */
  lockedWeeks?: ReadonlyMap<string, readonly string[]>;
}): PlanReader {
  return {
    assignment: (id) => known.assignments?.get(id) ?? null,
    project: (id) => known.projects?.get(id) ?? null,
    engineer: (id) => known.engineers?.get(id) ?? known.engineerRecord?.get(id)?.engineer ?? null,
    projectPlan: () => null,
    engineerRecord: (id) => known.engineerRecord?.get(id) ?? null,
    calendar: (id) => known.calendars?.get(id) ?? null,
    holidayCalendar: (id) => defaultCalendarOr(known.holidayCalendars?.get(id) ?? null, id),
    holidayCalendars: () => [...(known.calendarList ?? [])],
    // Who follows a calendar is not at hand here, and "nobody" would let a followed calendar go.
    calendarFollowers: () => {
      throw new Error('calendar followers are not known to this reader');
    },
    lockedWeeks: (id) => known.lockedWeeks?.get(id) ?? lockedWeeksOf(known.engineerRecord?.get(id)?.actuals),
  };
}

/**
 * The events of a command that writes one stream: what a batch of commands of one kind appends per
 * stream. `E` is that stream's kind of event, which the command's kind fixes.
 */
export const decideOnOneStream = <E extends PlanningEvent = PlanningEvent>(command: PlanningCommand, context: CommandContext): E[] =>
  decideCommand(command, context).flatMap((decided) => decided.events) as E[];

/** The default calendar always exists, whether or not anything was ever written about it. */
export const defaultCalendarOr = (found: { _id: string; name: string } | null, id: string) =>
  found ?? (id === DEFAULT_CALENDAR_ID ? { _id: DEFAULT_CALENDAR_ID, name: 'Default' } : null);
