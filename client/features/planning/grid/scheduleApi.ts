import type { SuitableEngineer } from '../../../../domain/capacity/suitable.ts';
import type { Assignment, Placeholder, Project } from '../../../../domain/entities.ts';
import { request } from '../../../lib/http.ts';
import { capacityFactsApi } from '../capacityFactsApi.ts';
import { foundIn, liveOrDrafted, newId } from '../../../lib/draftTarget.ts';
import { draft } from '../draftApi.ts';

const part = encodeURIComponent;

/**
 * The schedule's writes and the reads they need: filling a placeholder, booking and cancelling time
 * off. Each is drafted into the scenario instead while the app works in one (see lib/draftTarget.ts).
 */
export const scheduleApi = {
  /** Engineers for the project, ranked by their fit for `allocation` % over from..to (calendar dates, both included). */
  suitable: (projectId: string, from: string, to: string, allocation: number) =>
    request<SuitableEngineer[]>('GET', `/api/engineers/suitable?${new URLSearchParams({ projectId, from, to, allocation: String(allocation) }).toString()}`),
  /** One transaction: the placeholder becomes an assignment of the engineer; `version` is the project's. */
  fill: (projectId: string, placeholderId: string, engineerId: string, version: number) => {
    const assignmentId = newId();
    return liveOrDrafted(
      () => request<{ assignment: Assignment; version: number }>('POST', `/api/projects/${part(projectId)}/placeholders/${part(placeholderId)}/fill`, {
        body: { engineerId, version },
      }),
      (into) => draft(into, { kind: 'fillPlaceholder', projectId, placeholderId, assignmentId, engineerId }, (plan) => ({
        assignment: foundIn(plan.assignments, assignmentId),
        version: foundIn(plan.projects, projectId).version,
      })),
    );
  },
  project: (projectId: string) => request<Project>('GET', `/api/projects/${part(projectId)}`),
  placeholders: (projectId: string) => request<Placeholder[]>('GET', `/api/projects/${part(projectId)}/placeholders`),
  /** The same writes as everywhere else (drafted into a scenario while working in one); `version` is the engineer's. */
  bookTimeOff: capacityFactsApi.bookTimeOff,
  cancelTimeOff: capacityFactsApi.cancelTimeOff,
};
