import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import { decideApprove, decideDecline, decidePropose, decideStaffingRequest, decideWithdraw, type StaffingActor } from './decide.ts';
import type { StaffingEvent, StaffingFields } from './events.ts';
import { staffingMessages as M } from './messages.ts';
import { evolveStaffing, type StaffingRequest } from './state.ts';

// Pia manages Platform (Mei, Lucas); Dana manages Data (Sam); Olga is org-wide.
const platform = new Set(['mei', 'lucas']);
const pia: StaffingActor = { id: 'pia', orgWide: false, mayChange: (id) => platform.has(id) };
const dana: StaffingActor = { id: 'dana', orgWide: false, mayChange: (id) => id === 'sam' };
const olga: StaffingActor = { id: 'olga', orgWide: true, mayChange: () => true };

const fields: StaffingFields = {
  projectId: 'portal', engineerId: 'mei', placeholderId: null, role: 'Frontend', allocationPercentage: 50,
  startDate: '2027-01-04T00:00:00.000Z', endDate: '2027-01-29T00:00:00.000Z', note: 'React work', requestedBy: 'dana',
};
const requested: StaffingEvent = { type: 'StaffingRequested', data: { requestId: 'r1', ...fields } };
const forRole: StaffingEvent = { type: 'StaffingRequested', data: { requestId: 'r1', ...fields, engineerId: null, placeholderId: 'ph1' } };

type Step =
  | { kind: 'approve'; actor: StaffingActor }
  | { kind: 'propose'; actor: StaffingActor; engineerId: string }
  | { kind: 'decline'; actor: StaffingActor; reason: string }
  | { kind: 'withdraw'; actor: StaffingActor };
const decide = (state: StaffingRequest | null, step: Step): StaffingEvent[] => {
  switch (step.kind) {
    case 'approve': return decideApprove(state, { actor: step.actor, assignmentId: 'a1' });
    case 'propose': return decidePropose(state, { actor: step.actor, engineerId: step.engineerId, engineerFound: true });
    case 'decline': return decideDecline(state, { actor: step.actor, reason: step.reason });
    case 'withdraw': return decideWithdraw(state, { actor: step.actor });
  }
};
const spec = deciderSpec(decide, evolveStaffing);

describe('a staffing request, step by step', () => {
  it('given nothing, when Dana asks for Mei, then StaffingRequested; an unknown project or person is a 404', () => {
    const ask = deciderSpec((s: StaffingRequest | null, c: { projectFound: boolean; engineerFound: boolean }) =>
      decideStaffingRequest(s, { requestId: 'r1', fields, placeholderFound: true, ...c }), evolveStaffing);
    ask([]).when({ projectFound: true, engineerFound: true }).then([requested]);
    ask([]).when({ projectFound: false, engineerFound: true }).thenThrows('not-found', M.projectNotFound, 'projectId');
    ask([]).when({ projectFound: true, engineerFound: false }).thenThrows('not-found', M.engineerNotFound, 'engineerId');
    ask([requested]).when({ projectFound: true, engineerFound: true }).thenThrows('conflict', M.exists);
  });

  it('given an open request for Mei, when Pia (her manager) approves, then StaffingApproved with the assignment', () => {
    spec([requested]).when({ kind: 'approve', actor: pia }).then([{ type: 'StaffingApproved', data: { requestId: 'r1', engineerId: 'mei', assignmentId: 'a1', by: 'pia' } }]);
    spec([requested]).when({ kind: 'approve', actor: olga }).then([{ type: 'StaffingApproved', data: { requestId: 'r1', engineerId: 'mei', assignmentId: 'a1', by: 'olga' } }]);
  });

  it('given an open request for Mei, when Dana (who asked, not her manager) approves, then 403', () => {
    spec([requested]).when({ kind: 'approve', actor: dana }).thenThrows('forbidden', M.notYours);
  });

  it('given an approved request, when approved again, then 409: the assignment is made once', () => {
    const approved: StaffingEvent = { type: 'StaffingApproved', data: { requestId: 'r1', engineerId: 'mei', assignmentId: 'a1', by: 'pia' } };
    spec([requested, approved]).when({ kind: 'approve', actor: pia }).thenThrows('conflict', M.closed('approved'));
  });

  it('given an open request, when Pia proposes Lucas instead, then StaffingProposed; she may not propose Sam', () => {
    spec([requested]).when({ kind: 'propose', actor: pia, engineerId: 'lucas' })
      .then([{ type: 'StaffingProposed', data: { requestId: 'r1', engineerId: 'lucas', previous: 'mei', by: 'pia' } }]);
    spec([requested]).when({ kind: 'propose', actor: pia, engineerId: 'sam' }).thenThrows('forbidden', M.proposeOutOfReach, 'engineerId');
  });

  it('given a request for a role (from an open role), when Pia proposes Lucas and approves, then it names him', () => {
    const proposed: StaffingEvent = { type: 'StaffingProposed', data: { requestId: 'r1', engineerId: 'lucas', previous: null, by: 'pia' } };
    spec([forRole]).when({ kind: 'approve', actor: olga }).thenThrows('conflict', M.noPerson);
    spec([forRole]).when({ kind: 'propose', actor: pia, engineerId: 'lucas' }).then([proposed]);
    spec([forRole, proposed]).when({ kind: 'approve', actor: pia }).then([{ type: 'StaffingApproved', data: { requestId: 'r1', engineerId: 'lucas', assignmentId: 'a1', by: 'pia' } }]);
  });

  it('given an open request, when Pia declines with a reason, then StaffingDeclined; no reason is a 400', () => {
    spec([requested]).when({ kind: 'decline', actor: pia, reason: ' Mei is on the launch ' })
      .then([{ type: 'StaffingDeclined', data: { requestId: 'r1', reason: 'Mei is on the launch', by: 'pia' } }]);
    spec([requested]).when({ kind: 'decline', actor: pia, reason: '  ' }).thenThrows('invalid', M.reasonRequired, 'reason');
    spec([requested]).when({ kind: 'decline', actor: dana, reason: 'no' }).thenThrows('forbidden', M.notYours);
  });

  it('given an open request, when Dana withdraws it, then StaffingWithdrawn; Pia may not; then nothing more', () => {
    const withdrawn: StaffingEvent = { type: 'StaffingWithdrawn', data: { requestId: 'r1', by: 'dana' } };
    spec([requested]).when({ kind: 'withdraw', actor: dana }).then([withdrawn]);
    spec([requested]).when({ kind: 'withdraw', actor: pia }).thenThrows('forbidden', M.onlyRequester);
    spec([requested, withdrawn]).when({ kind: 'approve', actor: pia }).thenThrows('conflict', M.closed('withdrawn'));
    spec([]).when({ kind: 'approve', actor: pia }).thenThrows('not-found', M.notFound);
  });
});
