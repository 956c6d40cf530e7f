import type { Engineer, Project, AssignmentRecord } from './entities.ts';
import { assertNever, type AssignmentEvent, type EngineerEvent, type ProjectEvent } from './events.ts';

/**
 * Stream state is the entity as the read model holds it, with its version (the stream position).
 * `null` is "no such stream yet"; an assignment that was removed folds back to `null`.
 */
export function evolveProject(state: Project | null, event: ProjectEvent, version: number): Project | null {
  switch (event.type) {
    case 'ProjectCreated': {
      const { projectId, ...fields } = event.data;
      return { _id: projectId, ...fields, version };
    }
    case 'ProjectUpdated':
      return state && { ...state, ...event.data.changes, version };
    case 'ProjectStatusChanged':
      return state && { ...state, status: event.data.to, version };
    default:
      return assertNever(event);
  }
}

export function evolveAssignment(
  state: AssignmentRecord | null,
  event: AssignmentEvent,
  version: number,
): AssignmentRecord | null {
  switch (event.type) {
    case 'AssignmentCreated': {
      const { assignmentId, ...fields } = event.data;
      return { _id: assignmentId, ...fields, version };
    }
    case 'AssignmentUpdated':
      return state && { ...state, ...event.data.changes, version };
    case 'AssignmentRemoved':
      return null;
    default:
      return assertNever(event);
  }
}

export function evolveEngineer(state: Engineer | null, event: EngineerEvent, version: number): Engineer | null {
  switch (event.type) {
    case 'EngineerRegistered': {
      const { engineerId, ...fields } = event.data;
      return { _id: engineerId, ...fields, version };
    }
    case 'EngineerProfileUpdated':
      return state && { ...state, ...event.data.changes, version };
    default:
      return assertNever(event);
  }
}
