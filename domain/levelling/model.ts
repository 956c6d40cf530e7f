/**
 * Levelling: the overloaded days of a window and scope, and each one's candidate moves.
 *
 * Load is the capacity model's, never recomputed here: each involved person's days (capacity, booked,
 * whether load counts on the day) are read from capacityOverTime at step 'day', who is overloaded from
 * its `overloadedDays`, and who "fits" from freeByDay and fitOfFreeDays (section "Fit" of the load
 * rules). A move's effect on a person's days is the assignment's allocation taken off or put on the
 * days where the model counts load (the days with capacity), so the program and the greedy pass add
 * and subtract exactly what the model would sum.
 *
 * What must stay: pinned assignments; any day of a locked actuals week; every day before today (a
 * started assignment is never shifted, and is reassigned or lowered from today on only); confirmed
 * work keeps its person unless that is allowed. A shift keeps the assignment inside its project's
 * dates and keeps its number of working days (for its person); "days shifted" counts calendar days.
 */
import { capacityOverTime, freeByDay, type CapacityFacts } from '../capacity/capacity-over-time.ts';
import { dateOfDay, dayOfDate, isoWeekKey } from '../capacity/calendar-days.ts';
import { fitOfFreeDays } from '../capacity/fit.ts';
import { MAX_RANGE_DAYS } from '../capacity/inputs.ts';
import { spanDays } from '../capacity/plan-days.ts';
import type { AssignmentRecord, Engineer, Project } from '../entities.ts';
import { unpopulate, type Plan } from '../plan.ts';
import type { LevelAllow } from './inputs.ts';

/** Load in thousandths of a percent of a day, as integers (the capacity model sums in the same unit). */
export const LOAD_UNIT = 1000;
/** How many people a piece of work may be offered to: the best-fitting ones. */
export const RECEIVERS_PER_ASSIGNMENT = 4;

export type LevelRequest = {
  from: string;
  to: string;
  /** The people in scope: whose overloads are resolved and who may take work. */
  engineerIds: readonly string[];
  allow: LevelAllow;
  pins: readonly string[];
  includeTentative: boolean;
};

export type LevelContext = { plan: Plan; timeZone: string; today: number };

export type MoveKind = 'shift' | 'reassign' | 'reduce';

/** One candidate change of one assignment, and what it does to people's days (index into the horizon, delta in LOAD_UNIT). */
export type Move = {
  id: string;
  assignmentId: string;
  kind: MoveKind;
  /** Calendar days moved (negative: earlier); 0 unless a shift. */
  shiftDays: number;
  toEngineerId: string | null;
  /** The lowered allocation; null unless a reduction. */
  allocation: number | null;
  /** The fourth level of the objective: calendar days shifted, or percentage points lowered. */
  extent: number;
  effects: { engineerId: string; day: number; delta: number }[];
};

/** A person's days over the horizon, from the capacity model (LOAD_UNIT). */
export type PersonDays = {
  engineer: Engineer;
  capacity: Int32Array;
  booked: Int32Array;
  /** 1 where load counts (a working day with capacity, not taken off). */
  counted: Uint8Array;
  /** 1 on a day of a locked actuals week: nothing there may change. */
  locked: Uint8Array;
};

export type Candidate = {
  assignment: AssignmentRecord;
  project: Project | null;
  owner: string;
  /** In the objective's fixed order: shifts by fewest days (later first), then reassignments by fit, then the reduction. */
  moves: Move[];
  /** Why a kind of move is missing or limited, for what is left. */
  notes: string[];
};

export type LevelModel = {
  request: LevelRequest;
  timeZone: string;
  today: number;
  /** Day number of horizon index 0, and its length: every day a move may touch. */
  first: number;
  days: number;
  /** The window as horizon indexes [windowStart, windowEnd], from today on. */
  windowStart: number;
  windowEnd: number;
  people: Map<string, PersonDays>;
  /** The people in scope with an overloaded day in the window, by id. */
  overloaded: string[];
  candidates: Candidate[];
  names: Map<string, string>;
  projects: Map<string, Project>;
};

/**
 * Among people with equal room, a fixed but per-assignment order (a hash of both ids): ranked by name,
 * every piece of work would be offered to the same few people, who can take only one of them.
 */
function spreadKey(assignmentId: string, engineerId: string): number {
  let h = 2166136261;
  for (const text of [assignmentId, engineerId]) {
    for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    h = Math.imul(h ^ 0x20, 16777619);
  }
  return h >>> 0;
}

const byId = <T extends { _id: string }>(a: T, b: T) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const lower = (s: string) => s.trim().toLowerCase();

/** Whether someone's skills cover every skill the project requires (case aside). */
export const skillsCover = (skills: readonly string[], required: readonly string[]) => {
  const own = new Set(skills.map(lower));
  return required.every((s) => own.has(lower(s)));
};

function factsOf(plan: Plan, timeZone: string, engineers: readonly Engineer[], includeTentative: boolean): CapacityFacts<Engineer> {
  const tentative = plan.projects.filter((p) => p.tentative).map((p) => p._id);
  const ids = new Set(engineers.map((e) => e._id));
  const assignments = plan.assignments.filter((a) => ids.has(a.engineerId._id) && (includeTentative || !tentative.includes(a.projectId._id)));
  return { engineers, assignments, tentativeProjectIds: tentative, timeOff: plan.timeOff, holidays: plan.holidays, placeholders: [], timeZone };
}

/** Each person's days over first..first+days-1, as the capacity model counts them. */
function personDays(plan: Plan, timeZone: string, engineers: readonly Engineer[], first: number, days: number, includeTentative: boolean) {
  const view = capacityOverTime(factsOf(plan, timeZone, engineers, includeTentative), {
    from: dateOfDay(first), to: dateOfDay(first + days - 1), step: 'day', includeTentative,
  });
  const lockedWeeks = new Map<string, Set<string>>();
  for (const week of plan.actuals) {
    if (!week.locked) continue;
    let set = lockedWeeks.get(week.engineerId);
    if (!set) lockedWeeks.set(week.engineerId, (set = new Set()));
    set.add(week.week);
  }
  const people = new Map<string, PersonDays>();
  for (const row of view.engineers) {
    const p: PersonDays = {
      engineer: row.engineer,
      capacity: new Int32Array(days),
      booked: new Int32Array(days),
      counted: new Uint8Array(days),
      locked: new Uint8Array(days),
    };
    const weeks = lockedWeeks.get(row.engineer._id);
    row.periods.forEach((day, d) => {
      p.capacity[d] = Math.round(day.capacity * LOAD_UNIT);
      p.booked[d] = Math.round(day.booked * LOAD_UNIT);
      p.counted[d] = day.capacity > 0 ? 1 : 0;
      if (weeks?.has(isoWeekKey(first + d))) p.locked[d] = 1;
    });
    people.set(row.engineer._id, p);
  }
  return people;
}

/** Whether the person is over capacity on day d (the model's rule: booked above capacity where load counts). */
export const isOver = (p: PersonDays, d: number, booked = p.booked[d]!) => p.counted[d] === 1 && booked > p.capacity[d]!;

/** The candidate moves of every assignment on an overloaded day of the window, and the days they touch. */
export function buildLevelModel(context: LevelContext, request: LevelRequest): LevelModel {
  const { plan, timeZone, today } = context;
  const { allow } = request;
  const scopeIds = new Set(request.engineerIds);
  const scope = plan.engineers.filter((e) => scopeIds.has(e._id)).sort(byId);
  const names = new Map(plan.engineers.map((e) => [e._id, e.name]));
  const projects = new Map(plan.projects.map((p) => [p._id, p]));
  const windowFirst = Math.max(dayOfDate(request.from), today);
  const windowLast = dayOfDate(request.to);
  const empty: LevelModel = {
    request, timeZone, today, first: windowFirst, days: 0, windowStart: 0, windowEnd: -1, people: new Map(), overloaded: [], candidates: [], names, projects,
  };
  if (windowLast < windowFirst || scope.length === 0) return empty;

  // Who is overloaded: the model's weekly rows say it (a week is overloaded when any day of it is).
  const weekly = capacityOverTime(factsOf(plan, timeZone, scope, request.includeTentative), {
    from: dateOfDay(windowFirst), to: dateOfDay(windowLast), step: 'week', includeTentative: request.includeTentative,
  });
  const overloadedEngineers = weekly.engineers.filter((row) => row.periods.some((p) => p.overloadedDays > 0)).map((row) => row.engineer);
  if (overloadedEngineers.length === 0) return empty;
  const windowPeople = personDays(plan, timeZone, overloadedEngineers, windowFirst, windowLast - windowFirst + 1, request.includeTentative);

  // The work on an overloaded day: each assignment of an overloaded person covering one.
  const tentative = new Set(plan.projects.filter((p) => p.tentative).map((p) => p._id));
  const spans = new Map<string, { first: number; last: number }>();
  const candidates: AssignmentRecord[] = [];
  for (const engineer of overloadedEngineers) {
    const days = windowPeople.get(engineer._id)!;
    for (const a of plan.assignments) {
      if (a.engineerId._id !== engineer._id) continue;
      if (!request.includeTentative && tentative.has(a.projectId._id)) continue;
      const span = spanDays(a, timeZone);
      let on = false;
      for (let day = Math.max(span.first, windowFirst); day <= Math.min(span.last, windowLast) && !on; day += 1) on = isOver(days, day - windowFirst);
      if (!on) continue;
      spans.set(a._id, span);
      candidates.push(unpopulate(a));
    }
  }
  candidates.sort(byId);

  // The horizon: the window, and every day a shift could move work to or from, within two years.
  let first = windowFirst;
  let last = windowLast;
  for (const a of candidates) {
    const span = spans.get(a._id)!;
    first = Math.min(first, Math.max(today, span.first - allow.shiftDays));
    last = Math.max(last, span.last + allow.shiftDays);
  }
  last = Math.min(last, first + MAX_RANGE_DAYS - 1);
  const days = last - first + 1;

  // Who could take work: everyone in scope whose fit is asked, read once over the horizon.
  const free = new Map<string, Float64Array>();
  let dates: readonly string[] = [];
  if (allow.reassign) {
    freeByDay(factsOf(plan, timeZone, scope, request.includeTentative), { from: dateOfDay(first), to: dateOfDay(last), includeTentative: request.includeTentative }, (e, f, d) => {
      free.set(e._id, Float64Array.from(f));
      dates = d;
    });
  }

  const pins = new Set(request.pins);
  type Draft = { assignment: AssignmentRecord; project: Project | null; span: { first: number; last: number }; receivers: string[]; notes: string[] };
  const drafts: Draft[] = candidates.map((assignment) => {
    const project = projects.get(assignment.projectId) ?? null;
    const span = spans.get(assignment._id)!;
    const notes: string[] = [];
    const receivers: string[] = [];
    if (pins.has(assignment._id)) return { assignment, project, span, receivers, notes: ['pinned'] };
    if (allow.reassign) {
      const confirmed = !tentative.has(assignment.projectId);
      const from = Math.max(span.first, today);
      if (confirmed && !allow.reassignConfirmed) notes.push('confirmed work keeps its person');
      else if (span.last > last) notes.push('runs too far ahead to hand over');
      else {
        const required = project?.requiredSkills ?? [];
        const fits = scope
          .filter((e) => e._id !== assignment.engineerId && skillsCover(e.skills, required))
          .map((e) => ({ e, fit: fitOfFreeDays(free.get(e._id)!.subarray(from - first, span.last - first + 1), dates.slice(from - first, span.last - first + 1), assignment.allocationPercentage) }))
          .filter((c) => c.fit.kind === 'fits')
          .map((c) => ({ ...c, spread: spreadKey(assignment._id, c.e._id) }))
          .sort((a, b) => (b.fit.lowestFree ?? 0) - (a.fit.lowestFree ?? 0) || a.spread - b.spread || byId(a.e, b.e));
        receivers.push(...fits.slice(0, RECEIVERS_PER_ASSIGNMENT).map((c) => c.e._id));
        if (receivers.length === 0) notes.push(required.length > 0 ? `no one in scope with ${required.join(', ')} has room then` : 'no one in scope has room then');
      }
    } else notes.push('reassigning is not allowed');
    return { assignment, project, span, receivers, notes };
  });

  // Every person a move touches, their days as the model counts them over the horizon.
  const involved = new Set<string>(overloadedEngineers.map((e) => e._id));
  for (const d of drafts) for (const r of d.receivers) involved.add(r);
  const people = personDays(plan, timeZone, plan.engineers.filter((e) => involved.has(e._id)).sort(byId), first, days, request.includeTentative);

  /** +load on the person's counted days in [from, to] (day numbers), clipped to the horizon. */
  const put = (effects: Map<string, number>, engineerId: string, from: number, to: number, load: number) => {
    const p = people.get(engineerId)!;
    for (let day = Math.max(from, first); day <= Math.min(to, last); day += 1) {
      const d = day - first;
      if (p.counted[d]) effects.set(`${engineerId} ${d}`, (effects.get(`${engineerId} ${d}`) ?? 0) + load);
    }
  };
  const flatten = (effects: Map<string, number>) =>
    [...effects].filter(([, delta]) => delta !== 0).map(([key, delta]) => {
      const [engineerId, day] = key.split(' ');
      return { engineerId: engineerId!, day: Number(day), delta };
    });
  const touchesLocked = (effects: Move['effects']) => effects.some((e) => people.get(e.engineerId)!.locked[e.day] === 1);
  const countedIn = (p: PersonDays, from: number, to: number) => {
    let n = 0;
    for (let day = from; day <= to; day += 1) if (day >= first && day <= last) n += p.counted[day - first]!;
    return n;
  };

  const built: Candidate[] = drafts.map(({ assignment, project, span, receivers, notes }) => {
    const moves: Move[] = [];
    const owner = assignment.engineerId;
    const load = Math.round(assignment.allocationPercentage * LOAD_UNIT);
    const base = { assignmentId: assignment._id, shiftDays: 0, toEngineerId: null, allocation: null };
    if (pins.has(assignment._id)) return { assignment, project, owner, moves, notes };
    const from = Math.max(span.first, today);
    let lockedSeen = false;

    if (allow.shiftDays > 0) {
      const projectSpan = project ? spanDays(project, timeZone) : null;
      const p = people.get(owner)!;
      const working = countedIn(p, span.first, span.last);
      if (span.first < today) notes.push('started before today, so its dates stay');
      else if (span.last + allow.shiftDays > last) notes.push('runs too far ahead to shift');
      else {
        for (let k = 1; k <= allow.shiftDays; k += 1) {
          for (const shift of [k, -k]) {
            const [f, l] = [span.first + shift, span.last + shift];
            if (f < today || (projectSpan && (f < projectSpan.first || l > projectSpan.last))) continue;
            if (countedIn(p, f, l) !== working) continue;
            const effects = new Map<string, number>();
            put(effects, owner, span.first, span.last, -load);
            put(effects, owner, f, l, load);
            const flat = flatten(effects);
            if (touchesLocked(flat)) { lockedSeen = true; continue; }
            moves.push({ ...base, id: `${assignment._id} shift ${shift}`, kind: 'shift', shiftDays: shift, extent: Math.abs(shift), effects: flat });
          }
        }
        if (!moves.some((m) => m.kind === 'shift')) notes.push(`no shift of up to ${allow.shiftDays} days keeps it inside its project's dates and working days`);
      }
    } else notes.push('shifting is not allowed');

    for (const receiver of receivers) {
      const effects = new Map<string, number>();
      put(effects, owner, from, span.last, -load);
      put(effects, receiver, from, span.last, load);
      const flat = flatten(effects);
      if (touchesLocked(flat)) { lockedSeen = true; continue; }
      moves.push({ ...base, id: `${assignment._id} to ${receiver}`, kind: 'reassign', toEngineerId: receiver, extent: 0, effects: flat });
    }

    if (allow.reduce !== null) {
      // Just enough to bring its person's worst overloaded day it covers down to capacity, never below the floor.
      const p = people.get(owner)!;
      let excess = 0;
      for (let day = Math.max(from, windowFirst); day <= Math.min(span.last, windowLast); day += 1) {
        const d = day - first;
        if (isOver(p, d)) excess = Math.max(excess, p.booked[d]! - p.capacity[d]!);
      }
      const target = Math.max(allow.reduce, assignment.allocationPercentage - Math.ceil(excess / LOAD_UNIT));
      if (span.last > last) notes.push('runs too far ahead to lower');
      else if (target < assignment.allocationPercentage) {
        const effects = new Map<string, number>();
        put(effects, owner, from, span.last, Math.round(target * LOAD_UNIT) - load);
        const flat = flatten(effects);
        if (touchesLocked(flat)) lockedSeen = true;
        else moves.push({ ...base, id: `${assignment._id} reduce ${target}`, kind: 'reduce', allocation: target, extent: assignment.allocationPercentage - target, effects: flat });
      } else notes.push(`already at the floor of ${allow.reduce} %`);
    } else notes.push('lowering allocations is not allowed');
    if (lockedSeen) notes.push('a locked actuals week stays as it is');
    return { assignment, project, owner, moves: moves.filter((m) => m.effects.length > 0), notes };
  });

  return {
    request, timeZone, today, first, days,
    windowStart: windowFirst - first,
    windowEnd: windowLast - first,
    people,
    overloaded: overloadedEngineers.map((e) => e._id),
    candidates: built,
    names,
    projects,
  };
}

/** Each overloaded person's days over capacity in the window, as a list of horizon indexes, with the given extra load. */
export function overloadedDays(model: LevelModel, engineerId: string, booked?: Int32Array): number[] {
  const p = model.people.get(engineerId);
  if (!p) return [];
  const days: number[] = [];
  for (let d = model.windowStart; d <= model.windowEnd; d += 1) if (isOver(p, d, booked ? booked[d] : undefined)) days.push(d);
  return days;
}
