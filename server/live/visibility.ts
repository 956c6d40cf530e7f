import type { RecordedEvent, Role } from '../../domain/index.ts';

export type Viewer = { id: string; role: Role };

/**
 * Who may see an event on the live channels — the same rule as the REST reads: managers and auditors
 * everything; an engineer the engineer directory, the projects, and only their own assignments.
 */
export function canSee(viewer: Viewer, event: RecordedEvent, ownerOf: (assignmentId: string) => string | undefined): boolean {
  if (viewer.role !== 'engineer') return true;
  switch (event.type) {
    case 'AssignmentCreated':
      return event.data.engineerId === viewer.id;
    case 'AssignmentUpdated':
    case 'AssignmentRemoved':
      return ownerOf(event.data.assignmentId) === viewer.id;
    default:
      return true;
  }
}
