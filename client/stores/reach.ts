import { useEffect, useMemo, useState } from 'react';
import { scopeRefusal, type ScopeFacts, type ScopeActor } from '../../domain/teams/scope.ts';
import { todayDate } from '../lib/weeks.ts';
import { onLiveChange } from './live.ts';
import { listTeams, type TeamView } from './teams.ts';
import { useProfile } from './profile.ts';

/**
 * Who the signed-in manager may change, by the server's own rule (domain/teams/scope.ts): a screen
 * shows the people out of reach with their actions off and says why, instead of failing on save.
 * `outOfReach(person)` is null for someone the manager may change, else the sentence the server would
 * answer with.
 */
type ReachPerson = { _id: string; name: string; teams?: readonly { from: string; teamId: string }[] };

export function useReach(): { scoped: boolean; outOfReach: (person: ReachPerson) => string | null } {
  const profile = useProfile().data;
  const scope = profile?.role === 'manager' ? profile.scope ?? 'all' : 'all';
  const scoped = scope !== 'all';
  const [teams, setTeams] = useState<TeamView[]>([]);
  useEffect(() => {
    if (!scoped) return undefined;
    const load = () => void listTeams().then((list) => setTeams(Array.isArray(list) ? list : []), () => undefined);
    load();
    // A team moved or renamed elsewhere changes who is in reach.
    return onLiveChange((event) => {
      if (!event || event.type.startsWith('Team') || event.type === 'EngineerTeamChanged' || event.type === 'EngineerTeamChangeUndone') load();
    });
  }, [scoped]);
  // One answer until the scope or the teams change: screens pass it to memoised rows.
  const profileId = profile?._id;
  return useMemo(() => {
    if (!scoped || !profileId) return { scoped: false, outOfReach: () => null };
    const actor: ScopeActor = { id: profileId, role: 'manager', scope };
    const tree: ScopeFacts['teams'] = new Map(teams.map((t) => [t._id, { name: t.name, parentId: t.parentId }]));
    const today = todayDate(new Date());
    return {
      scoped,
      outOfReach: (person: ReachPerson) => scopeRefusal(actor, { engineerIds: [person._id] }, { person: () => person, teams: tree }, today),
    };
  }, [scoped, profileId, scope, teams]);
}
