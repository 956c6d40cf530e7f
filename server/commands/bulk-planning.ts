import { v7 as uuidv7 } from 'uuid';
import {
  decideOnOneStream, DomainError, engineerMessages, readerOf,
  type AssignmentEvent, type AssignmentRecord, type CreateAssignmentInput, type EngineerEvent, type ProjectEvent, type CreateProjectInput, type Engineer, type EventMetadata, type PlanningCommand,
  type Project, type UpdateAssignmentInput, type UpdateEngineerInput, type UpdateProjectInput,
} from '../../domain/index.ts';
import type { EngineerRowInput } from '../../domain/import/index.ts';
import { takenEmails } from '../auth/accounts.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { executeCommands } from './execute.ts';
import { assignmentStream, engineerStream, projectStream } from './streams.ts';

/**
 * planning.ts's use cases for many entities at once, inside the caller's transaction: the same commands,
 * decided by the same command table (domain/commands), the same events, read models and hash chains, a
 * few statements per batch instead of a few per entity. What one call does is all or nothing with its
 * transaction. Used by the CSV import and the large-plan generator.
 */

const actorOf = (metadata: EventMetadata) => ({ id: metadata.actorId, role: metadata.actorRole });
const one = <S>(id: string, state: S | null) => new Map([[id, state]]);

/** Registers engineers' planning records; an admin invites whoever should sign in. */
export async function registerEngineers(trx: DbOrTrx, inputs: readonly EngineerRowInput[], metadata: EventMetadata) {
  const taken = await takenEmails(trx, inputs.map((input) => input.email));
  if (taken.length > 0) throw new DomainError('conflict', `${engineerMessages.emailTaken}: ${taken[0]}`, 'email');
  const commands = inputs.map((input): PlanningCommand & { kind: 'registerEngineer' } => ({ kind: 'registerEngineer', engineerId: uuidv7(), input }));
  return executeCommands(trx, engineerStream, commands.map((command) => ({
    id: command.engineerId, expectedVersion: 0, newId: true,
    decide: (state: Engineer | null) => decideOnOneStream<EngineerEvent>(command, { read: readerOf({ engineers: one(command.engineerId, state) }), actor: actorOf(metadata) }),
  })), metadata);
}

export async function updateEngineers(trx: DbOrTrx, updates: readonly { engineerId: string; input: UpdateEngineerInput }[], metadata: EventMetadata) {
  return executeCommands(trx, engineerStream, updates.map(({ engineerId, input }) => ({
    id: engineerId,
    decide: (state: Engineer | null) =>
      decideOnOneStream<EngineerEvent>({ kind: 'updateEngineer', engineerId, input }, { read: readerOf({ engineers: one(engineerId, state) }), actor: actorOf(metadata) }),
  })), metadata);
}

export async function createProjects(trx: DbOrTrx, inputs: readonly CreateProjectInput[], metadata: EventMetadata) {
  return executeCommands(trx, projectStream, inputs.map((input) => {
    const projectId = uuidv7();
    return {
      id: projectId, expectedVersion: 0, newId: true,
      decide: (state: Project | null) =>
        decideOnOneStream<ProjectEvent>({ kind: 'createProject', projectId, input }, { read: readerOf({ projects: one(projectId, state) }), actor: actorOf(metadata) }),
    };
  }), metadata);
}

export async function updateProjects(trx: DbOrTrx, updates: readonly { projectId: string; input: UpdateProjectInput }[], metadata: EventMetadata) {
  return executeCommands(trx, projectStream, updates.map(({ projectId, input }) => ({
    id: projectId,
    decide: (state: Project | null) =>
      decideOnOneStream<ProjectEvent>({ kind: 'updateProject', projectId, input }, { read: readerOf({ projects: one(projectId, state) }), actor: actorOf(metadata) }),
  })), metadata);
}

/** Read-model documents by id, as the single commands read them with findEngineer / findProject. */
async function docsById<T extends 'engineers' | 'projects'>(trx: DbOrTrx, table: T, ids: readonly string[]) {
  type Doc = T extends 'engineers' ? Engineer : Project;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, Doc>();
  const rows = await trx.selectFrom(table as 'projects').select('doc').where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.doc._id, r.doc as Doc]));
}

export async function createAssignments(trx: DbOrTrx, inputs: readonly CreateAssignmentInput[], metadata: EventMetadata) {
  const [engineers, projects] = await Promise.all([
    docsById(trx, 'engineers', inputs.map((i) => i.engineerId)),
    docsById(trx, 'projects', inputs.map((i) => i.projectId)),
  ]);
  return executeCommands(trx, assignmentStream, inputs.map((input) => {
    const assignmentId = uuidv7();
    return {
      id: assignmentId, expectedVersion: 0, newId: true,
      decide: (state: AssignmentRecord | null) => decideOnOneStream<AssignmentEvent>(
        { kind: 'createAssignment', assignmentId, input },
        { read: readerOf({ engineers, projects, assignments: one(assignmentId, state) }), actor: actorOf(metadata) },
      ),
    };
  }), metadata);
}

export async function updateAssignments(trx: DbOrTrx, updates: readonly { assignmentId: string; input: UpdateAssignmentInput }[], metadata: EventMetadata) {
  const ids = updates.map((u) => u.assignmentId);
  const rows = ids.length === 0 ? [] : await trx.selectFrom('assignments').select('project_id').where('id', 'in', ids).execute();
  const projects = await docsById(trx, 'projects', rows.map((r) => r.project_id));
  return executeCommands(trx, assignmentStream, updates.map(({ assignmentId, input }) => ({
    id: assignmentId,
    decide: (state: AssignmentRecord | null) => decideOnOneStream<AssignmentEvent>(
      { kind: 'updateAssignment', assignmentId, input },
      { read: readerOf({ projects, assignments: one(assignmentId, state) }), actor: actorOf(metadata) },
    ),
  })), metadata);
}
