import { v7 as uuidv7 } from 'uuid';
import {
  changeFromToday, DomainError, engineerMessages, streamIds, todayOf, type AssignmentRecord, type CreateAssignmentInput, type CreateProjectInput, type Engineer,
  type EngineerRecord, type EventMetadata, type PlanningCommand, type Project, type ProjectRecord, type RegisterEngineerInput, type UpdateAssignmentInput,
  type UpdateEngineerInput, type UpdateProjectInput,
} from '../../domain/index.ts';
import { findAccountByEmail } from '../auth/accounts.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import { handleCommand, type WrittenStream } from './handle.ts';

/**
 * The write side's use cases for projects, assignments and engineers, shared by the HTTP routes and the
 * seed. Each one names its command and hands it to the one handler (handle.ts, which decides through
 * the command table in domain/commands); here only ids are chosen and answers shaped.
 */

export type Written<S> = { state: S | null; version: number; events: WrittenStream['events'] };
const as = <S>(stream: WrittenStream | undefined, pick: (state: never) => S | null = (s) => s): Written<S> => ({
  state: stream?.state == null ? null : pick(stream.state as never), version: stream?.version ?? 0, events: stream?.events ?? [],
});
const projectOf = (plan: ProjectRecord) => plan.project;
const engineerOf = (record: EngineerRecord) => record.engineer;

export async function createProject(trx: DbOrTrx, input: CreateProjectInput, metadata: EventMetadata): Promise<Written<Project>> {
  const [written] = await handleCommand(trx, { kind: 'createProject', projectId: uuidv7(), input }, metadata);
  return as(written, projectOf);
}

/** `assignmentId` is chosen by the caller only when it was chosen before (a scenario's drafted assignment). */
export async function createAssignment(trx: DbOrTrx, input: CreateAssignmentInput, metadata: EventMetadata, assignmentId = uuidv7()): Promise<Written<AssignmentRecord>> {
  const [written] = await handleCommand(trx, { kind: 'createAssignment', assignmentId, input }, metadata);
  return as(written);
}

/** Registers the engineer's planning record (an event); their account, if any, is the accounts' business. */
export async function registerEngineer(trx: DbOrTrx, input: RegisterEngineerInput, metadata: EventMetadata): Promise<Written<Engineer>> {
  const taken = () => new DomainError('conflict', engineerMessages.emailTaken, 'email');
  const [account, record] = await Promise.all([
    findAccountByEmail(trx, input.email),
    trx.selectFrom('engineers').select('id').where('email', '=', input.email).executeTakeFirst(),
  ]);
  if (account || record) throw taken();
  const [written] = await handleCommand(trx, { kind: 'registerEngineer', engineerId: uuidv7(), input }, metadata).catch((error: unknown) => {
    // Two registrations of one email at once both pass the check above; the unique index stops the
    // second (after the first commits). That is the same 409, not a 500; the transaction rolls back.
    throw isUniqueViolation(error) ? taken() : error;
  });
  return as(written, engineerOf);
}

export async function updateProject(trx: DbOrTrx, projectId: string, input: UpdateProjectInput, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'updateProject', projectId, input }, metadata, expectedVersion);
  return as<Project>(written, projectOf);
}

export async function updateAssignment(trx: DbOrTrx, assignmentId: string, input: UpdateAssignmentInput, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'updateAssignment', assignmentId, input }, metadata, expectedVersion);
  return as<AssignmentRecord>(written);
}

/**
 * A change to an assignment from today on (domain/keep-past.ts): the days before today keep what they
 * held, the changed work runs from today, all under the request's one command. Answers the id of the
 * assignment that now carries the change (the new one when the change was split off).
 */
export async function updateAssignmentFromToday(
  trx: DbOrTrx,
  assignmentId: string,
  input: UpdateAssignmentInput,
  metadata: EventMetadata,
  expectedVersion: number | undefined,
  at: { now: Date; timeZone: string },
): Promise<string> {
  const row = await trx.selectFrom('assignments').select('doc').where('id', '=', assignmentId).executeTakeFirst();
  if (!row) throw new DomainError('not-found', 'Assignment not found');
  const newAssignmentId = uuidv7();
  const commands = changeFromToday(row.doc, input, { today: todayOf(at.now, at.timeZone), timeZone: at.timeZone, newAssignmentId });
  // A change made against an older version is refused even when nothing is written to the edited assignment itself.
  if (expectedVersion !== undefined && row.doc.version !== expectedVersion) throw new ConcurrencyError(streamIds.assignment(assignmentId), expectedVersion, row.doc.version);
  let carrier = assignmentId;
  for (const command of commands) {
    const onEdited = command.kind === 'updateAssignment' && command.assignmentId === assignmentId;
    await handleCommand(trx, command, metadata, onEdited ? expectedVersion : undefined);
    if (command.kind === 'createAssignment') carrier = command.assignmentId;
  }
  return carrier;
}

export async function removeAssignment(trx: DbOrTrx, assignmentId: string, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'removeAssignment', assignmentId }, metadata, expectedVersion);
  return as<AssignmentRecord>(written);
}

export async function updateEngineer(trx: DbOrTrx, engineerId: string, input: UpdateEngineerInput, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'updateEngineer', engineerId, input }, metadata, expectedVersion);
  return as<Engineer>(written, engineerOf);
}

/** The engineer's days: their work week, the holiday calendar they follow, their start and leave dates. */
export async function changeEngineerDays(
  trx: DbOrTrx,
  command: Extract<PlanningCommand, { kind: 'changeWorkWeek' | 'followCalendar' | 'setEmployment' }>,
  metadata: EventMetadata,
  expectedVersion: number,
) {
  const [written] = await handleCommand(trx, command, metadata, expectedVersion);
  return as<Engineer>(written, engineerOf);
}
