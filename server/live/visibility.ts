import { assertNever, isAccountEvent, isStaffingEvent, isTeamEvent, isViewEvent, mayReadView, type RecordedEvent, type Role } from '../../domain/index.ts';

export type Viewer = { id: string; role: Role };

/**
 * Who may see an event on the live channels: the same rule as the REST reads. Managers and auditors see
 * everything; an engineer sees the engineer directory, the projects (with their tentative flag and
 * placeholders), the holiday calendar, and only their own assignments and time off.
 * Every event type is named here on purpose: a type nobody classified is a compile error, and at run
 * time it is denied, because pushing an unknown fact to every engineer is the unsafe mistake.
 */
export function canSee(viewer: Viewer, event: RecordedEvent, ownerOf: (assignmentId: string) => string | undefined): boolean {
  // A saved view goes to whoever may list it: its owner, and everyone who plans once it is shared.
  if (isViewEvent(event)) return viewer.role !== 'engineer' && mayReadView(event.data, viewer.id);
  if (viewer.role !== 'engineer') return true;
  // Who may sign in and with which rights is for managers and auditors: engineers see none of it.
  if (isAccountEvent(event)) return false;
  // Staffing requests are between managers.
  if (isStaffingEvent(event)) return false;
  // Teams are part of the directory everyone reads.
  if (isTeamEvent(event)) return true;
  switch (event.type) {
    case 'ProjectCreated':
    case 'ProjectUpdated':
    case 'ProjectStatusChanged':
    case 'EngineerRegistered':
    case 'EngineerProfileUpdated':
    // The engineer's days are on their record, which everyone signed in reads.
    case 'EngineerWorkWeekChanged':
    case 'EngineerCalendarChanged':
    case 'EngineerStartDateSet':
    case 'EngineerLeaving':
    case 'EngineerLeavingCancelled':
    case 'EngineerTeamChanged':
    case 'EngineerTeamChangeUndone':
    case 'ProjectMarkedTentative':
    case 'ProjectConfirmed':
    case 'PlaceholderAdded':
    case 'PlaceholderUpdated':
    case 'PlaceholderRemoved':
    case 'PlaceholderFilled':
    case 'HolidayAdded':
    case 'HolidayRemoved':
    // Everyone signed in reads the calendars (which one they follow decides their working days).
    case 'HolidayCalendarCreated':
    case 'HolidayCalendarRenamed':
    case 'HolidayCalendarRemoved':
    case 'HolidayCalendarRuleSet':
      return true;
    case 'TimeOffBooked':
    case 'TimeOffCancelled':
    // Actuals are the engineer's own: colleagues never see what someone logged (design section 13).
    case 'ActualsRecorded':
    case 'ActualsWeekLocked':
    case 'ActualsWeekUnlocked':
      return event.data.engineerId === viewer.id;
    case 'AssignmentCreated':
      return event.data.engineerId === viewer.id;
    case 'AssignmentUpdated': {
      // A reassignment is both engineers' news: one stops seeing the assignment, the other starts.
      const { changes, previous } = event.data;
      if (changes.engineerId !== undefined) return changes.engineerId === viewer.id || previous?.engineerId === viewer.id;
      return ownerOf(event.data.assignmentId) === viewer.id;
    }
    case 'AssignmentRemoved':
      return ownerOf(event.data.assignmentId) === viewer.id;
    default:
      return denyUnclassified(event);
  }
}

function denyUnclassified(event: never): false {
  try {
    assertNever(event);
  } catch {
    // unreachable while every type is classified above; if an old build meets a new type, deny it
  }
  return false;
}
