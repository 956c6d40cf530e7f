import type { ManagerScope } from './inputs.ts';

/**
 * The one rule of who may change whom. A manager is org-wide (`scope: 'all'`, every manager before scopes
 * existed) or manages some teams, and with them the teams inside those. A scoped manager sees everyone
 * but changes only the people in their teams today and those people's assignments; holiday calendars and
 * teams themselves are the org-wide managers' (and admins'). Engineers and auditors have rules of their
 * own elsewhere: this rule never widens nor narrows them.
 */
export type ScopeActor = { id: string; role: string; scope: ManagerScope };
export type TeamMembership = { from: string; teamId: string };
export type ReachablePerson = { _id: string; name: string; teams?: readonly TeamMembership[] };

/** What a write touches: the people whose plan it changes, and whether it changes something org-wide (named). */
export type Touched = { engineerIds: readonly string[]; orgWide?: string };

/** What the rule reads, as of before the write: the people it touches and the teams (id -> parent, name). */
export type ScopeFacts = {
  person: (id: string) => ReachablePerson | null;
  teams: ReadonlyMap<string, { name: string; parentId: string | null }>;
};

/** The team someone is in on `day` (YYYY-MM-DD): the latest membership from that day or before; null: none yet. */
export function teamOn(person: { teams?: readonly TeamMembership[] }, day: string): string | null {
  let found: string | null = null;
  for (const m of person.teams ?? []) if (m.from <= day) found = m.teamId;
  return found;
}

/** Whether a manager's scope reaches everyone (org-wide managers, and anyone who is not a manager). */
export const isOrgWide = (actor: Pick<ScopeActor, 'role' | 'scope'>) => actor.role !== 'manager' || actor.scope === 'all';

/** The teams a scope holds: its own and every team inside them, at any depth. */
export function teamsWithin(scope: readonly string[], teams: ScopeFacts['teams']): Set<string> {
  const within = new Set<string>();
  for (const id of teams.keys()) {
    for (let at: string | null = id, steps = 0; at !== null && steps <= teams.size; steps++) {
      if (scope.includes(at)) {
        within.add(id);
        break;
      }
      at = teams.get(at)?.parentId ?? null;
    }
  }
  for (const id of scope) within.add(id);
  return within;
}

/** May this actor change this person (and their assignments) on `today`? */
export function mayChangePerson(actor: ScopeActor, person: { teams?: readonly TeamMembership[] }, teams: ScopeFacts['teams'], today: string): boolean {
  if (isOrgWide(actor)) return true;
  const team = teamOn(person, today);
  return team !== null && teamsWithin(actor.scope as readonly string[], teams).has(team);
}

/**
 * Null when the actor may make the write; otherwise the sentence a 403 answers with, naming everyone out
 * of reach and the team they are in, so the manager knows whom to ask.
 */
export function scopeRefusal(actor: ScopeActor, touched: Touched, facts: ScopeFacts, today: string): string | null {
  if (isOrgWide(actor)) return null;
  if (touched.orgWide) return `Only an org-wide manager may change ${touched.orgWide}`;
  const within = teamsWithin(actor.scope as readonly string[], facts.teams);
  const out: string[] = [];
  for (const id of new Set(touched.engineerIds)) {
    const person = facts.person(id);
    const team = person ? teamOn(person, today) : null;
    if (team !== null && within.has(team)) continue;
    const where = team === null ? 'in no team' : `in ${facts.teams.get(team)?.name ?? 'another team'}`;
    out.push(`${person?.name ?? 'a new engineer'} (${where})`);
  }
  if (out.length === 0) return null;
  const mine = [...(actor.scope as readonly string[])].map((id) => facts.teams.get(id)?.name ?? id).join(', ') || 'no team';
  return `Out of your teams (${mine}): ${out.join(', ')}. Ask their team's manager with a staffing request.`;
}

/**
 * What a write to one stream touches, from the stream's kind and its record before and after: an
 * engineer's stream touches that engineer; an assignment's, the engineer it was on and the one it is on
 * now; a holiday calendar or a team is org-wide. Projects, accounts and staffing requests are not the
 * scope's (anyone who may write them may write them for anyone; a request has rules of its own).
 */
export function touchedByStream(entity: { kind: string; id: string } | null, before: unknown, after: unknown): Touched {
  switch (entity?.kind) {
    case 'engineer':
      return { engineerIds: [entity.id] };
    case 'assignment': {
      const on = (s: unknown) => (s && typeof s === 'object' && 'engineerId' in s && typeof s.engineerId === 'string' ? [s.engineerId] : []);
      return { engineerIds: [...on(before), ...on(after)] };
    }
    case 'calendar':
      return { engineerIds: [], orgWide: 'holiday calendars' };
    case 'team':
      return { engineerIds: [], orgWide: 'teams' };
    default:
      return { engineerIds: [] };
  }
}

/**
 * The people in a team on `day`, the teams inside it included: what every team filter (schedule,
 * Engineers, project plan, Report) keeps.
 */
export function membersOfTeam(teamId: string, people: readonly { _id: string; teams?: readonly TeamMembership[] }[], teams: ScopeFacts['teams'], day: string): Set<string> {
  const within = teamsWithin([teamId], teams);
  return new Set(people.filter((p) => {
    const team = teamOn(p, day);
    return team !== null && within.has(team);
  }).map((p) => p._id));
}
