import { v7 as uuidv7 } from 'uuid';
import {
  decideCreateAssignment, decideCreateProject, decideRegisterEngineer, decideRemoveAssignment, decideUpdateAssignment,
  decideUpdateEngineer, decideUpdateProject, DomainError, engineerMessages, type UpdateAssignmentInput,
  type UpdateEngineerInput,
  type CreateAssignmentInput, type CreateProjectInput, type EventMetadata, type RegisterEngineerInput,
  type UpdateProjectInput,
} from '../../domain/index.ts';
import { findAccountByEmail } from '../auth/accounts.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { findEngineer, findProject } from '../read-models/queries.ts';
import { executeCommand } from './execute.ts';
import { assignmentStream, engineerStream, projectStream } from './streams.ts';

/** The write side's use cases, shared by the HTTP routes and the seed: every change goes through here. */

export async function createProject(trx: DbOrTrx, input: CreateProjectInput, metadata: EventMetadata) {
  const projectId = uuidv7();
  return executeCommand(trx, projectStream, projectId, {
    expectedVersion: 0,
    metadata,
    decide: (state) => decideCreateProject(state, { projectId, input, managerId: metadata.actorId }),
  });
}

/** `assignmentId` is chosen by the caller only when it was chosen before (a scenario's drafted assignment). */
export async function createAssignment(trx: DbOrTrx, input: CreateAssignmentInput, metadata: EventMetadata, assignmentId = uuidv7()) {
  const [engineer, project] = await Promise.all([findEngineer(trx, input.engineerId), findProject(trx, input.projectId)]);
  return executeCommand(trx, assignmentStream, assignmentId, {
    expectedVersion: 0,
    metadata,
    decide: (state) =>
      decideCreateAssignment(state, { assignmentId, input, engineer: engineer ?? null, project: project ?? null }),
  });
}


/** Registers the engineer's planning record (an event); their account, if any, is the accounts' business. */
export async function registerEngineer(trx: DbOrTrx, input: RegisterEngineerInput, metadata: EventMetadata) {
  const taken = () => new DomainError('conflict', engineerMessages.emailTaken, 'email');
  const [account, record] = await Promise.all([
    findAccountByEmail(trx, input.email),
    trx.selectFrom('engineers').select('id').where('email', '=', input.email).executeTakeFirst(),
  ]);
  if (account || record) throw taken();
  const engineerId = uuidv7();
  const result = await executeCommand(trx, engineerStream, engineerId, {
    expectedVersion: 0,
    metadata,
    decide: (state) => decideRegisterEngineer(state, { engineerId, input }),
  }).catch((error: unknown) => {
    // Two registrations of one email at once both pass the check above; the unique index stops the
    // second (after the first commits). That is the same 409, not a 500; the transaction rolls back.
    throw isUniqueViolation(error) ? taken() : error;
  });
  return result;
}

export async function updateProject(
  trx: DbOrTrx,
  projectId: string,
  input: UpdateProjectInput,
  metadata: EventMetadata,
  expectedVersion?: number,
) {
  return executeCommand(trx, projectStream, projectId, {
    expectedVersion,
    metadata,
    decide: (state) => decideUpdateProject(state, input),
  });
}

export async function updateAssignment(
  trx: DbOrTrx,
  assignmentId: string,
  input: UpdateAssignmentInput,
  metadata: EventMetadata,
  expectedVersion?: number,
) {
  return executeCommand(trx, assignmentStream, assignmentId, {
    expectedVersion,
    metadata,
    decide: async (state) =>
      decideUpdateAssignment(state, { input, project: state ? ((await findProject(trx, state.projectId)) ?? null) : null }),
  });
}

export async function removeAssignment(trx: DbOrTrx, assignmentId: string, metadata: EventMetadata, expectedVersion?: number) {
  return executeCommand(trx, assignmentStream, assignmentId, {
    expectedVersion,
    metadata,
    decide: (state) => decideRemoveAssignment(state),
  });
}

export async function updateEngineer(
  trx: DbOrTrx,
  engineerId: string,
  input: UpdateEngineerInput,
  metadata: EventMetadata,
  expectedVersion?: number,
) {
  return executeCommand(trx, engineerStream, engineerId, {
    expectedVersion,
    metadata,
    decide: (state) => decideUpdateEngineer(state, { input, actor: { id: metadata.actorId, role: metadata.actorRole } }),
  });
}
