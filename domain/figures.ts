import type { Engineer, Project, ProjectStatus } from './entities.ts';

/** What the derived figures need of an assignment; both the stored and the populated shape fit. */
export type Dated = { startDate: string; endDate: string };
export type Allocated = Dated & { allocationPercentage: number };
export type OwnedAllocation = Allocated & { engineerId: string | { _id: string } };

export const utilizationStatuses = ['overloaded', 'underutilized', 'optimal'] as const;
export type UtilizationStatus = (typeof utilizationStatuses)[number];
export type AssignmentStatus = 'upcoming' | 'active' | 'completed';

const time = (iso: string) => Date.parse(iso);

/** Current: start <= now < end. */
export const isCurrent = (a: Dated, now: Date) => time(a.startDate) <= now.getTime() && now.getTime() < time(a.endDate);
/** Upcoming: start > now. */
export const isUpcoming = (a: Dated, now: Date) => time(a.startDate) > now.getTime();

/** The Assignments screen's status: upcoming before start, completed from the end on, active between. */
export function assignmentStatus(a: Dated, now: Date): AssignmentStatus {
  if (now.getTime() < time(a.startDate)) return 'upcoming';
  if (now.getTime() >= time(a.endDate)) return 'completed';
  return 'active';
}

/** 0 before start, 100 after end, else the elapsed share of the span, rounded. */
export function progressPercentage(a: Dated, now: Date): number {
  const start = time(a.startDate);
  const end = time(a.endDate);
  if (now.getTime() <= start) return 0;
  if (now.getTime() >= end) return 100;
  return Math.round(((now.getTime() - start) / (end - start)) * 100);
}

export const engineerIdOf = (a: { engineerId: string | { _id: string } }) =>
  typeof a.engineerId === 'string' ? a.engineerId : a.engineerId._id;

export const currentAllocation = (assignments: readonly Allocated[], now: Date) =>
  assignments.filter((a) => isCurrent(a, now)).reduce((sum, a) => sum + a.allocationPercentage, 0);

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
): EngineerFigures<A> {
  // Each date is parsed once: with thousands of engineers the figures are recomputed on every change.
  const at = now.getTime();
  const dated = assignments.map((a) => ({ a, start: time(a.startDate), end: time(a.endDate) })).sort((x, y) => x.start - y.start);
  const allAssignments = dated.map((d) => d.a);
  const currentDated = dated.filter((d) => d.start <= at && at < d.end);
  const current = currentDated.map((d) => d.a);
  const earliestEnd = currentDated.reduce<{ end: number; iso: string } | undefined>(
    (earliest, d) => (earliest && earliest.end <= d.end ? earliest : { end: d.end, iso: d.a.endDate }),
    undefined,
  )?.iso;
  const load = { allocation: current.reduce((sum, a) => sum + a.allocationPercentage, 0), assignments: current.length, earliestEnd: earliestEnd ?? null };
  return {
    ...figuresOfLoad(engineer, load, now),
    currentAssignments: current,
    upcomingAssignments: dated.filter((d) => d.start > at).map((d) => d.a),
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
): EngineerWithFigures<E, A> => ({ ...engineer, ...engineerFigures(engineer, byEngineer.get(engineer._id) ?? [], now) });

export function withFigures<E extends Pick<Engineer, '_id' | 'maxCapacity'>, A extends OwnedAllocation>(
  engineers: readonly E[],
  assignments: readonly A[],
  now: Date,
): EngineerWithFigures<E, A>[] {
  const byEngineer = assignmentsByEngineer(assignments);
  return engineers.map((e) => engineerWithFigures(e, byEngineer, now));
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
export const isAvailableSoon = (f: Pick<EngineerFigures, 'availableCapacity' | 'nextFullAvailability'>, now: Date) =>
  f.availableCapacity === 0 && time(f.nextFullAvailability) > now.getTime();

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

/** The Project Planning Helper's lists, at most 3 engineers each. */
export function planningHelper<F extends EngineerFigures<Allocated>>(engineers: readonly F[], now: Date) {
  const { availableNow, availableSoon } = availabilityLists(engineers, now);
  return {
    availableNow: availableNow.slice(0, 3),
    availableSoon: availableSoon.slice(0, 3),
    availableNowCount: availableNow.length,
    availableSoonCount: availableSoon.length,
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
export const currentRunning = (assignments: readonly OwnedAllocation[], now: Date) =>
  new Set(assignments.filter((a) => isCurrent(a, now)).map(engineerIdOf)).size;

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
 * The highest total allocation of the assignments over a date range, and the first moment it is
 * reached (the range's start when nothing overlaps). An assignment counts from its start up to, not
 * including, its end.
 */
export function peakAllocation(assignments: readonly Allocated[], range: Dated): { peak: number; from: string } {
  const start = time(range.startDate);
  const end = time(range.endDate);
  const overlapping = assignments.filter((a) => time(a.startDate) < end && time(a.endDate) > start);
  const edges = [start, ...overlapping.map((a) => Math.max(start, time(a.startDate)))].sort((a, b) => a - b);
  let peak = 0;
  let from = start;
  for (const t of edges) {
    const total = overlapping.filter((a) => time(a.startDate) <= t && t < time(a.endDate)).reduce((s, a) => s + a.allocationPercentage, 0);
    if (total > peak) {
      peak = total;
      from = t;
    }
  }
  return { peak, from: new Date(from).toISOString() };
}

/**
 * Free capacity of an engineer over a date range: maxCapacity minus the peak allocation of the
 * assignments that overlap it (used to rank suitable engineers for a project).
 */
export function availableOver(maxCapacity: number, assignments: readonly Allocated[], range: Dated): number {
  return maxCapacity - peakAllocation(assignments, range).peak;
}
