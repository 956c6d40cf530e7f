import type { AssignmentRecord, Engineer, HolidayRecord, Placeholder, Project, TimeOff } from './entities.ts';
import { assertNever, type PlanningEvent } from './events.ts';
import {
  evolveAssignment, evolveEngineer, evolveHoliday, evolvePlaceholder, evolveProject, evolveTimeOff,
} from './evolve.ts';
import { populate, type Plan } from './plan.ts';

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

export const byEngineerOrder = (a: Engineer, b: Engineer) => compareText(a.name, b.name) || compareText(a._id, b._id);
export const byProjectOrder = (a: Project, b: Project) =>
  Date.parse(a.startDate) - Date.parse(b.startDate) || compareText(a.name, b.name) || compareText(a._id, b._id);
export const byAssignmentOrder = (a: { startDate: string; _id: string }, b: { startDate: string; _id: string }) =>
  Date.parse(a.startDate) - Date.parse(b.startDate) || compareText(a._id, b._id);
/** Placeholders list like assignments: by start, then id. */
export const byPlaceholderOrder = byAssignmentOrder;
export const byTimeOffOrder = (a: TimeOff, b: TimeOff) => compareText(a.from, b.from) || compareText(a._id, b._id);
export const byHolidayOrder = (a: HolidayRecord, b: HolidayRecord) => compareText(a.date, b.date) || compareText(a._id, b._id);

/**
 * Folds a long history into the plan with maps (linear in the number of events), through the same
 * stream reducers as the projections. `plan()` returns the lists exactly as the REST API orders them.
 */
export class PlanFold {
  readonly engineers = new Map<string, Engineer>();
  readonly projects = new Map<string, Project>();
  readonly assignments = new Map<string, AssignmentRecord>();
  readonly timeOff = new Map<string, TimeOff>();
  readonly holidays = new Map<string, HolidayRecord>();
  readonly placeholders = new Map<string, Placeholder>();

  apply(event: PlanningEvent, version: number): void {
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
        return set(this.engineers, event.data.engineerId, evolveEngineer(this.engineers.get(event.data.engineerId) ?? null, event, version));
      case 'TimeOffBooked':
      case 'TimeOffCancelled':
        set(this.engineers, event.data.engineerId, evolveEngineer(this.engineers.get(event.data.engineerId) ?? null, event, version));
        return set(this.timeOff, event.data.timeOffId, evolveTimeOff(this.timeOff.get(event.data.timeOffId) ?? null, event, version));
      case 'AssignmentCreated':
      case 'AssignmentUpdated':
      case 'AssignmentRemoved':
        return set(this.assignments, event.data.assignmentId, evolveAssignment(this.assignments.get(event.data.assignmentId) ?? null, event, version));
      case 'HolidayAdded':
      case 'HolidayRemoved':
        return set(this.holidays, event.data.holidayId, evolveHoliday(this.holidays.get(event.data.holidayId) ?? null, event, version));
      default:
        return assertNever(event);
    }
  }

  plan(): Plan {
    const engineers = [...this.engineers.values()].sort(byEngineerOrder);
    const projects = [...this.projects.values()].sort(byProjectOrder);
    const lookup = { engineers, projects };
    const engineerById = new Map(engineers.map((e) => [e._id, e]));
    const projectById = new Map(projects.map((p) => [p._id, p]));
    const assignments = [...this.assignments.values()]
      .filter((a) => engineerById.has(a.engineerId) && projectById.has(a.projectId))
      .sort(byAssignmentOrder)
      .map((a) => populateFast(a, engineerById, projectById) ?? populate(a, lookup));
    const timeOff = [...this.timeOff.values()].filter((t) => engineerById.has(t.engineerId)).sort(byTimeOffOrder);
    const holidays = [...this.holidays.values()].sort(byHolidayOrder);
    const placeholders = [...this.placeholders.values()].filter((p) => projectById.has(p.projectId)).sort(byPlaceholderOrder);
    return { engineers, projects, assignments, timeOff, holidays, placeholders };
  }
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
