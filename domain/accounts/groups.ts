import type { Role } from '../entities.ts';
import type { AccountEvent } from './events.ts';
import type { Account } from './state.ts';

/**
 * Which of the identity provider's groups make someone a manager, an auditor or an admin, and which
 * name their team (a group `<prefix><team name>`). An empty list maps nothing of that kind.
 */
export type GroupsPolicy = { managerGroups: readonly string[]; auditorGroups: readonly string[]; adminGroups: readonly string[]; teamPrefix?: string };

/** What the groups say: a role and admin right when the policy maps any, and a team name when one group names one. */
export type GroupRights = { role?: Role; admin?: boolean; team?: string };

const anyOf = (groups: readonly string[], wanted: readonly string[]) => groups.some((g) => wanted.includes(g));

/**
 * The rights a groups claim gives. Roles are mapped only when the policy names manager or auditor
 * groups: then a manager group wins over an auditor group, and someone in neither is an engineer.
 * Admin is mapped only when the policy names admin groups. The team is the first group with the prefix.
 */
export function rightsFromGroups(groups: readonly string[], policy: GroupsPolicy): GroupRights {
  const rights: GroupRights = {};
  if (policy.managerGroups.length > 0 || policy.auditorGroups.length > 0) {
    rights.role = anyOf(groups, policy.managerGroups) ? 'manager' : anyOf(groups, policy.auditorGroups) ? 'auditor' : 'engineer';
  }
  if (policy.adminGroups.length > 0) rights.admin = anyOf(groups, policy.adminGroups);
  const prefix = policy.teamPrefix;
  const team = prefix ? groups.find((g) => g.startsWith(prefix) && g.length > prefix.length) : undefined;
  if (team && prefix) rights.team = team.slice(prefix.length).trim();
  return rights;
}

/**
 * A sign-in's groups applied to the account, as the facts an admin's change would record: a new role,
 * admin granted or revoked. The organisation's last active admin keeps that right whatever the groups
 * say (`activeAdmins` counts them now): a provider's misconfigured group must not lock everyone out.
 */
export function decideGroupsChange(state: Account, rights: GroupRights, activeAdmins: number): AccountEvent[] {
  const id = { accountId: state._id, email: state.email };
  const events: AccountEvent[] = [];
  if (rights.role !== undefined && rights.role !== state.role) events.push({ type: 'AccountRoleChanged', data: { ...id, from: state.role, to: rights.role } });
  if (rights.admin === true && !state.admin) events.push({ type: 'AdminGranted', data: id });
  const lastAdmin = state.admin && state.status === 'active' && activeAdmins <= 1;
  if (rights.admin === false && state.admin && !lastAdmin) events.push({ type: 'AdminRevoked', data: id });
  return events;
}
