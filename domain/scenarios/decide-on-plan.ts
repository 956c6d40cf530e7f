import type { TimeOffActor } from '../decide/time-off.ts';
import type { AssignmentRecord, Engineer, Project } from '../entities.ts';
import { streamEntity } from '../events.ts';
import type { Calendar, EngineerRecord, ProjectRecord } from '../evolve.ts';
import { applyToPlan, unpopulate, type Plan } from '../plan.ts';
import { decideCommand, defaultCalendarOr, type PlanReader, type StreamEvents } from '../commands/table.ts';
import type { PlanningCommand } from '../commands/planning-commands.ts';

/**
 * Looks entities up in a plan. A scan, not a map: each change replaces a list, and a scan of 20,000
 * assignments costs less than building a map of them again after every change.
 */
export class PlanIndex {
  /** `timeZone`: the organisation's, in which the decisions count an assignment's days. */
  constructor(readonly timeZone = 'UTC') {}

  private byId<T extends { _id: string }>(list: readonly T[], id: string): T | null {
    return list.find((item) => item._id === id) ?? null;
  }

  project = (plan: Plan, id: string): Project | null => this.byId(plan.projects, id);
  engineer = (plan: Plan, id: string): Engineer | null => this.byId(plan.engineers, id);
  assignment = (plan: Plan, id: string): AssignmentRecord | null => {
    const found = this.byId(plan.assignments, id);
    return found && unpopulate(found);
  };

  /** The project stream as its placeholder commands fold it (placeholders closed before are not kept in a plan). */
  projectPlan(plan: Plan, id: string): ProjectRecord | null {
    const project = this.project(plan, id);
    if (!project) return null;
    const placeholders = Object.fromEntries(plan.placeholders.filter((p) => p.projectId === id).map((p) => [p._id, p]));
    return { project, placeholders, closed: {} };
  }

  engineerRecord(plan: Plan, id: string): EngineerRecord | null {
    const engineer = this.engineer(plan, id);
    if (!engineer) return null;
    return { engineer, timeOff: Object.fromEntries(plan.timeOff.filter((t) => t.engineerId === id).map((t) => [t._id, t])) };
  }

  /** A calendar as the plan holds it, with its holidays; null when the plan has no such calendar. */
  calendar(plan: Plan, id: string): Calendar | null {
    const calendar = this.byId(plan.holidayCalendars, id);
    if (!calendar) return null;
    return { calendar, holidays: Object.fromEntries(plan.holidays.filter((h) => h.calendarId === id).map((h) => [h._id, h])) };
  }

  /** Who follows a calendar, at any date. */
  calendarFollowers(plan: Plan, id: string): string[] {
    return plan.engineers.filter((e) => e.calendars?.some((c) => c.calendarId === id)).map((e) => e.name);
  }

  /** The plan as the command table reads it. */
  reader(plan: Plan): PlanReader {
    return {
      assignment: (id) => this.assignment(plan, id),
      project: (id) => this.project(plan, id),
      projectPlan: (id) => this.projectPlan(plan, id),
      engineer: (id) => this.engineer(plan, id),
      engineerRecord: (id) => this.engineerRecord(plan, id),
      calendar: (id) => this.calendar(plan, id),
      holidayCalendar: (id) => defaultCalendarOr(this.byId(plan.holidayCalendars, id), id),
      holidayCalendars: () => plan.holidayCalendars,
      calendarFollowers: (id) => this.calendarFollowers(plan, id),
      lockedWeeks: (id) => plan.actuals.filter((w) => w.engineerId === id && w.locked).map((w) => w.week),
    };
  }

  /** A stream's version in the plan: its entity's version (facts beside an entity move it too), 0 for a new stream. */
  streamVersion(plan: Plan, streamId: string): number {
    const entity = streamEntity(streamId);
    if (!entity) return 0;
    switch (entity.kind) {
      case 'project':
        return this.project(plan, entity.id)?.version ?? 0;
      case 'engineer':
        return this.engineer(plan, entity.id)?.version ?? 0;
      case 'assignment':
        return this.byId(plan.assignments, entity.id)?.version ?? 0;
      case 'calendar':
        return this.byId(plan.holidayCalendars, entity.id)?.version ?? 0;
      case 'account':
      case 'team':
      case 'staffing':
        return 0;
    }
  }
}

/**
 * What a planning command would append if it ran on this plan: the command table's decision, reading
 * the streams' states as the plan holds them. Throws the same DomainError the live route would answer with.
 */
export function decideOnPlan(plan: Plan, command: PlanningCommand, actor: TimeOffActor, index = new PlanIndex()): StreamEvents[] {
  return decideCommand(command, { read: index.reader(plan), actor, timeZone: index.timeZone });
}

/** The plan with those events applied through the projections' reducers, each at its next stream position. */
export function applyStreamEvents(plan: Plan, decided: readonly StreamEvents[], index = new PlanIndex()): Plan {
  let next = plan;
  for (const { streamId, events } of decided) {
    const version = index.streamVersion(next, streamId);
    events.forEach((event, i) => {
      next = applyToPlan(next, event, version + i + 1);
    });
  }
  return next;
}
