import { v7 as uuidv7 } from 'uuid';
import {
  decideCreateAssignment, decideCreateProject, decideRegisterEngineer, decideUpdateAssignment, decideUpdateEngineer,
  decideUpdateProject, DomainError, engineerMessages,
  type CreateAssignmentInput, type CreateProjectInput, type Engineer, type EventMetadata, type Project,
  type UpdateAssignmentInput, type UpdateEngineerInput, type UpdateProjectInput,
} from '../../domain/index.ts';
import type { EngineerRowInput } from '../../domain/import/index.ts';
import { takenEmails } from '../auth/accounts.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { executeCommands } from './execute.ts';
import { assignmentStream, engineerStream, projectStream } from './streams.ts';

/**
 * planning.ts's use cases for many entities at once, inside the caller's transaction: the same
 * decisions, events, read models and hash chains, a few statements per batch instead of a few per
 * entity. What one call does is all or nothing with its transaction. Used by the CSV import.
 */

/** Registers engineers' planning records; an admin invites whoever should sign in. */
export async function registerEngineers(trx: DbOrTrx, inputs: readonly EngineerRowInput[], metadata: EventMetadata) {
  const taken = await takenEmails(trx, inputs.map((input) => input.email));
  if (taken.length > 0) throw new DomainError('conflict', `${engineerMessages.emailTaken}: ${taken[0]}`, 'email');
  const ids = inputs.map(() => uuidv7());
  const results = await executeCommands(
    trx,
    engineerStream,
    inputs.map((input, i) => ({ id: ids[i]!, expectedVersion: 0, newId: true, decide: (state) => decideRegisterEngineer(state, { engineerId: ids[i]!, input }) })),
    metadata,
  );
  return results;
}

export async function updateEngineers(trx: DbOrTrx, updates: readonly { engineerId: string; input: UpdateEngineerInput }[], metadata: EventMetadata) {
  const actor = { id: metadata.actorId, role: metadata.actorRole };
  return executeCommands(trx, engineerStream, updates.map(({ engineerId, input }) => ({ id: engineerId, decide: (state) => decideUpdateEngineer(state, { input, actor }) })), metadata);
}

export async function createProjects(trx: DbOrTrx, inputs: readonly CreateProjectInput[], metadata: EventMetadata) {
  const ids = inputs.map(() => uuidv7());
  return executeCommands(
    trx,
    projectStream,
    inputs.map((input, i) => ({ id: ids[i]!, expectedVersion: 0, newId: true, decide: (state) => decideCreateProject(state, { projectId: ids[i]!, input, managerId: metadata.actorId }) })),
    metadata,
  );
}

export async function updateProjects(trx: DbOrTrx, updates: readonly { projectId: string; input: UpdateProjectInput }[], metadata: EventMetadata) {
  return executeCommands(trx, projectStream, updates.map(({ projectId, input }) => ({ id: projectId, decide: (state) => decideUpdateProject(state, input) })), metadata);
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
  const ids = inputs.map(() => uuidv7());
  return executeCommands(
    trx,
    assignmentStream,
    inputs.map((input, i) => ({
      id: ids[i]!,
      expectedVersion: 0,
      newId: true,
      decide: (state) => decideCreateAssignment(state, {
        assignmentId: ids[i]!, input, engineer: engineers.get(input.engineerId) ?? null, project: projects.get(input.projectId) ?? null,
      }),
    })),
    metadata,
  );
}

export async function updateAssignments(trx: DbOrTrx, updates: readonly { assignmentId: string; input: UpdateAssignmentInput }[], metadata: EventMetadata) {
  const ids = updates.map((u) => u.assignmentId);
  const rows = ids.length === 0 ? [] : await trx.selectFrom('assignments').select('project_id').where('id', 'in', ids).execute();
  const projects = await docsById(trx, 'projects', rows.map((r) => r.project_id));
  return executeCommands(
    trx,
    assignmentStream,
    updates.map(({ assignmentId, input }) => ({
      id: assignmentId,
      decide: (state) => decideUpdateAssignment(state, { input, project: state ? (projects.get(state.projectId) ?? null) : null }),
    })),
    metadata,
  );
}
