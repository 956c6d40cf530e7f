import { useCallback, useMemo } from 'react';
import type { Engineer, Project, TimeOff } from '../../../domain/entities.ts';
import { sortedUnique } from '../../../domain/figures.ts';
import { useTeamOptions, useTeams } from '../../stores/teams.ts';
import { tentativeIds } from './scheduleSource.ts';

const none: readonly TimeOff[] = [];

/** What the rows and filters look up: filter choices, projects by id, tentative projects, each person's time off. */
export function useScheduleLookups(engineers: readonly Engineer[], projects: Project[], timeOff: readonly TimeOff[] | undefined) {
  const skills = useMemo(() => sortedUnique(engineers.map((e) => e.skills)), [engineers]);
  const teams = useTeamOptions(useTeams());
  const departments = useMemo(() => sortedUnique([engineers.map((e) => e.department)]), [engineers]);
  const engineerById = useMemo(() => new Map(engineers.map((e) => [e._id, e])), [engineers]);
  const tentativeProjects = useMemo(() => new Set(tentativeIds(projects)), [projects]);
  const projectsById = useMemo(() => new Map(projects.map((p) => [p._id, p])), [projects]);
  const projectNameOf = useCallback((id: string) => projectsById.get(id)?.name, [projectsById]);
  const timeOffBy = useMemo(() => {
    const byEngineer = new Map<string, TimeOff[]>();
    for (const t of timeOff ?? []) {
      const list = byEngineer.get(t.engineerId);
      if (list) list.push(t);
      else byEngineer.set(t.engineerId, [t]);
    }
    return byEngineer;
  }, [timeOff]);
  const timeOffOf = useCallback((id: string) => timeOffBy.get(id) ?? none, [timeOffBy]);
  return { skills, teams, departments, engineerById, tentativeProjects, projectsById, projectNameOf, timeOffOf };
}
