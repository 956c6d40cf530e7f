import { v7 as uuidv7 } from 'uuid';
import {
  decideApprove, decideDecline, decidePropose, decideStaffingRequest, decideWithdraw, isOrgWide, mayChangePerson, streamIds,
  type AssignmentRecord, type EventMetadata, type StaffingActor, type StaffingRequest, type StaffingRequestInput,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { findEngineer, findProject } from '../read-models/queries.ts';
import { executeCommand } from './execute.ts';
import { handleCommand } from './handle.ts';
import { scopeActorOf, scopeFacts, scopeToday } from './scope.ts';
import { staffingStream } from './streams.ts';

/**
 * Staffing requests: each step appends to the request's own stream; an approval also makes the
 * assignment (or fills the open role the request came from) through the planning handler, in the same
 * transaction, so it happens exactly once: a second approval of the same version fails the guarded
 * append (409) and writes nothing.
 */

/** The acting manager as the request's rules see them: who they may change now. */
export async function staffingActor(trx: DbOrTrx, metadata: EventMetadata, engineerIds: readonly string[]): Promise<StaffingActor> {
  const actor = await scopeActorOf(trx, metadata);
  const orgWide = isOrgWide(actor);
  if (orgWide) return { id: actor.id, orgWide, mayChange: () => true };
  const facts = await scopeFacts(trx, engineerIds);
  const today = scopeToday();
  return { id: actor.id, orgWide, mayChange: (id) => { const p = facts.person(id); return p !== null && mayChangePerson(actor, p, facts.teams, today); } };
}

export async function requestStaffing(trx: DbOrTrx, input: StaffingRequestInput, metadata: EventMetadata, requestId = uuidv7()) {
  const project = await findProject(trx, input.projectId);
  const engineer = input.engineerId ? await findEngineer(trx, input.engineerId) : undefined;
  const placeholder = input.placeholderId
    ? await trx.selectFrom('placeholders').select('id').where('id', '=', input.placeholderId).where('project_id', '=', input.projectId).executeTakeFirst()
    : undefined;
  const fields = {
    projectId: input.projectId, engineerId: input.engineerId ?? null, placeholderId: input.placeholderId ?? null, role: input.role,
    allocationPercentage: input.allocationPercentage, startDate: input.startDate, endDate: input.endDate, note: input.note?.trim() ?? '', requestedBy: metadata.actorId,
  };
  const { state } = await executeCommand(trx, staffingStream, requestId, {
    expectedVersion: 0, metadata,
    decide: (s) => decideStaffingRequest(s, { requestId, fields, projectFound: Boolean(project), engineerFound: Boolean(engineer), placeholderFound: Boolean(placeholder) }),
  });
  return state!;
}

export async function approveStaffing(trx: DbOrTrx, requestId: string, metadata: EventMetadata, expectedVersion?: number): Promise<{ request: StaffingRequest; assignment: AssignmentRecord }> {
  const assignmentId = uuidv7();
  const { state } = await executeCommand(trx, staffingStream, requestId, {
    expectedVersion, metadata,
    decide: async (s) => decideApprove(s, { actor: await staffingActor(trx, metadata, s?.engineerId ? [s.engineerId] : []), assignmentId }),
  });
  const request = state!;
  const engineerId = request.engineerId!;
  const written = request.placeholderId
    ? await handleCommand(trx, { kind: 'fillPlaceholder', projectId: request.projectId, placeholderId: request.placeholderId, engineerId, assignmentId }, metadata)
    : await handleCommand(trx, {
      kind: 'createAssignment', assignmentId,
      input: { engineerId, projectId: request.projectId, role: request.role, allocationPercentage: request.allocationPercentage, startDate: request.startDate, endDate: request.endDate },
    }, metadata);
  const assignment = written.find((w) => w.streamId === streamIds.assignment(assignmentId))!.state as AssignmentRecord;
  return { request, assignment };
}

export async function proposeStaffing(trx: DbOrTrx, requestId: string, proposal: { engineerId: string; note?: string }, metadata: EventMetadata, expectedVersion?: number) {
  const engineer = await findEngineer(trx, proposal.engineerId);
  const { state } = await executeCommand(trx, staffingStream, requestId, {
    expectedVersion, metadata,
    decide: async (s) => decidePropose(s, {
      actor: await staffingActor(trx, metadata, [proposal.engineerId, ...(s?.engineerId ? [s.engineerId] : [])]),
      engineerId: proposal.engineerId, engineerFound: Boolean(engineer), ...(proposal.note ? { note: proposal.note } : {}),
    }),
  });
  return state!;
}

export async function declineStaffing(trx: DbOrTrx, requestId: string, reason: string, metadata: EventMetadata, expectedVersion?: number) {
  const { state } = await executeCommand(trx, staffingStream, requestId, {
    expectedVersion, metadata,
    decide: async (s) => decideDecline(s, { actor: await staffingActor(trx, metadata, s?.engineerId ? [s.engineerId] : []), reason }),
  });
  return state!;
}

export async function withdrawStaffing(trx: DbOrTrx, requestId: string, metadata: EventMetadata, expectedVersion?: number) {
  const { state } = await executeCommand(trx, staffingStream, requestId, {
    expectedVersion, metadata, decide: async (s) => decideWithdraw(s, { actor: await staffingActor(trx, metadata, []) }),
  });
  return state!;
}
