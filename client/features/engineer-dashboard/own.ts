import type { Assignment, Project, User } from '../../../domain/entities.ts';
import { type Dated, isCurrent, isUpcoming } from '../../../domain/figures.ts';
import { orgTimeZone } from '../../lib/orgTimeZone.ts';

/**
 * The signed-in engineer's own assignments. The server already answers an engineer with only their
 * own; matching on id or email keeps the screen right for anyone else who opens it.
 */
export function ownAssignments(assignments: readonly Assignment[], user: Pick<User, '_id' | 'email'> | null): Assignment[] {
  if (!user) return [...assignments];
  const email = user.email.toLowerCase();
  return assignments.filter((a) => a.engineerId._id === user._id || a.engineerId.email.toLowerCase() === email);
}

const byStart = (a: Dated, b: Dated) => Date.parse(a.startDate) - Date.parse(b.startDate);

/** The two tables of the Engineer Dashboard: current (start <= now < end) and upcoming (start > now). */
export function splitByTiming<A extends Dated>(assignments: readonly A[], now: Date) {
  return {
    current: assignments.filter((a) => isCurrent(a, now, orgTimeZone())).sort(byStart),
    upcoming: assignments.filter((a) => isUpcoming(a, now, orgTimeZone())).sort(byStart),
  };
}

/** An assignment as the engineer's tables show it: whether its project is tentative (not won yet). */
export type OwnAssignment = Assignment & { tentative: boolean };

/**
 * Marks the assignments on tentative projects. An assignment names its project without that flag, so
 * it comes from the projects list (everyone's): an engineer saw pipeline work as if it were certain.
 */
export function markTentative(assignments: readonly Assignment[], projects: readonly Pick<Project, '_id' | 'tentative'>[]): OwnAssignment[] {
  const tentative = new Set(projects.filter((p) => p.tentative).map((p) => p._id));
  return assignments.map((a) => ({ ...a, tentative: tentative.has(a.projectId._id) }));
}
