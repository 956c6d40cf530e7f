import type { Engineer, Project, ProjectStatus, Seniority } from './entities.ts';

export type ProjectFields = Omit<Project, '_id' | 'version'>;
export type EngineerFields = Omit<Engineer, '_id' | 'version'>;
export type AssignmentFields = {
  engineerId: string;
  projectId: string;
  role: string;
  allocationPercentage: number;
  startDate: string;
  endDate: string;
};

export type ProjectCreated = { type: 'ProjectCreated'; data: { projectId: string } & ProjectFields };
export type ProjectUpdated = {
  type: 'ProjectUpdated';
  /** `previous` holds the replaced values, so history reads 'from 50% to 80%' without a replay. */
  data: {
    projectId: string;
    changes: Partial<Omit<ProjectFields, 'status' | 'managerId'>>;
    previous?: Partial<Omit<ProjectFields, 'status' | 'managerId'>>;
  };
};
export type ProjectStatusChanged = {
  type: 'ProjectStatusChanged';
  data: { projectId: string; from: ProjectStatus; to: ProjectStatus };
};
export type AssignmentCreated = { type: 'AssignmentCreated'; data: { assignmentId: string } & AssignmentFields };
export type AssignmentUpdated = {
  type: 'AssignmentUpdated';
  data: {
    assignmentId: string;
    changes: Partial<Omit<AssignmentFields, 'engineerId' | 'projectId'>>;
    previous?: Partial<Omit<AssignmentFields, 'engineerId' | 'projectId'>>;
  };
};
export type AssignmentRemoved = { type: 'AssignmentRemoved'; data: { assignmentId: string } };
export type EngineerRegistered = { type: 'EngineerRegistered'; data: { engineerId: string } & EngineerFields };
export type EngineerProfileUpdated = {
  type: 'EngineerProfileUpdated';
  data: {
    engineerId: string;
    changes: Partial<EngineerFields & { seniority: Seniority }>;
    previous?: Partial<EngineerFields & { seniority: Seniority }>;
  };
};

export type ProjectEvent = ProjectCreated | ProjectUpdated | ProjectStatusChanged;
export type AssignmentEvent = AssignmentCreated | AssignmentUpdated | AssignmentRemoved;
export type EngineerEvent = EngineerRegistered | EngineerProfileUpdated;
export type PlanningEvent = ProjectEvent | AssignmentEvent | EngineerEvent;
/**
 * The one list of event types. Everything that must handle every type (reducers, the history fold, event
 * sentences, live visibility, assignment owners) switches exhaustively over it and ends in
 * `assertNever`, so a type added here and forgotten in one of those places fails to compile instead
 * of being dropped silently. The checklist for a new type is in docs/architecture.md.
 */
export const planningEventTypes = [
  'ProjectCreated', 'ProjectUpdated', 'ProjectStatusChanged',
  'AssignmentCreated', 'AssignmentUpdated', 'AssignmentRemoved',
  'EngineerRegistered', 'EngineerProfileUpdated',
] as const;
export type PlanningEventType = (typeof planningEventTypes)[number];
export type EventOfType<T extends PlanningEventType> = Extract<PlanningEvent, { type: T }>;

/** Fails to compile unless the tuple above and the union of event shapes name exactly the same types. */
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const eventTableMatchesUnion: SameSet<PlanningEventType, PlanningEvent['type']> = true;

/**
 * The `default:` of an exhaustive switch: a compile error when a case is missing (the value is not
 * `never` then), and at run time a loud failure rather than a silent skip.
 */
export function assertNever(value: never, what = 'event'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify((value as { type?: unknown })?.type ?? value)}`);
}

export type EventMetadata = {
  actorId: string;
  actorRole: string;
  commandId?: string;
  correlationId?: string;
};

/** An event as stored and sent to readers: the envelope the live channel and /api/events carry. */
export type RecordedEvent<E extends PlanningEvent = PlanningEvent> = E & {
  cursor: string;
  streamId: string;
  streamPosition: number;
  metadata: EventMetadata;
  recordedAt: string;
};

export const streamIds = {
  project: (id: string) => `project-${id}`,
  assignment: (id: string) => `assignment-${id}`,
  engineer: (id: string) => `engineer-${id}`,
};

/** Which entity an event is about, from its stream name. */
export function streamEntity(streamId: string): { kind: 'project' | 'assignment' | 'engineer'; id: string } | null {
  const match = /^(project|assignment|engineer)-(.+)$/.exec(streamId);
  return match ? { kind: match[1] as 'project' | 'assignment' | 'engineer', id: match[2]! } : null;
}
