import type { AssignmentRecord, Engineer, Project, ProjectStatus } from '../entities.ts';
import { DomainError } from '../errors.ts';
import type {
  AssignmentEvent, EngineerEvent, EngineerFields, ProjectEvent, ProjectUpdated, AssignmentUpdated,
} from '../events.ts';
import type {
  CreateAssignmentInput, CreateProjectInput, RegisterEngineerInput, UpdateAssignmentInput,
  UpdateEngineerInput, UpdateProjectInput,
} from '../inputs.ts';
import { assignmentMessages as A, placeholderMessages as PH } from '../messages.ts';

/** The values `changes` replaces, recorded beside them. */
export function previousOf<T extends object>(state: T, changes: Partial<T>): Partial<T> {
  const previous: Partial<T> = {};
  for (const key of Object.keys(changes) as (keyof T)[]) previous[key] = state[key];
  return previous;
}

/** Only the fields whose values differ, so an update that changes nothing appends nothing. */
export function changedFields<T extends object>(state: T, input: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(input) as (keyof T)[]) {
    const next = input[key];
    if (next !== undefined && JSON.stringify(next) !== JSON.stringify(state[key])) changes[key] = next;
  }
  return changes;
}

// ---- project stream

export function decideCreateProject(
  state: Project | null,
  command: { projectId: string; input: CreateProjectInput; managerId: string },
): ProjectEvent[] {
  if (state) throw new DomainError('conflict', 'Project already exists');
  const { managerId: _ignored, ...fields } = command.input;
  return [{ type: 'ProjectCreated', data: { projectId: command.projectId, ...fields, managerId: command.managerId } }];
}

/** Status moves forward planning -> active -> completed; a completed project may be reopened to active. */
const allowedStatusMoves: Record<ProjectStatus, ProjectStatus[]> = {
  planning: ['active'],
  active: ['completed'],
  completed: ['active'],
};

/** Whether a project's status may move from `from` to `to` (an undo asks before moving one back). */
export const canMoveStatus = (from: ProjectStatus, to: ProjectStatus) => allowedStatusMoves[from].includes(to);

export function decideUpdateProject(state: Project | null, input: UpdateProjectInput): ProjectEvent[] {
  if (!state) throw new DomainError('not-found', 'Project not found');
  const { status, version: _version, ...rest } = input;
  const merged = { ...state, ...rest };
  if (Date.parse(merged.endDate) <= Date.parse(merged.startDate)) {
    throw new DomainError('invalid', 'End date must be after start date', 'endDate');
  }
  const events: ProjectEvent[] = [];
  const changes = changedFields<ProjectUpdated['data']['changes']>(state, rest);
  if (Object.keys(changes).length > 0) events.push({ type: 'ProjectUpdated', data: { projectId: state._id, changes, previous: previousOf(state, changes) } });
  if (status && status !== state.status) {
    if (!allowedStatusMoves[state.status].includes(status)) {
      const article = state.status === 'active' ? 'An' : 'A';
      throw new DomainError('invalid', `${article} ${state.status} project cannot move to ${status}`, 'status');
    }
    events.push({ type: 'ProjectStatusChanged', data: { projectId: state._id, from: state.status, to: status } });
  }
  return events;
}

/** A pipeline project not yet won; marking it again changes nothing. */
export function decideMarkTentative(state: Project | null): ProjectEvent[] {
  if (!state) throw new DomainError('not-found', 'Project not found');
  if (state.tentative) return [];
  if (state.status === 'completed') throw new DomainError('invalid', PH.completedNotTentative, 'tentative');
  return [{ type: 'ProjectMarkedTentative', data: { projectId: state._id } }];
}

/** The project was won: its assignments count as confirmed load. Confirming a confirmed project changes nothing. */
export function decideConfirmProject(state: Project | null): ProjectEvent[] {
  if (!state) throw new DomainError('not-found', 'Project not found');
  return state.tentative ? [{ type: 'ProjectConfirmed', data: { projectId: state._id } }] : [];
}

// ---- assignment stream

export type AssignmentContext = { engineer: Engineer | null; project: Project | null };

export function decideCreateAssignment(
  state: AssignmentRecord | null,
  command: { assignmentId: string; input: CreateAssignmentInput } & AssignmentContext,
): AssignmentEvent[] {
  if (state) throw new DomainError('conflict', 'Assignment already exists');
  if (!command.engineer) throw new DomainError('invalid', A.engineerNotFound, 'engineerId');
  if (!command.project) throw new DomainError('invalid', A.projectNotFound, 'projectId');
  if (command.project.status === 'completed') throw new DomainError('invalid', A.projectCompleted, 'projectId');
  return [{ type: 'AssignmentCreated', data: { assignmentId: command.assignmentId, ...command.input } }];
}

/**
 * Changes an assignment's fields. A new `engineerId` hands it to that engineer (who must exist: `engineer`
 * is the one named, looked up by the caller); the event records the engineer it was taken from in `previous`.
 */
export function decideUpdateAssignment(
  state: AssignmentRecord | null,
  command: { input: UpdateAssignmentInput; project: Project | null; engineer?: Engineer | null },
): AssignmentEvent[] {
  if (!state) throw new DomainError('not-found', 'Assignment not found');
  if (command.project?.status === 'completed') throw new DomainError('invalid', A.projectCompleted, 'projectId');
  const reassigns = command.input.engineerId !== undefined && command.input.engineerId !== state.engineerId;
  if (reassigns && !command.engineer) throw new DomainError('invalid', A.engineerNotFound, 'engineerId');
  const { version: _version, ...input } = command.input;
  const merged = { ...state, ...input };
  if (Date.parse(merged.endDate) < Date.parse(merged.startDate)) {
    throw new DomainError('invalid', A.endBeforeStart, 'endDate');
  }
  const changes = changedFields<AssignmentUpdated['data']['changes']>(state, input);
  return Object.keys(changes).length > 0
    ? [{ type: 'AssignmentUpdated', data: { assignmentId: state._id, changes, previous: previousOf(state, changes) } }]
    : [];
}

export function decideRemoveAssignment(state: AssignmentRecord | null): AssignmentEvent[] {
  if (!state) throw new DomainError('not-found', 'Assignment not found');
  return [{ type: 'AssignmentRemoved', data: { assignmentId: state._id } }];
}

// ---- engineer stream

export function decideRegisterEngineer(
  state: Engineer | null,
  // A bulk import registers engineers without a password of their own: the password is optional here.
  command: { engineerId: string; input: Omit<RegisterEngineerInput, 'password'> & { password?: string } },
): EngineerEvent[] {
  if (state) throw new DomainError('conflict', 'Engineer already exists');
  // The password goes to the account table, never into an event (credentials never go into events, which are kept forever).
  const { password: _password, ...fields } = command.input;
  return [{ type: 'EngineerRegistered', data: { engineerId: command.engineerId, ...(fields as EngineerFields) } }];
}

export function decideUpdateEngineer(
  state: Engineer | null,
  command: { input: UpdateEngineerInput; actor: { id: string; role: string } },
): EngineerEvent[] {
  if (!state) throw new DomainError('not-found', 'Engineer not found');
  const { actor } = command;
  const { version: _version, ...input } = command.input;
  if (actor.role !== 'manager') {
    const ownSkillsOnly = actor.id === state._id && Object.keys(input).every((key) => key === 'skills');
    if (!ownSkillsOnly) throw new DomainError('forbidden', 'Engineers may change only their own skills');
  }
  const changes = changedFields<Partial<EngineerFields>>(state, input);
  return Object.keys(changes).length > 0
    ? [{ type: 'EngineerProfileUpdated', data: { engineerId: state._id, changes, previous: previousOf(state, changes) } }]
    : [];
}
