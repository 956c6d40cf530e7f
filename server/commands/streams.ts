import {
  accountStreamId, evolveAccount, type Account, type AccountEvent, evolveView, viewStreamId, type SavedView, type ViewEvent,
  evolveAssignment, evolveCalendar, evolveEngineerRecord, evolveProjectRecord, streamIds,
  type AssignmentEvent, type AssignmentRecord, type Calendar, type CalendarEvent, type EngineerEvent,
  type EngineerRecord, type ProjectEvent, type ProjectRecord,
  evolveStaffing, evolveTeam, type StaffingEvent, type StaffingRequest, type Team, type TeamEvent,
} from '../../domain/index.ts';
import type { DbOrTrx, Writer } from '../db/connect.ts';
import { projectAccount } from '../projections/accounts.ts';
import { projectView } from '../projections/views.ts';
import { projectStaffing, projectTeam } from '../projections/teams.ts';
import { projectAssignment, projectAssignments } from '../projections/assignments.ts';
import { projectCalendar } from '../projections/holidays.ts';
import type { ProjectedState } from '../projections/many.ts';
import { projectProjectPlan, projectProjectPlans } from '../projections/placeholders.ts';
import { projectEngineerRecord, projectEngineerRecords } from '../projections/time-off.ts';

/**
 * What the command runner needs to know of a kind of stream: its name, its one fold and its projection.
 * The projection gets the folded state and the events just appended (facts kept beside an entity
 * write only the rows those events touched). `projectMany`, where a kind has it, writes many
 * streams' read-model rows in a few statements, for commands run in bulk.
 */
export type StreamKind<S, E> = {
  name: 'project' | 'assignment' | 'engineer' | 'calendar' | 'account' | 'view' | 'team' | 'staffing';
  streamId: (id: string) => string;
  evolve: (state: S | null, event: E, version: number) => S | null;
  project: (trx: Writer, id: string, state: S | null, events: readonly E[]) => Promise<void>;
  projectMany?: (trx: DbOrTrx, states: readonly ProjectedState<S>[]) => Promise<void>;
};

/** A project's stream, whole: the project with its open roles (placeholders). */
export const projectStream: StreamKind<ProjectRecord, ProjectEvent> = {
  name: 'project',
  streamId: streamIds.project,
  evolve: evolveProjectRecord,
  project: projectProjectPlan,
  projectMany: projectProjectPlans,
};

export const assignmentStream: StreamKind<AssignmentRecord, AssignmentEvent> = {
  name: 'assignment',
  streamId: streamIds.assignment,
  evolve: evolveAssignment,
  project: projectAssignment,
  projectMany: projectAssignments,
};

/** An engineer's stream, whole: their profile, time off and actuals. */
export const engineerStream: StreamKind<EngineerRecord, EngineerEvent> = {
  name: 'engineer',
  streamId: streamIds.engineer,
  evolve: evolveEngineerRecord,
  project: projectEngineerRecord,
  projectMany: projectEngineerRecords,
};

export const calendarStream: StreamKind<Calendar, CalendarEvent> = {
  name: 'calendar',
  streamId: streamIds.calendar,
  evolve: evolveCalendar,
  project: projectCalendar,
};

/** An account's facts; its credentials live beside them and never in its events. */
export const accountStream: StreamKind<Account, AccountEvent> = {
  name: 'account',
  streamId: accountStreamId,
  evolve: evolveAccount,
  project: projectAccount,
};

/** A saved view: a screen's address under a name, its owner's or shared. */
export const viewStream: StreamKind<SavedView, ViewEvent> = {
  name: 'view',
  streamId: viewStreamId,
  evolve: evolveView,
  project: projectView,
};

/** A team: its name and parent; who is in it is on the engineers' streams. */
export const teamStream: StreamKind<Team, TeamEvent> = {
  name: 'team',
  streamId: streamIds.team,
  evolve: evolveTeam,
  project: projectTeam,
};

/** A staffing request and its answers. */
export const staffingStream: StreamKind<StaffingRequest, StaffingEvent> = {
  name: 'staffing',
  streamId: streamIds.staffing,
  evolve: evolveStaffing,
  project: projectStaffing,
};
