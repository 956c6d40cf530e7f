import { v7 as uuidv7 } from 'uuid';
import {
  entryOf, type AddHolidayInput, type AddPlaceholderInput, type BookTimeOffInput, type Calendar,
  type EngineerTimeOff, type EventMetadata, type Project, type ProjectPlan, type UpdatePlaceholderInput,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { handleCommand } from './handle.ts';

/**
 * The write side of the facts capacity over time needs: time off, holidays, the tentative flag and
 * placeholders. Like planning.ts, each names its command for the one handler, shared by the HTTP routes
 * and the seeds. `expectedVersion` is the version of the stream the fact lives on (the engineer's, the
 * calendar's, the project's).
 */

const after = <S>(written: { state: unknown; version: number }) => ({ state: written.state as S, version: written.version });

export async function bookTimeOff(trx: DbOrTrx, engineerId: string, input: BookTimeOffInput, metadata: EventMetadata, expectedVersion?: number, timeOffId = uuidv7()) {
  const [written] = await handleCommand(trx, { kind: 'bookTimeOff', engineerId, timeOffId, input }, metadata, expectedVersion);
  const result = after<EngineerTimeOff>(written!);
  return { ...result, timeOff: entryOf(result.state.timeOff, timeOffId)! };
}

export async function cancelTimeOff(trx: DbOrTrx, engineerId: string, timeOffId: string, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'cancelTimeOff', engineerId, timeOffId }, metadata, expectedVersion);
  return after<EngineerTimeOff>(written!);
}

export async function addHoliday(trx: DbOrTrx, input: AddHolidayInput, metadata: EventMetadata, expectedVersion?: number) {
  const holidayId = uuidv7();
  const [written] = await handleCommand(trx, { kind: 'addHoliday', holidayId, input }, metadata, expectedVersion);
  const result = after<Calendar>(written!);
  return { ...result, holiday: entryOf(result.state.holidays, holidayId)! };
}

export async function removeHoliday(trx: DbOrTrx, holidayId: string, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'removeHoliday', holidayId }, metadata, expectedVersion);
  return after<Calendar>(written!);
}

export async function setProjectTentative(trx: DbOrTrx, projectId: string, tentative: boolean, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: tentative ? 'markTentative' : 'confirmProject', projectId }, metadata, expectedVersion);
  const result = after<ProjectPlan>(written!);
  return { state: result.state.project as Project, version: result.version };
}

export async function addPlaceholder(
  trx: DbOrTrx, projectId: string, input: AddPlaceholderInput, metadata: EventMetadata, expectedVersion?: number, placeholderId = uuidv7(),
) {
  const [written] = await handleCommand(trx, { kind: 'addPlaceholder', projectId, placeholderId, input }, metadata, expectedVersion);
  const result = after<ProjectPlan>(written!);
  return { ...result, placeholder: entryOf(result.state.placeholders, placeholderId)! };
}

export async function updatePlaceholder(
  trx: DbOrTrx, projectId: string, placeholderId: string, input: UpdatePlaceholderInput, metadata: EventMetadata, expectedVersion?: number,
) {
  const [written] = await handleCommand(trx, { kind: 'updatePlaceholder', projectId, placeholderId, input }, metadata, expectedVersion);
  const result = after<ProjectPlan>(written!);
  return { ...result, placeholder: entryOf(result.state.placeholders, placeholderId)! };
}

export async function removePlaceholder(trx: DbOrTrx, projectId: string, placeholderId: string, metadata: EventMetadata, expectedVersion?: number) {
  const [written] = await handleCommand(trx, { kind: 'removePlaceholder', projectId, placeholderId }, metadata, expectedVersion);
  return after<ProjectPlan>(written!);
}

/**
 * One command, two streams, one transaction (the caller's): PlaceholderFilled on the project stream,
 * checked against the version the client sent, then AssignmentCreated on the new assignment's stream.
 * Either both are appended or, the transaction rolling back, neither.
 */
export async function fillPlaceholder(
  trx: DbOrTrx, projectId: string, placeholderId: string, engineerId: string, metadata: EventMetadata, expectedVersion?: number, assignmentId = uuidv7(),
) {
  const [project] = await handleCommand(trx, { kind: 'fillPlaceholder', projectId, placeholderId, engineerId, assignmentId }, metadata, expectedVersion);
  return { projectVersion: project!.version, assignmentId };
}
