import { accountStreamId, type AccountEvent } from './accounts/events.ts';
import { DEFAULT_CALENDAR_ID } from './capacity/engineer-days.ts';
import type { Engineer, HolidayCalendar, HolidayRecord, HolidayRule, Placeholder, Project, ProjectStatus, Seniority, TimeOff } from './entities.ts';
import type { ActualsEvent } from './actuals/events.ts';
import { viewStreamId, type ViewEvent } from './views/events.ts';
import { isStaffingEvent, staffingStreamId, type StaffingEvent } from './staffing/events.ts';
import { isTeamEvent, teamStreamId, type TeamEvent } from './teams/events.ts';

/** What ProjectCreated records; a new project is confirmed, the tentative flag has events of its own. */
export type ProjectFields = Omit<Project, '_id' | 'version' | 'tentative'>;
export type EngineerFields = Omit<Engineer, '_id' | 'version'>;
export type AssignmentFields = {
  engineerId: string;
  projectId: string;
  role: string;
  allocationPercentage: number;
  startDate: string;
  endDate: string;
};

export type ProjectCreated = { type: 'ProjectCreated'; data: { projectId: string } & ProjectFields };
export type ProjectUpdated = {
  type: 'ProjectUpdated';
  /** `previous` holds the replaced values, so history reads 'from 50% to 80%' without a replay. */
  data: {
    projectId: string;
    changes: Partial<Omit<ProjectFields, 'status' | 'managerId'>>;
    previous?: Partial<Omit<ProjectFields, 'status' | 'managerId'>>;
  };
};
export type ProjectStatusChanged = {
  type: 'ProjectStatusChanged';
  data: { projectId: string; from: ProjectStatus; to: ProjectStatus };
};
export type AssignmentCreated = { type: 'AssignmentCreated'; data: { assignmentId: string } & AssignmentFields };
/**
 * A change of an assignment's role, allocation, dates or engineer (a reassignment: `engineerId` in
 * `changes`, the one it was taken from in `previous`). Its project never changes.
 */
export type AssignmentUpdated = {
  type: 'AssignmentUpdated';
  data: {
    assignmentId: string;
    changes: Partial<Omit<AssignmentFields, 'projectId'>>;
    previous?: Partial<Omit<AssignmentFields, 'projectId'>>;
  };
};
export type AssignmentRemoved = { type: 'AssignmentRemoved'; data: { assignmentId: string } };
export type EngineerRegistered = { type: 'EngineerRegistered'; data: { engineerId: string } & EngineerFields };
export type EngineerProfileUpdated = {
  type: 'EngineerProfileUpdated';
  data: {
    engineerId: string;
    changes: Partial<EngineerFields & { seniority: Seniority }>;
    previous?: Partial<EngineerFields & { seniority: Seniority }>;
  };
};

export type ProjectMarkedTentative = { type: 'ProjectMarkedTentative'; data: { projectId: string } };
export type ProjectConfirmed = { type: 'ProjectConfirmed'; data: { projectId: string } };

export type PlaceholderFields = Omit<Placeholder, '_id' | 'version'>;
export type PlaceholderAdded = { type: 'PlaceholderAdded'; data: { placeholderId: string } & PlaceholderFields };
export type PlaceholderUpdated = {
  type: 'PlaceholderUpdated';
  data: {
    placeholderId: string;
    projectId: string;
    changes: Partial<Omit<PlaceholderFields, 'projectId'>>;
    previous?: Partial<Omit<PlaceholderFields, 'projectId'>>;
  };
};
/** `role` is kept so that the history reads 'removed the SRE placeholder' without a replay. */
export type PlaceholderRemoved = { type: 'PlaceholderRemoved'; data: { placeholderId: string; projectId: string; role: string } };
/**
 * The placeholder became the assignment `assignmentId` (its AssignmentCreated is in the same
 * transaction). Who fills it is on that assignment only: engineers see placeholders live, not who
 * was assigned to what.
 */
export type PlaceholderFilled = {
  type: 'PlaceholderFilled';
  data: { placeholderId: string; projectId: string; assignmentId: string; role: string };
};

export type TimeOffFields = Omit<TimeOff, '_id' | 'version'>;
export type TimeOffBooked = { type: 'TimeOffBooked'; data: { timeOffId: string } & TimeOffFields };
/** Carries the cancelled booking's days and kind, so the history reads without a replay. */
export type TimeOffCancelled = {
  type: 'TimeOffCancelled';
  data: { timeOffId: string } & Omit<TimeOffFields, 'note'>;
};

/**
 * The facts that say which days an engineer works (domain/capacity/engineer-days.ts). Each carries what it
 * replaced, so the history reads 'from Mon-Fri to Mon-Thu' without a replay.
 */
export type EngineerWorkWeekChanged = { type: 'EngineerWorkWeekChanged'; data: { engineerId: string; from: string; days: number[]; previous?: number[] } };
export type EngineerCalendarChanged = { type: 'EngineerCalendarChanged'; data: { engineerId: string; calendarId: string; from: string; previous?: string } };
/** `date: null` clears the start date. */
export type EngineerStartDateSet = { type: 'EngineerStartDateSet'; data: { engineerId: string; date: string | null; previous?: string } };
export type EngineerLeaving = { type: 'EngineerLeaving'; data: { engineerId: string; date: string; previous?: string } };
export type EngineerLeavingCancelled = { type: 'EngineerLeavingCancelled'; data: { engineerId: string; date: string } };
/**
 * The team someone is in from a date (domain/teams/). `teamName` is the team's name then: the free-text
 * department reads as it, for the public client.
 */
export type EngineerTeamChanged = { type: 'EngineerTeamChanged'; data: { engineerId: string; teamId: string; from: string; teamName: string; previous?: string } };
/**
 * An undo of team changes: the engineer's dated teams are again `teams` (as before the change undone),
 * and the department reads `department` again. `teamName` names the team they had been put in, for the
 * history.
 */
export type EngineerTeamChangeUndone = {
  type: 'EngineerTeamChangeUndone';
  data: { engineerId: string; teams: { from: string; teamId: string }[]; department: string; teamName: string };
};
export type EngineerDaysEvent = EngineerWorkWeekChanged | EngineerCalendarChanged | EngineerStartDateSet | EngineerLeaving | EngineerLeavingCancelled;

/** `calendarId` names the calendar (stored events from before named calendars are upcast to 'default'). */
export type HolidayAdded = { type: 'HolidayAdded'; data: { holidayId: string } & Omit<HolidayRecord, '_id' | 'version'> };
export type HolidayRemoved = { type: 'HolidayRemoved'; data: { holidayId: string } & Omit<HolidayRecord, '_id' | 'version'> };
export type HolidayCalendarFields = Omit<HolidayCalendar, '_id' | 'version'>;
/** A named calendar, empty: the public holidays it is filled with follow as HolidayAdded in the same command. */
export type HolidayCalendarCreated = { type: 'HolidayCalendarCreated'; data: { calendarId: string } & HolidayCalendarFields };
export type HolidayCalendarRenamed = { type: 'HolidayCalendarRenamed'; data: { calendarId: string; name: string; previous: string } };
/**
 * From now on the calendar holds the public holidays of the rule's country (and region) for every year,
 * beside its recorded ones (`rule: null`: only its recorded ones again); `previous` is the rule it had. A
 * HolidayRemoved on the calendar while it has a rule keeps that day off.
 */
export type HolidayCalendarRuleSet = {
  type: 'HolidayCalendarRuleSet';
  data: { calendarId: string; rule: HolidayRule | null; previous?: HolidayRule };
};
/** Its holidays are removed (HolidayRemoved each) just before, in the same command; `name` is kept for the history. */
export type HolidayCalendarRemoved = { type: 'HolidayCalendarRemoved'; data: { calendarId: string; name: string } };

export type PlaceholderEvent = PlaceholderAdded | PlaceholderUpdated | PlaceholderRemoved | PlaceholderFilled;
export type ProjectEvent = ProjectCreated | ProjectUpdated | ProjectStatusChanged | ProjectMarkedTentative | ProjectConfirmed | PlaceholderEvent;
export type AssignmentEvent = AssignmentCreated | AssignmentUpdated | AssignmentRemoved;
export type TimeOffEvent = TimeOffBooked | TimeOffCancelled;
export type HolidayCalendarEvent = HolidayCalendarCreated | HolidayCalendarRenamed | HolidayCalendarRemoved | HolidayCalendarRuleSet;
export type HolidayEvent = HolidayAdded | HolidayRemoved;
export type CalendarEvent = HolidayEvent | HolidayCalendarEvent;
/** Actuals (domain/actuals/) are the engineer's facts too: a week's version is the engineer's. */
export type EngineerEvent = EngineerRegistered | EngineerProfileUpdated | TimeOffEvent | EngineerDaysEvent | ActualsEvent | EngineerTeamChanged | EngineerTeamChangeUndone;
/** Account, team, staffing and saved-view facts share the log (history, live, hash chain) but never touch the plan. */
export type PlanningEvent = ProjectEvent | AssignmentEvent | EngineerEvent | CalendarEvent | AccountEvent | TeamEvent | StaffingEvent | ViewEvent;
/**
 * The one list of event types. Everything that must handle every type (reducers, the history fold, event
 * sentences, live visibility, assignment owners) switches exhaustively over it and ends in
 * `assertNever`, so a type added here and forgotten in one of those places fails to compile instead
 * of being dropped silently. The checklist for a new type is in docs/how-to.md.
 */
export const planningEventTypes = [
  'ProjectCreated', 'ProjectUpdated', 'ProjectStatusChanged',
  'AssignmentCreated', 'AssignmentUpdated', 'AssignmentRemoved',
  'EngineerRegistered', 'EngineerProfileUpdated',
  'TimeOffBooked', 'TimeOffCancelled',
  'EngineerWorkWeekChanged', 'EngineerCalendarChanged', 'EngineerStartDateSet', 'EngineerLeaving', 'EngineerLeavingCancelled',
  'HolidayAdded', 'HolidayRemoved',
  'HolidayCalendarCreated', 'HolidayCalendarRenamed', 'HolidayCalendarRemoved', 'HolidayCalendarRuleSet',
  'ProjectMarkedTentative', 'ProjectConfirmed',
  'PlaceholderAdded', 'PlaceholderUpdated', 'PlaceholderRemoved', 'PlaceholderFilled',
  'ActualsRecorded', 'ActualsWeekLocked', 'ActualsWeekUnlocked',
  'AccountInvited', 'AccountActivated', 'AccountRoleChanged', 'AdminGranted', 'AdminRevoked',
  'AccountDeactivated', 'AccountReactivated', 'PasswordChanged', 'PasswordResetIssued', 'InviteWithdrawn',
  'ViewSaved', 'ViewRemoved',
  'ManagerScopeChanged', 'EngineerTeamChanged', 'EngineerTeamChangeUndone',
  'TeamCreated', 'TeamRenamed', 'TeamMoved', 'TeamRemoved',
  'StaffingRequested', 'StaffingProposed', 'StaffingApproved', 'StaffingDeclined', 'StaffingWithdrawn',
] as const;
export type PlanningEventType = (typeof planningEventTypes)[number];

/** Team and staffing facts: on the log, in the history and live, never in the plan's fold. */
export type OrganisationEvent = TeamEvent | StaffingEvent;
export const isOrganisationEvent = <E extends { type: string }>(event: E): event is Extract<E, OrganisationEvent> => isTeamEvent(event) || isStaffingEvent(event);
export type EventOfType<T extends PlanningEventType> = Extract<PlanningEvent, { type: T }>;

/** Fails to compile unless the tuple above and the union of event shapes name exactly the same types. */
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const eventTableMatchesUnion: SameSet<PlanningEventType, PlanningEvent['type']> = true;

/**
 * The `default:` of an exhaustive switch: a compile error when a case is missing (the value is not
 * `never` then), and at run time a loud failure rather than a silent skip.
 */
export function assertNever(value: never, what = 'event'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify((value as { type?: unknown })?.type ?? value)}`);
}

export type EventMetadata = {
  actorId: string;
  actorRole: string;
  commandId?: string;
  correlationId?: string;
  /** Set on the events a published scenario appended: the History screen says which scenario they came from. */
  scenarioId?: string;
  /** Set on the events a published scenario appended for a change a proposal drafted (resolving overloads): its one-line reason. */
  proposed?: { reason: string; moveId?: string };
  /** Set on the events of an undo: the command id of the write they reverse (the History says "undid: ..."). */
  undoOf?: string;
  /** Set on the demo's events, whose recorded time the demo seed chose (spread over the weeks before it ran), not the clock. */
  demo?: true;
};

/** An event as stored and sent to readers: the envelope the live channel and /api/events carry. */
export type RecordedEvent<E extends PlanningEvent = PlanningEvent> = E & {
  cursor: string;
  streamId: string;
  streamPosition: number;
  metadata: EventMetadata;
  recordedAt: string;
};

/**
 * Each holiday calendar is one stream, so that one holiday per date is a rule it can keep. The default
 * calendar keeps the stream the organisation's only calendar had, `calendar`; any other is `calendar-<id>`.
 */
export const CALENDAR_STREAM = 'calendar';
export const calendarStreamId = (calendarId: string = DEFAULT_CALENDAR_ID) =>
  calendarId === DEFAULT_CALENDAR_ID ? CALENDAR_STREAM : `calendar-${calendarId}`;

export const streamIds = {
  project: (id: string) => `project-${id}`,
  assignment: (id: string) => `assignment-${id}`,
  engineer: (id: string) => `engineer-${id}`,
  calendar: calendarStreamId,
  account: accountStreamId,
  view: viewStreamId,
  team: teamStreamId,
  staffing: staffingStreamId,
};

export type StreamEntityKind = 'project' | 'assignment' | 'engineer' | 'calendar' | 'account' | 'team' | 'staffing';

/** Which entity an event is about, from its stream name (a calendar's id is its calendarId; the default's stream is `calendar`). */
export function streamEntity(streamId: string): { kind: StreamEntityKind; id: string } | null {
  if (streamId === CALENDAR_STREAM) return { kind: 'calendar', id: DEFAULT_CALENDAR_ID };
  // Any text after the kind is an id, line breaks included: a hostile id is then simply not found (404).
  const match = /^(project|assignment|engineer|account|calendar|team|staffing)-([\s\S]+)$/.exec(streamId);
  return match ? { kind: match[1] as StreamEntityKind, id: match[2]! } : null;
}
