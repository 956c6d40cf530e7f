import type { Fit } from '../../../domain/capacity/fit.ts';
import type { Assignment, Engineer, Project } from '../../../domain/entities.ts';
import type { CreateAssignmentInput, RegisterEngineerInput, UpdateAssignmentInput, UpdateEngineerInput, UpdateProjectInput } from '../../../domain/inputs.ts';
import { ApiError } from '../../lib/api.ts';
import { request } from '../../lib/http.ts';
import { type DraftTarget, foundIn as found, liveOnly, liveOrDrafted, newId } from '../../lib/draftTarget.ts';
import { draft, draftOnly } from './draftApi.ts';
import { changeFromToday } from '../../../domain/keep-past.ts';
import { todayOf } from '../../../domain/capacity/plan-days.ts';
import { orgTimeZone } from '../../lib/orgTimeZone.ts';
import type { ApplyFrom } from '../../../domain/keep-past.ts';

/**
 * The planning writes. Every edit carries the version it was made against (as `version` in
 * the body); a stale one is refused with 409 VERSION_CONFLICT, a missing one with 428.
 * Each live write's answer also names its command (`commandIdOf(answer)`, or `withCommandId(write)`,
 * from api.ts), which `undoCommand` (undoApi.ts) reverses; a drafted write has none.
 */
export { commandIdOf, withCommandId } from '../../lib/api.ts';

/** `availableCapacity`: the lowest weekly free figure over the dates asked; `onProject`: already assigned to the project. */
export type SuitableEngineer = Engineer & { matchingSkills: string[]; availableCapacity: number; onProject?: boolean; fit?: Fit };

type Changes<T> = Omit<T, 'version'>;

const path = (collection: string, id: string) => `/api/${collection}/${encodeURIComponent(id)}`;

/**
 * A change drafted into a scenario from today on, as the live write makes it (domain/keep-past.ts): a
 * started assignment keeps its days before today and its changed part is drafted as one of its own.
 */
async function draftFromToday(into: DraftTarget, id: string, changes: Changes<UpdateAssignmentInput>): Promise<Assignment> {
  const shown = (await into.refold()).assignments.find((a) => a._id === id);
  if (!shown) return draft(into, { kind: 'updateAssignment', assignmentId: id, input: changes }, (plan) => found(plan.assignments, id));
  const record = { ...shown, engineerId: shown.engineerId._id, projectId: shown.projectId._id };
  const timeZone = orgTimeZone();
  const commands = changeFromToday(record, changes, { today: todayOf(new Date(), timeZone), timeZone, newAssignmentId: newId() });
  let carrier = id;
  for (const command of commands.slice(0, -1)) await draftOnly(into, command);
  const last = commands.at(-1)!;
  if (last.kind === 'createAssignment') carrier = last.assignmentId;
  return draft(into, last, (plan) => found(plan.assignments, carrier));
}

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
  /**
   * `applyFrom`: 'today' (the app's default) keeps every day before today as it was, and the answer is the
   * assignment that carries the change (a new one when a started assignment's change was split off);
   * 'start' corrects the past too.
   */
  updateAssignment: (id: string, changes: Changes<UpdateAssignmentInput>, version: number, applyFrom: ApplyFrom = 'today') =>
    liveOrDrafted(
      () => request<Assignment>('PATCH', path('assignments', id), { body: { ...changes, version, applyFrom } }),
      (into) => (applyFrom === 'today' ? draftFromToday(into, id, changes) : draft(into, { kind: 'updateAssignment', assignmentId: id, input: changes }, (plan) => found(plan.assignments, id))),
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
   * Every engineer, best first: by fit for the allocation over the dates (both included; by default the
   * rest of the project), then sharing a required skill, most free, most matching skills; flagged when on it already.
   */
  suitableEngineers: (projectId: string, dates: { from?: string; to?: string; allocation?: number } = {}) => {
    const query = new URLSearchParams({ projectId });
    if (dates.from && dates.to) query.set('from', dates.from), query.set('to', dates.to);
    // Each one's fit (fits / fits except some days / no room) is judged for this allocation.
    if (dates.allocation !== undefined) query.set('allocation', String(dates.allocation));
    return request<SuitableEngineer[]>('GET', `/api/engineers/suitable?${query.toString()}`);
  },
};
