/**
 * Teams: named, optionally inside a parent team, each on its own stream (`team-<id>`). Who belongs to a
 * team is on the engineer's stream (EngineerTeamChanged); which teams a manager may change is on their
 * account's (ManagerScopeChanged). Team facts leave the plan as it is.
 */
type Id = { teamId: string };
export type TeamCreated = { type: 'TeamCreated'; data: Id & { name: string; parentId: string | null } };
export type TeamRenamed = { type: 'TeamRenamed'; data: Id & { name: string; previous: string } };
export type TeamMoved = { type: 'TeamMoved'; data: Id & { name: string; parentId: string | null; previous: string | null } };
/** `name` is kept so the history reads 'removed team Data' without a replay. */
export type TeamRemoved = { type: 'TeamRemoved'; data: Id & { name: string } };
export type TeamEvent = TeamCreated | TeamRenamed | TeamMoved | TeamRemoved;

export const teamStreamId = (id: string) => `team-${id}`;

const teamTypes: ReadonlySet<string> = new Set<TeamEvent['type']>(['TeamCreated', 'TeamRenamed', 'TeamMoved', 'TeamRemoved']);
export const isTeamEvent = <E extends { type: string }>(event: E): event is Extract<E, TeamEvent> => teamTypes.has(event.type);
