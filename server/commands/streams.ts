import {
  evolveAssignment, evolveEngineer, evolveProject, streamIds,
  type AssignmentEvent, type AssignmentRecord, type Engineer, type EngineerEvent, type Project, type ProjectEvent,
} from '../../domain/index.ts';
import type { DbOrTrx, Writer } from '../db/connect.ts';
import type { ProjectedState } from '../projections/many.ts';
import { projectAssignment, projectAssignments } from '../projections/assignments.ts';
import { projectEngineer, projectEngineers } from '../projections/engineers.ts';
import { projectProject, projectProjects } from '../projections/projects.ts';

/**
 * What the command runner needs to know of a kind of stream: its name, its fold and its projection;
 * `projectMany` writes many streams' read-model rows in a few statements, for commands run in bulk.
 */
export type StreamKind<S, E> = {
  name: 'project' | 'assignment' | 'engineer';
  streamId: (id: string) => string;
  evolve: (state: S | null, event: E, version: number) => S | null;
  project: (trx: Writer, id: string, state: S | null) => Promise<void>;
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
