import { DomainError } from '../errors.ts';
import type { StaffingEvent, StaffingFields } from './events.ts';
import { staffingMessages as M } from './messages.ts';
import { isPending, type StaffingRequest } from './state.ts';

/**
 * The decisions on a staffing request. `mayChange(engineerId)` is the scope rule (teams/scope.ts) as it
 * applies to the acting manager now; `orgWide` says whether they manage everyone.
 */
export type StaffingActor = { id: string; orgWide: boolean; mayChange: (engineerId: string) => boolean };

export function decideStaffingRequest(
  state: StaffingRequest | null,
  request: { requestId: string; fields: StaffingFields; projectFound: boolean; engineerFound: boolean; placeholderFound: boolean },
): StaffingEvent[] {
  if (state) throw new DomainError('conflict', M.exists);
  if (!request.projectFound) throw new DomainError('not-found', M.projectNotFound, 'projectId');
  if (request.fields.engineerId !== null && !request.engineerFound) throw new DomainError('not-found', M.engineerNotFound, 'engineerId');
  if (request.fields.placeholderId !== null && !request.placeholderFound) throw new DomainError('not-found', M.placeholderNotFound, 'placeholderId');
  return [{ type: 'StaffingRequested', data: { requestId: request.requestId, ...request.fields } }];
}

function pending(state: StaffingRequest | null): StaffingRequest {
  if (!state) throw new DomainError('not-found', M.notFound);
  if (!isPending(state)) throw new DomainError('conflict', M.closed(state.state), undefined, 'REQUEST_CLOSED');
  return state;
}

/** Who answers: whoever may change the person asked for; a role with nobody named yet, an org-wide manager. */
const mayAnswer = (state: StaffingRequest, actor: StaffingActor) => (state.engineerId === null ? actor.orgWide : actor.mayChange(state.engineerId));

/** Approving makes the assignment (`assignmentId`, appended in the same command): the request must name someone. */
export function decideApprove(state: StaffingRequest | null, approval: { actor: StaffingActor; assignmentId: string }): StaffingEvent[] {
  const request = pending(state);
  if (request.engineerId === null) throw new DomainError('conflict', M.noPerson);
  if (!mayAnswer(request, approval.actor)) throw new DomainError('forbidden', M.notYours);
  return [{ type: 'StaffingApproved', data: { requestId: request._id, engineerId: request.engineerId, assignmentId: approval.assignmentId, by: approval.actor.id } }];
}

/** Someone else instead: one of the proposer's own people. A role asked for may be answered so by any manager. */
export function decidePropose(
  state: StaffingRequest | null,
  proposal: { actor: StaffingActor; engineerId: string; engineerFound: boolean; note?: string },
): StaffingEvent[] {
  const request = pending(state);
  if (request.engineerId !== null && !mayAnswer(request, proposal.actor)) throw new DomainError('forbidden', M.notYours);
  if (!proposal.engineerFound) throw new DomainError('not-found', M.engineerNotFound, 'engineerId');
  if (!proposal.actor.mayChange(proposal.engineerId)) throw new DomainError('forbidden', M.proposeOutOfReach, 'engineerId');
  if (proposal.engineerId === request.engineerId) throw new DomainError('invalid', M.samePerson, 'engineerId');
  const note = proposal.note?.trim() ? { note: proposal.note.trim() } : {};
  return [{ type: 'StaffingProposed', data: { requestId: request._id, engineerId: proposal.engineerId, previous: request.engineerId, ...note, by: proposal.actor.id } }];
}

export function decideDecline(state: StaffingRequest | null, decline: { actor: StaffingActor; reason: string }): StaffingEvent[] {
  const request = pending(state);
  if (!mayAnswer(request, decline.actor)) throw new DomainError('forbidden', M.notYours);
  const reason = decline.reason.trim();
  if (!reason) throw new DomainError('invalid', M.reasonRequired, 'reason');
  return [{ type: 'StaffingDeclined', data: { requestId: request._id, reason, by: decline.actor.id } }];
}

export function decideWithdraw(state: StaffingRequest | null, withdraw: { actor: StaffingActor }): StaffingEvent[] {
  const request = pending(state);
  if (request.requestedBy !== withdraw.actor.id && !withdraw.actor.orgWide) throw new DomainError('forbidden', M.onlyRequester);
  return [{ type: 'StaffingWithdrawn', data: { requestId: request._id, by: withdraw.actor.id } }];
}

/** Whether the actor may answer the request now: the inbox's "to act on". */
export const canAnswer = (request: StaffingRequest, actor: StaffingActor) => isPending(request) && (request.engineerId === null ? true : actor.mayChange(request.engineerId));
