import { changedFields, decideCreateAssignment, previousOf } from './planning.ts';
import type { Engineer, Placeholder } from '../entities.ts';
import { DomainError } from '../errors.ts';
import type { AssignmentEvent, PlaceholderUpdated, ProjectEvent } from '../events.ts';
import { entryOf, type ProjectRecord } from '../evolve.ts';
import type { AddPlaceholderInput, UpdatePlaceholderInput } from '../inputs.ts';
import { assignmentMessages as A, placeholderMessages as PH } from '../messages.ts';

function openProject(state: ProjectRecord | null): ProjectRecord {
  if (!state) throw new DomainError('not-found', 'Project not found');
  if (state.project.status === 'completed') throw new DomainError('invalid', PH.projectCompleted, 'projectId');
  return state;
}

/** An open placeholder; a filled or removed one is a conflict (someone acted first), an unknown one is not found. */
function openPlaceholder(state: ProjectRecord, placeholderId: string): Placeholder {
  const placeholder = entryOf(state.placeholders, placeholderId);
  if (placeholder) return placeholder;
  const closed = entryOf(state.closed, placeholderId);
  if (closed) throw new DomainError('conflict', closed === 'filled' ? PH.filled : PH.removed);
  throw new DomainError('not-found', PH.notFound);
}

export function decideAddPlaceholder(
  state: ProjectRecord | null,
  command: { placeholderId: string; input: AddPlaceholderInput },
): ProjectEvent[] {
  const { project } = openProject(state);
  const { version: _version, ...fields } = command.input;
  return [{ type: 'PlaceholderAdded', data: { placeholderId: command.placeholderId, projectId: project._id, ...fields } }];
}

export function decideUpdatePlaceholder(
  state: ProjectRecord | null,
  command: { placeholderId: string; input: UpdatePlaceholderInput },
): ProjectEvent[] {
  const plan = openProject(state);
  const placeholder = openPlaceholder(plan, command.placeholderId);
  const { version: _version, ...input } = command.input;
  const merged = { ...placeholder, ...input };
  if (Date.parse(merged.endDate) < Date.parse(merged.startDate)) throw new DomainError('invalid', A.endBeforeStart, 'endDate');
  const changes = changedFields<PlaceholderUpdated['data']['changes']>(placeholder, input);
  if (Object.keys(changes).length === 0) return [];
  return [{
    type: 'PlaceholderUpdated',
    data: { placeholderId: placeholder._id, projectId: plan.project._id, changes, previous: previousOf(placeholder, changes) },
  }];
}

/** Removing a need is allowed on any project, a completed one included: it only tidies the plan. */
export function decideRemovePlaceholder(state: ProjectRecord | null, command: { placeholderId: string }): ProjectEvent[] {
  if (!state) throw new DomainError('not-found', 'Project not found');
  const placeholder = openPlaceholder(state, command.placeholderId);
  return [{ type: 'PlaceholderRemoved', data: { placeholderId: placeholder._id, projectId: state.project._id, role: placeholder.role } }];
}

/**
 * Fills a placeholder with a person: the placeholder closes on the project stream and becomes a new
 * assignment (role, allocation and dates taken from it) on its own stream. Both lists of events are
 * appended in one transaction by the caller; the assignment follows the same rules as any new one.
 */
export function decideFillPlaceholder(
  state: ProjectRecord | null,
  command: { placeholderId: string; assignmentId: string; engineer: Engineer | null; engineerId: string },
): { project: ProjectEvent[]; assignment: AssignmentEvent[] } {
  if (!state) throw new DomainError('not-found', 'Project not found');
  const placeholder = openPlaceholder(state, command.placeholderId);
  const { role, allocationPercentage, startDate, endDate, projectId } = placeholder;
  const assignment = decideCreateAssignment(null, {
    assignmentId: command.assignmentId,
    input: { engineerId: command.engineerId, projectId, role, allocationPercentage, startDate, endDate },
    engineer: command.engineer,
    project: state.project,
  });
  return {
    project: [{ type: 'PlaceholderFilled', data: { placeholderId: placeholder._id, projectId, assignmentId: command.assignmentId, role } }],
    assignment,
  };
}
