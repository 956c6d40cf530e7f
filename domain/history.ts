import type { Assignment, AssignmentRecord, Engineer, HolidayCalendar, HolidayRecord, Placeholder, Project, TimeOff } from './entities.ts';
import { isAccountEvent } from './accounts/events.ts';
import { isViewEvent } from './views/events.ts';
import { DEFAULT_CALENDAR_ID } from './capacity/engineer-days.ts';
import { assertNever, isOrganisationEvent, type CalendarEvent, type PlanningEvent } from './events.ts';
import {
  defaultHolidayCalendar, evolveAssignment, evolveEngineer, evolveHoliday, evolveHolidayCalendar, evolvePlaceholder, evolveProject, evolveTimeOff,
} from './evolve.ts';
import { byActualsOrder, populate, type Plan } from './plan.ts';
import { evolveActualsWeek, type ActualsWeek } from './actuals/events.ts';

/**
 * Code-point order, the same as PostgreSQL's "C" collation (UTF-8 bytes) that the REST lists sort with.
 * Not `a < b`: that compares UTF-16 code units, which puts astral characters (a surrogate pair, such as
 * an emoji) before U+E000..U+FFFF (such as 'Ｚ'), the opposite of the database.
 */
export function compareText(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) return a.codePointAt(i)! < b.codePointAt(i)! ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** What toISOString writes (years 0 to 9999): such texts order as their instants do. */
const isCanonicalIso = (t: string) => t.length === 24 && t.charCodeAt(23) === 90 /* Z */ && t.charCodeAt(10) === 84 /* T */;

/**
 * Orders two instants given as ISO 8601 text. Stored dates are canonical, and comparing them as text
 * spares parsing both in every comparison of a sort (most of the time of sorting 20,000 assignments).
 */
export function compareInstants(a: string, b: string): number {
  if (isCanonicalIso(a) && isCanonicalIso(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Date.parse(a) - Date.parse(b);
}

export const byEngineerOrder = (a: Engineer, b: Engineer) => compareText(a.name, b.name) || compareText(a._id, b._id);
export const byProjectOrder = (a: Project, b: Project) =>
  compareInstants(a.startDate, b.startDate) || compareText(a.name, b.name) || compareText(a._id, b._id);
export const byAssignmentOrder = (a: { startDate: string; _id: string }, b: { startDate: string; _id: string }) =>
  compareInstants(a.startDate, b.startDate) || compareText(a._id, b._id);
/** Placeholders list like assignments: by start, then id. */
export const byPlaceholderOrder = byAssignmentOrder;
export const byTimeOffOrder = (a: TimeOff, b: TimeOff) => compareText(a.from, b.from) || compareText(a._id, b._id);
export const byHolidayOrder = (a: HolidayRecord, b: HolidayRecord) => compareText(a.date, b.date) || compareText(a._id, b._id);
/** The default calendar first (everyone follows it unless told otherwise), then by name. */
export const byHolidayCalendarOrder = (a: HolidayCalendar, b: HolidayCalendar) =>
  Number(a._id !== DEFAULT_CALENDAR_ID) - Number(b._id !== DEFAULT_CALENDAR_ID) || compareText(a.name, b.name) || compareText(a._id, b._id);

/**
 * Bump whenever a reducer changes what the fold makes of the same events: a stored snapshot of the fold
 * is a cache of its state, and one written by older reducers must not be restored as if it were current.
 */
export const PLAN_FOLD_VERSION = 2;

/** The plan as the fold holds it: the same lists, assignments not yet populated. */
export type PlanRecords = Omit<Plan, 'assignments'> & { assignments: AssignmentRecord[] };

/** The fold's state as plain data: each of its maps by name, as [id, value] pairs. */
export type PlanFoldSnapshot = { maps: Record<string, Array<[string, unknown]>> };

/**
 * Folds a long history into the plan with maps (linear in the number of events), through the same
 * stream reducers as the projections. `plan()` returns the lists exactly as the REST API orders them.
 * Its whole state is its maps, whose values are plain JSON: `toSnapshot()` and `fromSnapshot()` find
 * them rather than list them, so a map added to the fold is saved and restored with no change there.
 */
export class PlanFold {
  readonly engineers = new Map<string, Engineer>();
  readonly projects = new Map<string, Project>();
  readonly assignments = new Map<string, AssignmentRecord>();
  readonly timeOff = new Map<string, TimeOff>();
  readonly holidays = new Map<string, HolidayRecord>();
  /** The default calendar is there from the start: it has no creation event. */
  readonly holidayCalendars = new Map<string, HolidayCalendar>([[DEFAULT_CALENDAR_ID, defaultHolidayCalendar()]]);
  readonly placeholders = new Map<string, Placeholder>();
  /** Keyed by engineer id and week. */
  readonly actuals = new Map<string, ActualsWeek>();

  apply(event: PlanningEvent, version: number): void {
    if (isAccountEvent(event) || isOrganisationEvent(event) || isViewEvent(event)) return;
    switch (event.type) {
      case 'ProjectCreated':
      case 'ProjectUpdated':
      case 'ProjectStatusChanged':
      case 'ProjectMarkedTentative':
      case 'ProjectConfirmed':
        return set(this.projects, event.data.projectId, evolveProject(this.projects.get(event.data.projectId) ?? null, event, version));
      case 'PlaceholderAdded':
      case 'PlaceholderUpdated':
      case 'PlaceholderRemoved':
      case 'PlaceholderFilled':
        set(this.projects, event.data.projectId, evolveProject(this.projects.get(event.data.projectId) ?? null, event, version));
        return set(this.placeholders, event.data.placeholderId, evolvePlaceholder(this.placeholders.get(event.data.placeholderId) ?? null, event, version));
      case 'EngineerRegistered':
      case 'EngineerProfileUpdated':
      case 'EngineerWorkWeekChanged':
      case 'EngineerCalendarChanged':
      case 'EngineerStartDateSet':
      case 'EngineerLeaving':
      case 'EngineerLeavingCancelled':
      case 'EngineerTeamChanged':
      case 'EngineerTeamChangeUndone':
        return set(this.engineers, event.data.engineerId, evolveEngineer(this.engineers.get(event.data.engineerId) ?? null, event, version));
      case 'TimeOffBooked':
      case 'TimeOffCancelled':
        set(this.engineers, event.data.engineerId, evolveEngineer(this.engineers.get(event.data.engineerId) ?? null, event, version));
        return set(this.timeOff, event.data.timeOffId, evolveTimeOff(this.timeOff.get(event.data.timeOffId) ?? null, event, version));
      case 'ActualsRecorded':
      case 'ActualsWeekLocked':
      case 'ActualsWeekUnlocked': {
        const key = `${event.data.engineerId} ${event.data.week}`;
        set(this.engineers, event.data.engineerId, evolveEngineer(this.engineers.get(event.data.engineerId) ?? null, event, version));
        return set(this.actuals, key, evolveActualsWeek(this.actuals.get(key) ?? null, event, version));
      }
      case 'AssignmentCreated':
      case 'AssignmentUpdated':
      case 'AssignmentRemoved':
        return set(this.assignments, event.data.assignmentId, evolveAssignment(this.assignments.get(event.data.assignmentId) ?? null, event, version));
      case 'HolidayAdded':
      case 'HolidayRemoved':
        this.applyToCalendar(event, version);
        return set(this.holidays, event.data.holidayId, evolveHoliday(this.holidays.get(event.data.holidayId) ?? null, event, version));
      case 'HolidayCalendarCreated':
      case 'HolidayCalendarRenamed':
      case 'HolidayCalendarRemoved':
      case 'HolidayCalendarRuleSet':
        return this.applyToCalendar(event, version);
      default:
        return assertNever(event);
    }
  }

  private applyToCalendar(event: CalendarEvent, version: number): void {
    const id = event.data.calendarId;
    set(this.holidayCalendars, id, evolveHolidayCalendar(this.holidayCalendars.get(id) ?? null, event, version));
  }

  plan(): Plan {
    const records = this.records();
    return { ...records, assignments: records.assignments.map((a) => this.populated(a, records)) };
  }

  /**
   * The plan's lists in order, made of the fold's own values: assignments as records, not yet populated.
   * The fold's maps are keyed by the values' ids.
   */
  records(): PlanRecords {
    const engineers = [...this.engineers.values()].sort(byEngineerOrder);
    const projects = [...this.projects.values()].sort(byProjectOrder);
    const assignments = [...this.assignments.values()]
      .filter((a) => this.engineers.has(a.engineerId) && this.projects.has(a.projectId))
      .sort(byAssignmentOrder);
    const timeOff = [...this.timeOff.values()].filter((t) => this.engineers.has(t.engineerId)).sort(byTimeOffOrder);
    const holidays = [...this.holidays.values()].sort(byHolidayOrder);
    const placeholders = [...this.placeholders.values()].filter((p) => this.projects.has(p.projectId)).sort(byPlaceholderOrder);
    const holidayCalendars = [...this.holidayCalendars.values()].sort(byHolidayCalendarOrder);
    const actuals = [...this.actuals.values()].filter((w) => this.engineers.has(w.engineerId)).sort(byActualsOrder);
    return { engineers, projects, assignments, timeOff, holidays, placeholders, holidayCalendars, actuals };
  }

  /** An assignment of `records` (this fold's) as the plan lists it. */
  populated(record: AssignmentRecord, records: Pick<PlanRecords, 'engineers' | 'projects'>): Assignment {
    return populateFast(record, this.engineers, this.projects) ?? populate(record, records);
  }

  /** Names what a snapshot of this fold holds; one of another shape is not restorable. */
  static get snapshotFormat(): string {
    return `${PLAN_FOLD_VERSION}:${new PlanFold().stateMaps().map(([name]) => name).join(',')}`;
  }

  toSnapshot(): PlanFoldSnapshot {
    return { maps: Object.fromEntries(this.stateMaps().map(([name, map]) => [name, [...map]])) };
  }

  /**
   * The fold as it was when the snapshot was taken; applying the events after it gives what folding
   * from the first event would. Values are shared, not copied: the reducers never mutate a value.
   */
  static fromSnapshot(snapshot: PlanFoldSnapshot): PlanFold {
    const fold = new PlanFold();
    for (const [name, map] of fold.stateMaps()) {
      const entries = snapshot.maps[name];
      if (!Array.isArray(entries)) throw new Error(`The plan snapshot has no ${name}: it was taken of another fold`);
      for (const [id, value] of entries) map.set(id, value);
    }
    fold.putInListOrder();
    return fold;
  }

  /**
   * Each map in its list's order. A map keeps its order through set() of a known id and clone(), so the
   * lists of a fold restored this way are nearly in order, and plan()'s sorts (about as many comparisons
   * as values when they are) stop being most of what building the plan costs.
   */
  private putInListOrder(): void {
    reorder(this.engineers, byEngineerOrder);
    reorder(this.projects, byProjectOrder);
    reorder(this.assignments, byAssignmentOrder);
    reorder(this.timeOff, byTimeOffOrder);
    reorder(this.holidays, byHolidayOrder);
    reorder(this.holidayCalendars, byHolidayCalendarOrder);
    reorder(this.placeholders, byPlaceholderOrder);
    reorder(this.actuals, byActualsOrder);
  }

  /** A fold that goes on from this one's state without changing it. */
  clone(): PlanFold {
    const copy = new PlanFold();
    const mine = new Map(this.stateMaps());
    for (const [name, map] of copy.stateMaps()) for (const [id, value] of mine.get(name)!) map.set(id, value);
    return copy;
  }

  private stateMaps(): Array<[string, Map<string, unknown>]> {
    return Object.entries(this)
      .filter((entry): entry is [string, Map<string, unknown>] => entry[1] instanceof Map)
      .sort(([a], [b]) => compareText(a, b));
  }
}

function reorder<T>(map: Map<string, T>, order: (a: T, b: T) => number): void {
  const entries = [...map].sort(([, a], [, b]) => order(a, b));
  map.clear();
  for (const [id, value] of entries) map.set(id, value);
}

function set<T>(map: Map<string, T>, id: string, value: T | null): void {
  if (value === null) map.delete(id);
  else map.set(id, value);
}

function populateFast(a: AssignmentRecord, engineers: Map<string, Engineer>, projects: Map<string, Project>) {
  const e = engineers.get(a.engineerId);
  const p = projects.get(a.projectId);
  if (!e || !p) return undefined;
  return { ...a, engineerId: { _id: e._id, name: e.name, email: e.email }, projectId: { _id: p._id, name: p.name, status: p.status } };
}
