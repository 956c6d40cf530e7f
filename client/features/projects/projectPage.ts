import { DAY_MS } from '../../../domain/capacity/calendar-days.ts';
import type { Assignment, Project } from '../../../domain/entities.ts';

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
