import {
  accountStreamId, evolveAccount, type Account, type AccountEvent,
  evolveAssignment, evolveCalendar, evolveEngineer, evolveEngineerTimeOff, evolveProject, evolveProjectPlan, streamIds,
  type AssignmentEvent, type AssignmentRecord, type Calendar, type CalendarEvent, type Engineer, type EngineerEvent,
  type EngineerTimeOff, type Project, type ProjectEvent, type ProjectPlan,
} from '../../domain/index.ts';
import type { DbOrTrx, Writer } from '../db/connect.ts';
import { projectAccount } from '../projections/accounts.ts';
import { projectAssignment, projectAssignments } from '../projections/assignments.ts';
import { projectEngineer, projectEngineers } from '../projections/engineers.ts';
import { projectCalendar } from '../projections/holidays.ts';
import type { ProjectedState } from '../projections/many.ts';
import { projectProjectPlan } from '../projections/placeholders.ts';
import { projectProject, projectProjects } from '../projections/projects.ts';
import { projectEngineerTimeOff, projectEngineerTimeOffMany } from '../projections/time-off.ts';

/**
 * What the command runner needs to know of a kind of stream: its name, its fold and its projection.
 * The projection gets the folded state and the events just appended (facts kept beside an entity
 * write only the rows those events touched). `projectMany`, where a kind has it, writes many
 * streams' read-model rows in a few statements, for commands run in bulk.
 */
export type StreamKind<S, E> = {
  name: 'project' | 'assignment' | 'engineer' | 'calendar' | 'account';
  streamId: (id: string) => string;
  evolve: (state: S | null, event: E, version: number) => S | null;
  project: (trx: Writer, id: string, state: S | null, events: readonly E[]) => Promise<void>;
  projectMany?: (trx: DbOrTrx, states: readonly ProjectedState<S>[]) => Promise<void>;
};

export const projectStream: StreamKind<Project, ProjectEvent> = {
  name: 'project',
  streamId: streamIds.project,
  evolve: evolveProject,
  project: projectProject,
  projectMany: projectProjects,
};

export const assignmentStream: StreamKind<AssignmentRecord, AssignmentEvent> = {
  name: 'assignment',
  streamId: streamIds.assignment,
  evolve: evolveAssignment,
  project: projectAssignment,
  projectMany: projectAssignments,
};

export const engineerStream: StreamKind<Engineer, EngineerEvent> = {
  name: 'engineer',
  streamId: streamIds.engineer,
  evolve: evolveEngineer,
  project: projectEngineer,
  projectMany: projectEngineers,
};

/** The project stream folded with its placeholders, for the commands about them. */
export const projectPlanStream: StreamKind<ProjectPlan, ProjectEvent> = {
  name: 'project',
  streamId: streamIds.project,
  evolve: evolveProjectPlan,
  project: projectProjectPlan,
};

/** The engineer stream folded with their time off, for the commands about it. */
export const engineerTimeOffStream: StreamKind<EngineerTimeOff, EngineerEvent> = {
  name: 'engineer',
  streamId: streamIds.engineer,
  evolve: evolveEngineerTimeOff,
  project: projectEngineerTimeOff,
  projectMany: projectEngineerTimeOffMany,
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
