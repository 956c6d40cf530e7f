import type { Assignment, Engineer, Project } from '../../domain/entities.ts';
import type { CreateAssignmentInput, RegisterEngineerInput, UpdateAssignmentInput, UpdateEngineerInput, UpdateProjectInput } from '../../domain/inputs.ts';
import { ApiError, request } from './api.ts';
import { draft, foundIn as found, liveOnly, liveOrDrafted, newId } from './draftTarget.ts';

/**
 * The planning writes. Every edit carries the version it was made against (as `version` in
 * the body); a stale one is refused with 409 VERSION_CONFLICT, a missing one with 428.
 * Each live write's answer also names its command (`commandIdOf(answer)`, or `withCommandId(write)`,
 * from api.ts), which `undoCommand` (undoApi.ts) reverses; a drafted write has none.
 */
export { commandIdOf, withCommandId } from './api.ts';

/** `availableCapacity`: the lowest weekly free figure over the dates asked; `onProject`: already assigned to the project. */
export type SuitableEngineer = Engineer & { matchingSkills: string[]; availableCapacity: number; onProject?: boolean };

type Changes<T> = Omit<T, 'version'>;

const path = (collection: string, id: string) => `/api/${collection}/${encodeURIComponent(id)}`;

/**
 * Each write goes live, or, while the app works in a scenario (draftTarget), is drafted into it: the
 * same inputs, the versions left out (a draft is checked against the live versions when published).
 */
export const planningApi = {
  assignment: (id: string) => request<Assignment>('GET', path('assignments', id)),
  createAssignment: (payload: CreateAssignmentInput) => {
    const assignmentId = newId();
    return liveOrDrafted(
      () => request<Assignment>('POST', '/api/assignments', { body: payload }),
      (into) => draft(into, { kind: 'createAssignment', assignmentId, input: payload }, (plan) => found(plan.assignments, assignmentId)),
    );
  },
  updateAssignment: (id: string, changes: Changes<UpdateAssignmentInput>, version: number) =>
    liveOrDrafted(
      () => request<Assignment>('PATCH', path('assignments', id), { body: { ...changes, version } }),
      (into) => draft(into, { kind: 'updateAssignment', assignmentId: id, input: changes }, (plan) => found(plan.assignments, id)),
    ),
  removeAssignment: (id: string, version: number) =>
    liveOrDrafted(
      () => request<{ message: string; version: number }>('DELETE', path('assignments', id), { body: { version } }),
      (into) => draft(into, { kind: 'removeAssignment', assignmentId: id }, () => ({ message: 'Removal drafted', version: version + 1 })),
    ),

  project: (id: string) => request<Project>('GET', path('projects', id)),
  updateProject: (id: string, changes: Changes<UpdateProjectInput>, version: number) =>
    liveOrDrafted(
      () => request<Project>('PATCH', path('projects', id), { body: { ...changes, version } }),
      (into) => draft(into, { kind: 'updateProject', projectId: id, input: changes }, (plan) => found(plan.projects, id)),
    ),

  engineer: (id: string) => request<Engineer>('GET', path('engineers', id)),
  registerEngineer: (payload: RegisterEngineerInput) => liveOnly(() => request<Engineer>('POST', '/api/engineers', { body: payload }), 'Engineers'),
  updateEngineer: (id: string, changes: Changes<UpdateEngineerInput>, version: number) =>
    liveOnly(() => request<Engineer>('PATCH', path('engineers', id), { body: { ...changes, version } }), 'Engineers'),

  /**
   * Engineers sharing a required skill of the project, best first: most free over the dates (both
   * included; by default the rest of the project), then most matching skills; flagged when on it already.
   */
  suitableEngineers: (projectId: string, dates: { from?: string; to?: string } = {}) => {
    const query = new URLSearchParams({ projectId });
    if (dates.from && dates.to) query.set('from', dates.from), query.set('to', dates.to);
    return request<SuitableEngineer[]>('GET', `/api/engineers/suitable?${query.toString()}`);
  },
};

/** A write refused because the thing changed since the version it was made against. */
export const isVersionConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'VERSION_CONFLICT';

export const isNotFound = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404;

/** What `loading` gives, or null when the thing no longer exists (404): a conflict's "latest version". */
export async function unlessGone<T>(loading: Promise<T>): Promise<T | null> {
  try {
    return await loading;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
