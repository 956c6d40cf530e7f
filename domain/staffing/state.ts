import type { StaffingEvent, StaffingFields } from './events.ts';

export type StaffingState = 'open' | 'proposed' | 'approved' | 'declined' | 'withdrawn';
export type StaffingRequest = StaffingFields & {
  _id: string;
  state: StaffingState;
  assignmentId?: string;
  reason?: string;
  /** Who answered it last (proposed, approved or declined): the requester's inbox says who. */
  answeredBy?: string;
  version: number;
};

/** Whether the request still waits for an answer (and shows as pending demand). */
export const isPending = (request: Pick<StaffingRequest, 'state'>) => request.state === 'open' || request.state === 'proposed';

export function evolveStaffing(state: StaffingRequest | null, event: StaffingEvent, version: number): StaffingRequest | null {
  const answered = 'by' in event.data ? { answeredBy: event.data.by } : {};
  switch (event.type) {
    case 'StaffingRequested': {
      const { requestId, ...fields } = event.data;
      return { _id: requestId, ...fields, state: 'open', version };
    }
    case 'StaffingProposed':
      return state && { ...state, engineerId: event.data.engineerId, state: 'proposed', ...answered, version };
    case 'StaffingApproved':
      return state && { ...state, engineerId: event.data.engineerId, assignmentId: event.data.assignmentId, state: 'approved', ...answered, version };
    case 'StaffingDeclined':
      return state && { ...state, reason: event.data.reason, state: 'declined', ...answered, version };
    case 'StaffingWithdrawn':
      return state && { ...state, state: 'withdrawn', version };
  }
}
