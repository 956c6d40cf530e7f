import { dayOfInstant, todayOf } from './capacity/plan-days.ts';
import type { Engineer, Project, ProjectStatus } from './entities.ts';

/** What the derived figures need of an assignment; both the stored and the populated shape fit. */
export type Dated = { startDate: string; endDate: string };
export type Allocated = Dated & { allocationPercentage: number };
export type OwnedAllocation = Allocated & { engineerId: string | { _id: string } };

export const utilizationStatuses = ['overloaded', 'underutilized', 'optimal'] as const;
export type UtilizationStatus = (typeof utilizationStatuses)[number];
export type AssignmentStatus = 'upcoming' | 'active' | 'completed';

const time = (iso: string) => Date.parse(iso);

/**
 * Spans are days, both ends included, in the organisation's time zone (capacity/plan-days.ts). Every
 * figure of "now" takes that zone; UTC is the organisation's zone unless it says another.
 */
const UTC = 'UTC';

/** Current: its first day <= today <= its last day. */
export const isCurrent = (a: Dated, now: Date, timeZone = UTC) => {
  const today = todayOf(now, timeZone);
  return dayOfInstant(a.startDate, timeZone) <= today && today <= dayOfInstant(a.endDate, timeZone);
};
/** Upcoming: its first day is after today. */
export const isUpcoming = (a: Dated, now: Date, timeZone = UTC) => dayOfInstant(a.startDate, timeZone) > todayOf(now, timeZone);

/** The Assignments screen's status: upcoming before its first day, completed after its last, active between. */
export function assignmentStatus(a: Dated, now: Date, timeZone = UTC): AssignmentStatus {
  const today = todayOf(now, timeZone);
  if (today < dayOfInstant(a.startDate, timeZone)) return 'upcoming';
  if (today > dayOfInstant(a.endDate, timeZone)) return 'completed';
  return 'active';
}

/** The share of the span's days already over (before today): 0 on or before its first day, 100 after its last, rounded. */
export function progressPercentage(a: Dated, now: Date, timeZone = UTC): number {
  const today = todayOf(now, timeZone);
  const first = dayOfInstant(a.startDate, timeZone);
  const last = dayOfInstant(a.endDate, timeZone);
  if (today <= first) return 0;
  if (today > last) return 100;
  return Math.round(((today - first) / (last - first + 1)) * 100);
}

export const engineerIdOf = (a: { engineerId: string | { _id: string } }) =>
  typeof a.engineerId === 'string' ? a.engineerId : a.engineerId._id;

export const currentAllocation = (assignments: readonly Allocated[], now: Date, timeZone = UTC) =>
  assignments.filter((a) => isCurrent(a, now, timeZone)).reduce((sum, a) => sum + a.allocationPercentage, 0);

/** One rule everywhere: above maxCapacity overloaded, below half of it underutilised. */
export function utilizationStatus(allocation: number, maxCapacity: number): UtilizationStatus {
  if (allocation > maxCapacity) return 'overloaded';
  if (allocation < maxCapacity / 2) return 'underutilized';
  return 'optimal';
}

/** allocation / maxCapacity x 100, to one decimal; not capped (bars cap with `barPercent`). */
export const utilizationPercentage = (allocation: number, maxCapacity: number) =>
  maxCapacity > 0 ? Math.round((allocation / maxCapacity) * 1000) / 10 : 0;

export const barPercent = (value: number) => Math.max(0, Math.min(100, value));

export const workType = (maxCapacity: number) => (maxCapacity === 100 ? 'full-time' : 'part-time');

export type EngineerFigures<A extends Allocated = Allocated> = {
  currentAllocation: number;
  availableCapacity: number;
  utilizationPercentage: number;
  utilizationStatus: UtilizationStatus;
  workType: 'full-time' | 'part-time';
  activeProjects: number;
  currentAssignments: A[];
  upcomingAssignments: A[];
  allAssignments: A[];
  /** When the engineer next has capacity: now if they have some, else the earliest end of a current assignment. */
  nextFullAvailability: string;
};

/**
 * An engineer's current work in sums (GET /api/engineers/current-load): what every figure of today
 * derives from, without the assignments themselves.
 */
export type CurrentLoad = {
  engineerId: string;
  /** Sum of the current assignments' allocationPercentage. */
  allocation: number;
  /** How many assignments are current. */
  assignments: number;
  /** The earliest end date among them (ISO), null when there are none. */
  earliestEnd: string | null;
};

/** The figures that follow from an engineer's current load alone: every one but the lists of assignments. */
export function figuresOfLoad(
  engineer: Pick<Engineer, 'maxCapacity'>,
  load: Omit<CurrentLoad, 'engineerId'>,
  now: Date,
): Omit<EngineerFigures, 'currentAssignments' | 'upcomingAssignments' | 'allAssignments'> {
  const available = engineer.maxCapacity - load.allocation;
  return {
    currentAllocation: load.allocation,
    availableCapacity: available,
    utilizationPercentage: utilizationPercentage(load.allocation, engineer.maxCapacity),
    utilizationStatus: utilizationStatus(load.allocation, engineer.maxCapacity),
    workType: workType(engineer.maxCapacity),
    activeProjects: load.assignments,
    nextFullAvailability: available <= 0 && load.earliestEnd ? new Date(load.earliestEnd).toISOString() : now.toISOString(),
  };
}

/** Every derived figure for one engineer; `assignments` must be that engineer's own. */
export function engineerFigures<A extends Allocated>(
  engineer: Pick<Engineer, 'maxCapacity'>,
  assignments: readonly A[],
  now: Date,
  timeZone = UTC,
): EngineerFigures<A> {
  // Each date is read once: with thousands of engineers the figures are recomputed on every change.
  const today = todayOf(now, timeZone);
  const dated = assignments
    .map((a) => ({ a, start: time(a.startDate), end: time(a.endDate), first: dayOfInstant(a.startDate, timeZone), last: dayOfInstant(a.endDate, timeZone) }))
    .sort((x, y) => x.start - y.start);
  const allAssignments = dated.map((d) => d.a);
  const currentDated = dated.filter((d) => d.first <= today && today <= d.last);
  const current = currentDated.map((d) => d.a);
  const earliestEnd = currentDated.reduce<{ end: number; iso: string } | undefined>(
    (earliest, d) => (earliest && earliest.end <= d.end ? earliest : { end: d.end, iso: d.a.endDate }),
    undefined,
  )?.iso;
  const load = { allocation: current.reduce((sum, a) => sum + a.allocationPercentage, 0), assignments: current.length, earliestEnd: earliestEnd ?? null };
  return {
    ...figuresOfLoad(engineer, load, now),
    currentAssignments: current,
    upcomingAssignments: dated.filter((d) => d.first > today).map((d) => d.a),
    allAssignments,
  };
}

/** Groups assignments by engineer id once, so per-engineer figures stay linear in the data size. */
export function assignmentsByEngineer<A extends OwnedAllocation>(assignments: readonly A[]): Map<string, A[]> {
  const byEngineer = new Map<string, A[]>();
  for (const a of assignments) {
    const id = engineerIdOf(a);
    const list = byEngineer.get(id);
    if (list) list.push(a);
    else byEngineer.set(id, [a]);
  }
  return byEngineer;
}

export type EngineerWithFigures<E, A extends Allocated> = E & EngineerFigures<A>;

/** One engineer with their figures, given everyone's assignments grouped by `assignmentsByEngineer`. */
export const engineerWithFigures = <E extends Pick<Engineer, '_id' | 'maxCapacity'>, A extends Allocated>(
  engineer: E,
  byEngineer: ReadonlyMap<string, readonly A[]>,
  now: Date,
  timeZone = UTC,
): EngineerWithFigures<E, A> => ({ ...engineer, ...engineerFigures(engineer, byEngineer.get(engineer._id) ?? [], now, timeZone) });

export function withFigures<E extends Pick<Engineer, '_id' | 'maxCapacity'>, A extends OwnedAllocation>(
  engineers: readonly E[],
  assignments: readonly A[],
  now: Date,
  timeZone = UTC,
): EngineerWithFigures<E, A>[] {
  const byEngineer = assignmentsByEngineer(assignments);
  return engineers.map((e) => engineerWithFigures(e, byEngineer, now, timeZone));
}

/**
 * Engineers with today's figures from their current loads (GET /api/engineers/current-load) instead of
 * their assignments: the same numbers as `withFigures` at the same moment. The lists of assignments
 * are left empty, as nothing here says which they are; an engineer without a load has none.
 */
export function withLoads<E extends Pick<Engineer, '_id' | 'maxCapacity'>, A extends Allocated>(
  engineers: readonly E[],
  loads: readonly CurrentLoad[],
  now: Date,
): EngineerWithFigures<E, A>[] {
  const byEngineer = new Map(loads.map((load) => [load.engineerId, load]));
  const none = { allocation: 0, assignments: 0, earliestEnd: null };
  return engineers.map((e) => ({
    ...e,
    ...figuresOfLoad(e, byEngineer.get(e._id) ?? none, now),
    currentAssignments: [],
    upcomingAssignments: [],
    allAssignments: [],
  }));
}

/** Available now: some capacity left. Available soon: exactly full, with a date in the future. */
export const isAvailableNow = (f: Pick<EngineerFigures, 'availableCapacity'>) => f.availableCapacity > 0;
/** Exactly full, with work ending today or later (its last day is worked: they are free the day after). */
export const isAvailableSoon = (f: Pick<EngineerFigures, 'availableCapacity' | 'nextFullAvailability'>, now: Date, timeZone = UTC) =>
  f.availableCapacity === 0 && dayOfInstant(f.nextFullAvailability, timeZone) >= todayOf(now, timeZone) && time(f.nextFullAvailability) !== now.getTime();

/**
 * Everyone the two Availability Planning counters count, in the helper's order: available now (most
 * capacity left first) and available soon (earliest date first). The lists and the counters come from
 * here, so they cannot disagree.
 */
export function availabilityLists<F extends EngineerFigures<Allocated>>(engineers: readonly F[], now: Date) {
  return {
    availableNow: engineers.filter(isAvailableNow).sort((a, b) => b.availableCapacity - a.availableCapacity),
    availableSoon: engineers
      .filter((e) => isAvailableSoon(e, now))
      .sort((a, b) => time(a.nextFullAvailability) - time(b.nextFullAvailability)),
  };
}

export function countByUtilization(figures: readonly Pick<EngineerFigures, 'utilizationStatus'>[]) {
  const counts: Record<UtilizationStatus, number> = { overloaded: 0, underutilized: 0, optimal: 0 };
  for (const f of figures) counts[f.utilizationStatus] += 1;
  return counts;
}

export function countByStatus(projects: readonly Pick<Project, 'status'>[]) {
  const counts: Record<ProjectStatus, number> = { planning: 0, active: 0, completed: 0 };
  for (const p of projects) counts[p.status] += 1;
  return counts;
}

/** 'Current Running': engineers with at least one current assignment. */
export const currentRunning = (assignments: readonly OwnedAllocation[], now: Date, timeZone = UTC) =>
  new Set(assignments.filter((a) => isCurrent(a, now, timeZone)).map(engineerIdOf)).size;

/** Initials: first letters of up to the first two words of the name. */
export const initials = (name: string) =>
  name.trim().split(/\s+/).slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '').join('');

export const sortedUnique = (lists: readonly (readonly string[])[]) => [...new Set(lists.flat())].sort((a, b) => a.localeCompare(b));

export type EngineerFilter = { search: string; skills: readonly string[] };

/** Search matches name or skills, case-insensitive; a skill filter matches any selected skill. */
export function matchesEngineerFilter(engineer: Pick<Engineer, 'name' | 'skills'>, filter: EngineerFilter): boolean {
  const text = filter.search.trim().toLowerCase();
  const textMatch =
    !text || engineer.name.toLowerCase().includes(text) || engineer.skills.some((s) => s.toLowerCase().includes(text));
  const skillMatch = filter.skills.length === 0 || engineer.skills.some((s) => filter.skills.includes(s));
  return textMatch && skillMatch;
}

/**
 * An engineer's skills with those the filter asked for first (chosen skills, or skills the search text
 * is part of), the rest in their order: a row that shows only its first few skills then shows why it
 * matched.
 */
export function skillsMatchingFirst(skills: readonly string[], filter: EngineerFilter): readonly string[] {
  const text = filter.search.trim().toLowerCase();
  const wanted = (skill: string) => filter.skills.includes(skill) || (text !== '' && skill.toLowerCase().includes(text));
  if (!skills.some(wanted)) return skills;
  return [...skills.filter(wanted), ...skills.filter((skill) => !wanted(skill))];
}

/** The report chart's y maximum: the highest allocation or capacity plus 20. */
export const chartMaximum = (figures: readonly { currentAllocation: number; maxCapacity: number }[]) =>
  Math.max(0, ...figures.flatMap((f) => [f.currentAllocation, f.maxCapacity])) + 20;

/** A share of a total to one decimal, as the pie chart's tooltip shows it. */
export const percentOf = (count: number, total: number) => (total > 0 ? ((count / total) * 100).toFixed(1) : '0.0');

/**
 * The highest total allocation of the assignments on any day of a date range, and where it is first
 * reached (the range's start, or the start of the assignment that brings it; the range's start when
 * nothing overlaps). Spans are days, both ends included.
 */
export function peakAllocation(assignments: readonly Allocated[], range: Dated, timeZone = UTC): { peak: number; from: string } {
  const first = dayOfInstant(range.startDate, timeZone);
  const last = dayOfInstant(range.endDate, timeZone);
  const spans = assignments
    .map((a) => ({ a, first: dayOfInstant(a.startDate, timeZone), last: dayOfInstant(a.endDate, timeZone) }))
    .filter((s) => s.first <= last && s.last >= first);
  const edges = [{ day: first, at: range.startDate }, ...spans.map((s) => (s.first > first ? { day: s.first, at: s.a.startDate } : { day: first, at: range.startDate }))];
  edges.sort((x, y) => x.day - y.day);
  let peak = 0;
  let from = range.startDate;
  for (const edge of edges) {
    const total = spans.filter((s) => s.first <= edge.day && edge.day <= s.last).reduce((sum, s) => sum + s.a.allocationPercentage, 0);
    if (total > peak) {
      peak = total;
      from = edge.at;
    }
  }
  return { peak, from: new Date(from).toISOString() };
}

/**
 * Free capacity of an engineer over a date range: maxCapacity minus the peak allocation of the
 * assignments that overlap it (used to rank suitable engineers for a project).
 */
export function availableOver(maxCapacity: number, assignments: readonly Allocated[], range: Dated, timeZone = UTC): number {
  return maxCapacity - peakAllocation(assignments, range, timeZone).peak;
}
