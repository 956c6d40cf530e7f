import type { Assignment, User } from '../../../domain/entities.ts';
import { isCurrent, isUpcoming } from '../../../domain/figures.ts';

/**
 * The signed-in engineer's own assignments. The server already answers an engineer with only their
 * own; matching on id or email keeps the screen right for anyone else who opens it.
 */
export function ownAssignments(assignments: readonly Assignment[], user: Pick<User, '_id' | 'email'> | null): Assignment[] {
  if (!user) return [...assignments];
  const email = user.email.toLowerCase();
  return assignments.filter((a) => a.engineerId._id === user._id || a.engineerId.email.toLowerCase() === email);
}

const byStart = (a: Assignment, b: Assignment) => Date.parse(a.startDate) - Date.parse(b.startDate);

/** The two tables of the Engineer Dashboard: current (start <= now < end) and upcoming (start > now). */
export function splitByTiming(assignments: readonly Assignment[], now: Date) {
  return {
    current: assignments.filter((a) => isCurrent(a, now)).sort(byStart),
    upcoming: assignments.filter((a) => isUpcoming(a, now)).sort(byStart),
  };
}
