import { assertNever, isAccountEvent, isOrganisationEvent, isViewEvent, streamIds, type PlanningEvent, type RecordedEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { readAssignmentCreations, readAssignmentReassignments } from '../event-store/assignment-creations.ts';

/**
 * Which engineer each assignment belongs to, so events that carry only an assignment id
 * (AssignmentUpdated, AssignmentRemoved) can be routed to that engineer's sockets.
 * Filled once from the log, then from every AssignmentCreated, and every reassignment (an
 * AssignmentUpdated naming a new engineer), that any reader sees first.
 */
export class AssignmentOwners {
  private readonly owners = new Map<string, string>();

  async load(db: DbOrTrx): Promise<void> {
    for (const c of await readAssignmentCreations(db)) this.owners.set(c.assignmentId, c.engineerId);
    for (const r of await readAssignmentReassignments(db)) this.owners.set(r.assignmentId, r.engineerId);
  }

  /**
   * A replay can start past an AssignmentCreated that this instance's tailer has not read yet (it lags,
   * and the client's cursor came from another instance or a REST list): look up, from the log, the
   * owners of the assignments these events update or remove that are still unknown here.
   */
  async learnMissing(db: DbOrTrx, events: RecordedEvent[]): Promise<void> {
    for (const event of events) this.learn(event);
    const unknown = new Set<string>();
    for (const event of events) {
      const fact = ownershipFact(event);
      if (fact.kind === 'needs-owner' && !this.owners.has(fact.assignmentId)) unknown.add(streamIds.assignment(fact.assignmentId));
    }
    if (unknown.size === 0) return;
    for (const c of await readAssignmentCreations(db, [...unknown])) this.owners.set(c.assignmentId, c.engineerId);
    for (const r of await readAssignmentReassignments(db, [...unknown])) this.owners.set(r.assignmentId, r.engineerId);
  }

  learn(event: RecordedEvent): void {
    const fact = ownershipFact(event);
    if (fact.kind === 'owner') this.owners.set(fact.assignmentId, fact.engineerId);
  }

  ownerOf(assignmentId: string): string | undefined {
    return this.owners.get(assignmentId);
  }
}

type OwnershipFact =
  | { kind: 'owner'; assignmentId: string; engineerId: string; previousEngineerId?: string }
  | { kind: 'needs-owner'; assignmentId: string }
  | { kind: 'none' };

/** What an event says about assignment ownership; every type is classified, so none is overlooked. */
export function ownershipFact(event: PlanningEvent): OwnershipFact {
  if (isAccountEvent(event) || isOrganisationEvent(event) || isViewEvent(event)) return { kind: 'none' };
  switch (event.type) {
    case 'AssignmentCreated':
      return { kind: 'owner', assignmentId: event.data.assignmentId, engineerId: event.data.engineerId };
    case 'AssignmentUpdated': {
      // A reassignment says whose the assignment is from now on, and whose it was.
      const { assignmentId, changes, previous } = event.data;
      if (changes.engineerId !== undefined) return { kind: 'owner', assignmentId, engineerId: changes.engineerId, previousEngineerId: previous?.engineerId };
      return { kind: 'needs-owner', assignmentId };
    }
    case 'AssignmentRemoved':
      return { kind: 'needs-owner', assignmentId: event.data.assignmentId };
    case 'ProjectCreated':
    case 'ProjectUpdated':
    case 'ProjectStatusChanged':
    case 'EngineerRegistered':
    case 'EngineerProfileUpdated':
    case 'EngineerWorkWeekChanged':
    case 'EngineerCalendarChanged':
    case 'EngineerStartDateSet':
    case 'EngineerLeaving':
    case 'EngineerLeavingCancelled':
    case 'TimeOffBooked':
    case 'TimeOffCancelled':
    case 'ActualsRecorded':
    case 'ActualsWeekLocked':
    case 'ActualsWeekUnlocked':
    case 'HolidayAdded':
    case 'HolidayRemoved':
    case 'HolidayCalendarCreated':
    case 'HolidayCalendarRenamed':
    case 'HolidayCalendarRemoved':
    case 'HolidayCalendarRuleSet':
    case 'ProjectMarkedTentative':
    case 'ProjectConfirmed':
    case 'PlaceholderAdded':
    case 'PlaceholderUpdated':
    case 'PlaceholderRemoved':
    // A filled placeholder's assignment says whose it is in its own AssignmentCreated.
    case 'PlaceholderFilled':
    case 'EngineerTeamChanged':
    case 'EngineerTeamChangeUndone':
      return { kind: 'none' };
    default:
      return assertNever(event);
  }
}
