import { DomainError } from '../errors.ts';
import type { EngineerTeamChanged, EngineerTeamChangeUndone } from '../events.ts';
import type { TeamEvent } from './events.ts';
import { teamMessages as M } from './messages.ts';
import type { Team } from './state.ts';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function checkParent(teamId: string, parentId: string | null, others: readonly Team[]): void {
  if (parentId === null) return;
  const byId = new Map(others.map((t) => [t._id, t]));
  if (!byId.has(parentId)) throw new DomainError('not-found', M.parentNotFound, 'parentId');
  // Walk up from the new parent: meeting the team itself means it would sit inside its own subtree.
  for (let at: string | null = parentId, steps = 0; at !== null && steps <= others.length; steps++) {
    if (at === teamId) throw new DomainError('invalid', M.cycle, 'parentId');
    at = byId.get(at)?.parentId ?? null;
  }
}

export function decideCreateTeam(state: Team | null, team: { teamId: string; name: string; parentId: string | null }, others: readonly Team[]): TeamEvent[] {
  if (state) throw new DomainError('conflict', M.nameTaken, 'name');
  if (others.some((t) => sameName(t.name, team.name))) throw new DomainError('conflict', M.nameTaken, 'name');
  checkParent(team.teamId, team.parentId, others);
  return [{ type: 'TeamCreated', data: team }];
}

/** A rename and a move in one edit; a field equal to what it is changes nothing. */
export function decideUpdateTeam(state: Team | null, change: { name?: string; parentId?: string | null }, others: readonly Team[]): TeamEvent[] {
  if (!state) throw new DomainError('not-found', M.notFound);
  const events: TeamEvent[] = [];
  if (change.name !== undefined && change.name !== state.name) {
    if (others.some((t) => t._id !== state._id && sameName(t.name, change.name!))) throw new DomainError('conflict', M.nameTaken, 'name');
    events.push({ type: 'TeamRenamed', data: { teamId: state._id, name: change.name, previous: state.name } });
  }
  if (change.parentId !== undefined && change.parentId !== state.parentId) {
    checkParent(state._id, change.parentId, others.filter((t) => t._id !== state._id).concat(state));
    events.push({ type: 'TeamMoved', data: { teamId: state._id, name: change.name ?? state.name, parentId: change.parentId, previous: state.parentId } });
  }
  return events;
}

/** `members`: the engineers in the team at any date; `children`: the teams inside it. */
export function decideRemoveTeam(state: Team | null, facts: { members: number; children: number }): TeamEvent[] {
  if (!state) throw new DomainError('not-found', M.notFound);
  if (facts.members > 0) throw new DomainError('conflict', M.hasMembers(facts.members));
  if (facts.children > 0) throw new DomainError('conflict', M.hasTeams);
  return [{ type: 'TeamRemoved', data: { teamId: state._id, name: state.name } }];
}

/**
 * An undo of team changes: the engineer's dated teams and department are set back to what they were
 * before (`back`); `teamName` names the team the undone change put them in. Nothing when they are so already.
 */
export function decideUndoEngineerTeams(
  engineer: { _id: string; department: string; teams?: readonly { from: string; teamId: string }[] } | null,
  back: { teams: readonly { from: string; teamId: string }[]; department: string; teamName: string },
): EngineerTeamChangeUndone[] {
  if (!engineer) throw new DomainError('not-found', 'Engineer not found');
  if (JSON.stringify(engineer.teams ?? []) === JSON.stringify(back.teams) && engineer.department === back.department) return [];
  return [{ type: 'EngineerTeamChangeUndone', data: { engineerId: engineer._id, teams: [...back.teams], department: back.department, teamName: back.teamName } }];
}

/** Someone joins a team from a date (their earlier teams stay as they were before it). */
export function decideEngineerTeam(
  engineer: { _id: string; teams?: readonly { from: string; teamId: string }[] } | null,
  change: { teamId: string; from: string; team: Team | null },
): EngineerTeamChanged[] {
  if (!engineer) throw new DomainError('not-found', 'Engineer not found');
  if (!change.team) throw new DomainError('not-found', M.notFound, 'teamId');
  const teams = engineer.teams ?? [];
  if (teams.some((t) => t.from === change.from && t.teamId === change.teamId)) throw new DomainError('conflict', M.sameTeam, 'teamId');
  const before = teams.filter((t) => t.from <= change.from).at(-1);
  const previous = before ? { previous: before.teamId } : {};
  return [{ type: 'EngineerTeamChanged', data: { engineerId: engineer._id, teamId: change.teamId, from: change.from, teamName: change.team.name, ...previous } }];
}
