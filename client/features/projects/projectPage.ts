import { DAY_MS } from '../../../domain/capacity/calendar-days.ts';
import type { Assignment, Project } from '../../../domain/entities.ts';
import { openRolesText } from '../planning/index.ts';
import { plural } from '../../lib/format.ts';

/** A project's assignments, by person, then start. */
export function teamOf(assignments: readonly Assignment[], projectId: string): Assignment[] {
  return assignments
    .filter((a) => a.projectId._id === projectId)
    .sort((a, b) => a.engineerId.name.localeCompare(b.engineerId.name) || Date.parse(a.startDate) - Date.parse(b.startDate) || (a._id < b._id ? -1 : 1));
}

/** The team's figures: how many people, the sum of the allocations running now, and the project's length in weeks. */
export function teamFigures(team: readonly Assignment[], now: Date) {
  const at = now.getTime();
  const running = team.filter((a) => Date.parse(a.startDate) <= at && at < Date.parse(a.endDate));
  return {
    people: new Set(team.map((a) => a.engineerId._id)).size,
    allocatedNow: running.reduce((sum, a) => sum + a.allocationPercentage, 0),
    weeks: (project: Pick<Project, 'startDate' | 'endDate'>) => Math.max(1, Math.round((Date.parse(project.endDate) - Date.parse(project.startDate)) / (7 * DAY_MS))),
  };
}

/**
 * What the open roles say beside the team: the posted roles when there are any; otherwise whether the
 * team still lacks people. "Every role is filled" stood beside "0 of 1 engineer wanted": no role was
 * posted, yet the team was not full.
 */
export function openRolesSummary(openRoles: number, people: number, teamSize: number): string {
  if (openRoles > 0) return openRolesText(openRoles);
  const short = teamSize - people;
  return short > 0 ? `None posted · ${plural(short, 'engineer')} still wanted` : 'Every role is filled';
}
