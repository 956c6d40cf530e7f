import { v7 as uuidv7 } from 'uuid';
import {
  decideAddHoliday, decideAddPlaceholder, decideBookTimeOff, decideCancelTimeOff, decideConfirmProject,
  decideFillPlaceholder, decideMarkTentative, decideRemoveHoliday, decideRemovePlaceholder, decideUpdatePlaceholder,
  CALENDAR_STREAM, type AddHolidayInput, type AddPlaceholderInput, type AssignmentEvent, type BookTimeOffInput, type EventMetadata,
  entryOf, type UpdatePlaceholderInput,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { findEngineer } from '../read-models/queries.ts';
import { executeCommand } from './execute.ts';
import { assignmentStream, calendarStream, engineerTimeOffStream, projectPlanStream, projectStream } from './streams.ts';

/**
 * The write side of the facts capacity over time needs: time off, holidays, the tentative flag and
 * placeholders. Like planning.ts, shared by the HTTP routes and the seeds. `expectedVersion` is the
 * version of the stream the fact lives on (the engineer's, the calendar's, the project's).
 */

const actorOf = (metadata: EventMetadata) => ({ id: metadata.actorId, role: metadata.actorRole });

export async function bookTimeOff(
  trx: DbOrTrx,
  engineerId: string,
  input: BookTimeOffInput,
  metadata: EventMetadata,
  expectedVersion?: number,
  timeOffId = uuidv7(),
) {
  const result = await executeCommand(trx, engineerTimeOffStream, engineerId, {
    expectedVersion,
    metadata,
    decide: (state) => decideBookTimeOff(state, { timeOffId, input, actor: actorOf(metadata) }),
  });
  return { ...result, timeOff: entryOf(result.state!.timeOff, timeOffId)! };
}

export async function cancelTimeOff(trx: DbOrTrx, engineerId: string, timeOffId: string, metadata: EventMetadata, expectedVersion?: number) {
  return executeCommand(trx, engineerTimeOffStream, engineerId, {
    expectedVersion,
    metadata,
    decide: (state) => decideCancelTimeOff(state, { timeOffId, actor: actorOf(metadata) }),
  });
}

export async function addHoliday(trx: DbOrTrx, input: AddHolidayInput, metadata: EventMetadata, expectedVersion?: number) {
  const holidayId = uuidv7();
  const result = await executeCommand(trx, calendarStream, CALENDAR_STREAM, {
    expectedVersion,
    metadata,
    decide: (state) => decideAddHoliday(state, { holidayId, input }),
  });
  return { ...result, holiday: entryOf(result.state!.holidays, holidayId)! };
}

export async function removeHoliday(trx: DbOrTrx, holidayId: string, metadata: EventMetadata, expectedVersion?: number) {
  return executeCommand(trx, calendarStream, CALENDAR_STREAM, {
    expectedVersion,
    metadata,
    decide: (state) => decideRemoveHoliday(state, { holidayId }),
  });
}

export async function setProjectTentative(trx: DbOrTrx, projectId: string, tentative: boolean, metadata: EventMetadata, expectedVersion?: number) {
  return executeCommand(trx, projectStream, projectId, {
    expectedVersion,
    metadata,
    decide: (state) => (tentative ? decideMarkTentative(state) : decideConfirmProject(state)),
  });
}

export async function addPlaceholder(
  trx: DbOrTrx,
  projectId: string,
  input: AddPlaceholderInput,
  metadata: EventMetadata,
  expectedVersion?: number,
  placeholderId = uuidv7(),
) {
  const result = await executeCommand(trx, projectPlanStream, projectId, {
    expectedVersion,
    metadata,
    decide: (state) => decideAddPlaceholder(state, { placeholderId, input }),
  });
  return { ...result, placeholder: entryOf(result.state!.placeholders, placeholderId)! };
}

export async function updatePlaceholder(
  trx: DbOrTrx,
  projectId: string,
  placeholderId: string,
  input: UpdatePlaceholderInput,
  metadata: EventMetadata,
  expectedVersion?: number,
) {
  const result = await executeCommand(trx, projectPlanStream, projectId, {
    expectedVersion,
    metadata,
    decide: (state) => decideUpdatePlaceholder(state, { placeholderId, input }),
  });
  return { ...result, placeholder: entryOf(result.state!.placeholders, placeholderId)! };
}

export async function removePlaceholder(trx: DbOrTrx, projectId: string, placeholderId: string, metadata: EventMetadata, expectedVersion?: number) {
  return executeCommand(trx, projectPlanStream, projectId, {
    expectedVersion,
    metadata,
    decide: (state) => decideRemovePlaceholder(state, { placeholderId }),
  });
}

/**
 * One command, two streams, one transaction (the caller's): PlaceholderFilled on the project stream,
 * checked against the version the client sent, then AssignmentCreated on the new assignment's stream.
 * Either both are appended or, the transaction rolling back, neither.
 */
export async function fillPlaceholder(
  trx: DbOrTrx,
  projectId: string,
  placeholderId: string,
  engineerId: string,
  metadata: EventMetadata,
  expectedVersion?: number,
  assignmentId = uuidv7(),
) {
  const engineer = (await findEngineer(trx, engineerId)) ?? null;
  let created: AssignmentEvent[] = [];
  const project = await executeCommand(trx, projectPlanStream, projectId, {
    expectedVersion,
    metadata,
    decide: (state) => {
      const decided = decideFillPlaceholder(state, { placeholderId, assignmentId, engineer, engineerId });
      created = decided.assignment;
      return decided.project;
    },
  });
  const assignment = await executeCommand(trx, assignmentStream, assignmentId, { expectedVersion: 0, metadata, decide: () => created });
  return { projectVersion: project.version, assignmentId: assignment.state!._id };
}
