import type { Assignment } from '../../../domain/entities.ts';
import type { StaffingRequest } from '../../../domain/staffing/state.ts';
import { request } from '../../lib/http.ts';

/** Staffing requests (the server's contract for them): asked from a project, answered on the Staffing screen, shown pending on the schedule. */
export type StaffingView = StaffingRequest & { projectName: string; engineerName: string | null; requestedByName: string; mine: boolean; canAnswer: boolean };
export type StaffingAsk = {
  projectId: string; engineerId?: string; placeholderId?: string; role: string; allocationPercentage: number; startDate: string; endDate: string; note?: string;
};

const path = (value: string) => encodeURIComponent(value);

export const staffingApi = {
  inbox: (signal?: AbortSignal) => request<StaffingView[]>('GET', '/api/staffing-requests?for=me', { signal }),
  pending: (signal?: AbortSignal) => request<StaffingView[]>('GET', '/api/staffing-requests?state=pending', { signal }),
  ask: (body: StaffingAsk) => request<StaffingRequest>('POST', '/api/staffing-requests', { body }),
  approve: (id: string) => request<{ request: StaffingRequest; assignment: Assignment }>('POST', `/api/staffing-requests/${path(id)}/approve`, { body: {} }),
  propose: (id: string, engineerId: string, note?: string) => request<StaffingRequest>('POST', `/api/staffing-requests/${path(id)}/propose`, { body: { engineerId, ...(note ? { note } : {}) } }),
  decline: (id: string, reason: string) => request<StaffingRequest>('POST', `/api/staffing-requests/${path(id)}/decline`, { body: { reason } }),
  withdraw: (id: string) => request<StaffingRequest>('POST', `/api/staffing-requests/${path(id)}/withdraw`, { body: {} }),
};
