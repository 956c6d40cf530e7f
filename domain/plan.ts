import type { Assignment, AssignmentRecord, Engineer, HolidayCalendar, HolidayRecord, Placeholder, Project, TimeOff } from './entities.ts';
import { isAccountEvent } from './accounts/events.ts';
import { isViewEvent } from './views/events.ts';
import { assertNever, isOrganisationEvent, type CalendarEvent, type EngineerEvent, type PlanningEvent, type ProjectEvent } from './events.ts';
import { evolveActualsWeek, type ActualsWeek } from './actuals/events.ts';
import {
  defaultHolidayCalendar, evolveAssignment, evolveEngineer, evolveHoliday, evolveHolidayCalendar, evolvePlaceholder, evolveProject, evolveTimeOff,
} from './evolve.ts';

/**
 * The whole plan as the screens see it: the read models, assignments populated; beside them the facts
 * capacity over time needs (time off, the holiday calendar, placeholders).
 */
export type Plan = {
  engineers: Engineer[];
  projects: Project[];
  assignments: Assignment[];
  timeOff: TimeOff[];
  holidays: HolidayRecord[];
  placeholders: Placeholder[];
  /** The holiday calendars (the default one always), without their holidays: those are in `holidays`. */
  holidayCalendars: HolidayCalendar[];
  /** Each engineer's recorded or locked weeks, by engineer then week. */
  actuals: ActualsWeek[];
};

/** The lists the REST API serves and the client keeps as collections. */
export type PlanLists = Pick<Plan, 'engineers' | 'projects' | 'assignments'>;

export const emptyPlan = (): Plan => ({
  engineers: [], projects: [], assignments: [], timeOff: [], holidays: [], placeholders: [], holidayCalendars: [defaultHolidayCalendar()], actuals: [],
});

export function populate(record: AssignmentRecord, plan: Pick<Plan, 'engineers' | 'projects'>): Assignment {
  const engineer = plan.engineers.find((e) => e._id === record.engineerId);
  const project = plan.projects.find((p) => p._id === record.projectId);
  return {
    ...record,
    engineerId: { _id: record.engineerId, name: engineer?.name ?? '', email: engineer?.email ?? '' },
    projectId: { _id: record.projectId, name: project?.name ?? '', status: project?.status ?? 'planning' },
  };
}

export const unpopulate = (a: Assignment): AssignmentRecord => ({ ...a, engineerId: a.engineerId._id, projectId: a.projectId._id });

function replace<T extends { _id: string }>(list: T[], id: string, next: T | null): T[] {
  const index = list.findIndex((item) => item._id === id);
  if (next === null) return index === -1 ? list : list.filter((item) => item._id !== id);
  if (index === -1) return [...list, next];
  const copy = list.slice();
  copy[index] = next;
  return copy;
}

/** The project's new state, and its name and status copied into its assignments. */
function applyToProject(plan: Plan, event: ProjectEvent, version: number): Plan {
  const id = event.data.projectId;
  const next = evolveProject(plan.projects.find((p) => p._id === id) ?? null, event, version);
  const projects = replace(plan.projects, id, next);
  const assignments = next
    ? plan.assignments.map((a) =>
        a.projectId._id === id ? { ...a, projectId: { _id: id, name: next.name, status: next.status } } : a)
    : plan.assignments;
  return { ...plan, projects, assignments };
}

/** The engineer's new state, and their name and email copied into their assignments. */
function applyToEngineer(plan: Plan, event: EngineerEvent, version: number): Plan {
  const id = event.data.engineerId;
  const next = evolveEngineer(plan.engineers.find((e) => e._id === id) ?? null, event, version);
  const engineers = replace(plan.engineers, id, next);
  const assignments = next
    ? plan.assignments.map((a) =>
        a.engineerId._id === id ? { ...a, engineerId: { _id: id, name: next.name, email: next.email } } : a)
    : plan.assignments;
  return { ...plan, engineers, assignments };
}

/** Actuals weeks list by engineer id, then week (ISO week keys order as text). */
export const byActualsOrder = (a: ActualsWeek, b: ActualsWeek) =>
  a.engineerId < b.engineerId ? -1 : a.engineerId > b.engineerId ? 1 : a.week < b.week ? -1 : a.week > b.week ? 1 : 0;

const byId = <T extends { _id: string }>(list: T[], id: string) => list.find((item) => item._id === id) ?? null;

/** The calendar's new record (a plan from before calendars had names has none: the default one then stands there). */
function applyToCalendar(plan: Plan, event: CalendarEvent, version: number): Plan {
  const calendars = plan.holidayCalendars ?? [];
  const id = event.data.calendarId;
  return { ...plan, holidayCalendars: replace(calendars, id, evolveHolidayCalendar(byId(calendars, id), event, version)) };
}

/**
 * Applies one event to the plan, immutably, with the same stream reducers the projections use.
 * `version` is the event's stream position. Names copied into assignments follow renames.
 */
export function applyToPlan(plan: Plan, event: PlanningEvent, version: number): Plan {
  if (isAccountEvent(event) || isOrganisationEvent(event) || isViewEvent(event)) return plan;
  switch (event.type) {
    case 'ProjectCreated':
    case 'ProjectUpdated':
    case 'ProjectStatusChanged':
    case 'ProjectMarkedTentative':
    case 'ProjectConfirmed':
      return applyToProject(plan, event, version);
    case 'PlaceholderAdded':
    case 'PlaceholderUpdated':
    case 'PlaceholderRemoved':
    case 'PlaceholderFilled': {
      const id = event.data.placeholderId;
      const next = evolvePlaceholder(byId(plan.placeholders, id), event, version);
      return { ...applyToProject(plan, event, version), placeholders: replace(plan.placeholders, id, next) };
    }
    case 'EngineerRegistered':
    case 'EngineerProfileUpdated':
    case 'EngineerWorkWeekChanged':
    case 'EngineerCalendarChanged':
    case 'EngineerStartDateSet':
    case 'EngineerLeaving':
    case 'EngineerLeavingCancelled':
    case 'EngineerTeamChanged':
    case 'EngineerTeamChangeUndone':
      return applyToEngineer(plan, event, version);
    case 'TimeOffBooked':
    case 'TimeOffCancelled': {
      const id = event.data.timeOffId;
      const next = evolveTimeOff(byId(plan.timeOff, id), event, version);
      return { ...applyToEngineer(plan, event, version), timeOff: replace(plan.timeOff, id, next) };
    }
    case 'ActualsRecorded':
    case 'ActualsWeekLocked':
    case 'ActualsWeekUnlocked': {
      const { engineerId, week } = event.data;
      const index = plan.actuals.findIndex((w) => w.engineerId === engineerId && w.week === week);
      const next = evolveActualsWeek(index === -1 ? null : plan.actuals[index]!, event, version);
      const actuals = index === -1 ? [...plan.actuals, next].sort(byActualsOrder) : plan.actuals.with(index, next);
      return { ...applyToEngineer(plan, event, version), actuals };
    }
    case 'AssignmentCreated':
    case 'AssignmentUpdated':
    case 'AssignmentRemoved': {
      const id = event.data.assignmentId;
      const existing = byId(plan.assignments, id);
      const next = evolveAssignment(existing ? unpopulate(existing) : null, event, version);
      return { ...plan, assignments: replace(plan.assignments, id, next && populate(next, plan)) };
    }
    case 'HolidayAdded':
    case 'HolidayRemoved': {
      const id = event.data.holidayId;
      return { ...applyToCalendar(plan, event, version), holidays: replace(plan.holidays, id, evolveHoliday(byId(plan.holidays, id), event, version)) };
    }
    case 'HolidayCalendarCreated':
    case 'HolidayCalendarRenamed':
    case 'HolidayCalendarRemoved':
    case 'HolidayCalendarRuleSet':
      return applyToCalendar(plan, event, version);
    default:
      return assertNever(event);
  }
}
