import { useMemo } from 'react';
import { callsOf, type TeamView } from './calls.ts';
import { useLiveQuery, type LiveQuerySource } from './useLiveQuery.ts';

export type { TeamView };

/** Every team (GET /api/teams): the shared list the screens' team filters and the manager's reach are built from. */
export const listTeams = (signal?: AbortSignal) => callsOf('teams').list(signal);

/** The teams, fetched again after live changes (a team made, moved or renamed, someone moved). */
const teamsSource: LiveQuerySource<object, TeamView[]> = { live: (_p, signal) => listTeams(signal), past: () => [] };

/** Every team, or null until the first answer. */
export function useTeams(): TeamView[] | null {
  const answer = useLiveQuery(teamsSource, {}).data;
  return Array.isArray(answer) ? answer : null;
}

/**
 * The choices of a Team filter: each team under the team it sits in, named with its path ("Engineering /
 * Web"), in tree order. Choosing a team keeps its people and those of the teams inside it (membersOfTeam).
 */
export function useTeamOptions(teams: readonly TeamView[] | null): { value: string; label: string }[] {
  return useMemo(() => {
    if (!teams) return [];
    const children = new Map<string | null, TeamView[]>();
    const known = new Set(teams.map((t) => t._id));
    for (const team of [...teams].sort((a, b) => a.name.localeCompare(b.name))) {
      const parent = team.parentId !== null && known.has(team.parentId) ? team.parentId : null;
      children.set(parent, [...(children.get(parent) ?? []), team]);
    }
    const options: { value: string; label: string }[] = [];
    const seen = new Set<string>();
    const walk = (parent: string | null, path: string) => {
      for (const team of children.get(parent) ?? []) {
        if (seen.has(team._id)) continue;
        seen.add(team._id);
        const label = path ? `${path} / ${team.name}` : team.name;
        options.push({ value: team._id, label });
        walk(team._id, label);
      }
    };
    walk(null, '');
    return options;
  }, [teams]);
}
