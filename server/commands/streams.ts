import {
  evolveAssignment, evolveEngineer, evolveProject, streamIds,
  type AssignmentEvent, type AssignmentRecord, type Engineer, type EngineerEvent, type Project, type ProjectEvent,
} from '../../domain/index.ts';
import type { Writer } from '../db/connect.ts';
import { projectAssignment } from '../projections/assignments.ts';
import { projectEngineer } from '../projections/engineers.ts';
import { projectProject } from '../projections/projects.ts';

/** What the command runner needs to know of a kind of stream: its name, its fold and its projection. */
export type StreamKind<S, E> = {
  name: 'project' | 'assignment' | 'engineer';
  streamId: (id: string) => string;
  evolve: (state: S | null, event: E, version: number) => S | null;
  project: (trx: Writer, id: string, state: S | null) => Promise<void>;
};

export const projectStream: StreamKind<Project, ProjectEvent> = {
  name: 'project',
  streamId: streamIds.project,
  evolve: evolveProject,
  project: projectProject,
};

export const assignmentStream: StreamKind<AssignmentRecord, AssignmentEvent> = {
  name: 'assignment',
  streamId: streamIds.assignment,
  evolve: evolveAssignment,
  project: projectAssignment,
};

export const engineerStream: StreamKind<Engineer, EngineerEvent> = {
  name: 'engineer',
  streamId: streamIds.engineer,
  evolve: evolveEngineer,
  project: projectEngineer,
};
