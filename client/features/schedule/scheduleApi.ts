import type { SuitableEngineer } from '../../../domain/capacity/suitable.ts';
import type { Assignment, Placeholder, Project, TimeOff } from '../../../domain/entities.ts';
import type { BookTimeOffInput } from '../../../domain/inputs.ts';
import { request } from '../../lib/api.ts';
import { draft, draftTarget, foundIn, newId } from '../../lib/draftTarget.ts';

const part = encodeURIComponent;

/**
 * The schedule's writes and the reads they need: filling a placeholder, booking and cancelling time
 * off. Each is drafted into the scenario instead while the app works in one (see lib/draftTarget.ts).
 */
export const scheduleApi = {
  /** Engineers for the project, most free over from..to first (calendar dates, both included). */
  suitable: (projectId: string, from: string, to: string) =>
    request<SuitableEngineer[]>('GET', `/api/engineers/suitable?${new URLSearchParams({ projectId, from, to }).toString()}`),
  /** One transaction: the placeholder becomes an assignment of the engineer; `version` is the project's. */
  fill: (projectId: string, placeholderId: string, engineerId: string, version: number) => {
    const into = draftTarget();
    if (!into) {
      return request<{ assignment: Assignment; version: number }>('POST', `/api/projects/${part(projectId)}/placeholders/${part(placeholderId)}/fill`, {
        body: { engineerId, version },
      });
    }
    const assignmentId = newId();
    return draft(into, { kind: 'fillPlaceholder', projectId, placeholderId, assignmentId, engineerId }, (plan) => ({
      assignment: foundIn(plan.assignments, assignmentId),
      version: foundIn(plan.projects, projectId).version,
    }));
  },
  project: (projectId: string) => request<Project>('GET', `/api/projects/${part(projectId)}`),
  placeholders: (projectId: string) => request<Placeholder[]>('GET', `/api/projects/${part(projectId)}/placeholders`),
  bookTimeOff: (engineerId: string, input: Omit<BookTimeOffInput, 'version'>) => {
    const into = draftTarget();
    if (!into) return request<TimeOff>('POST', `/api/engineers/${part(engineerId)}/time-off`, { body: input });
    const timeOffId = newId();
    return draft(into, { kind: 'bookTimeOff', engineerId, timeOffId, input }, (plan) => foundIn(plan.timeOff, timeOffId));
  },
  /** `version` is the engineer's: time off lives on their stream. */
  cancelTimeOff: (engineerId: string, timeOffId: string, version: number) => {
    const into = draftTarget();
    if (!into) return request<{ version: number }>('DELETE', `/api/engineers/${part(engineerId)}/time-off/${part(timeOffId)}`, { body: { version } });
    return draft(into, { kind: 'cancelTimeOff', engineerId, timeOffId }, (plan) => ({ version: foundIn(plan.engineers, engineerId).version }));
  },
};
