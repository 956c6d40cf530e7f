import {
  accountMessages as M, decideGroupsChange, endsSessions, registerEngineerInput, rightsFromGroups, type EventMetadata, type GroupRights, type GroupsPolicy, type Role,
} from '../../domain/index.ts';
import { findAccountByEmail, lockAccounts } from '../auth/accounts.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import { executeCommand } from './execute.ts';
import { accountStream } from './streams.ts';
import type { TeamDirectory } from './engineer-teams.ts';
import { issueLinkToken } from '../auth/link-tokens.ts';
import type { SignOnIdentity } from '../auth/oidc.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { activateInvited, createActiveAccount, engineerRecordFor } from './accounts.ts';

/**
 * Which account a verified e-mail from the identity provider signs in to (docs/architecture.md): an
 * active one as it is, an invited one once it is activated (AccountActivated via sign-on; its
 * invitation link then answers 410, as for any account no longer invited), a deactivated one never,
 * and an unknown e-mail only when OIDC_AUTO_CREATE=engineer makes it an engineer's account. The
 * outcome is a one-time sign-on code (60 s) for the app to exchange for its token, or the sentence
 * that says why not.
 */
export type SignOnOutcome = { kind: 'code'; code: string; userId: string } | { kind: 'refused'; message: string };

export type SignOnPolicy = {
  autoCreate: 'off' | 'engineer';
  /** The e-mail domains a first sign-in may make an account for (none or empty: any). */
  allowedDomains?: readonly string[];
  /** What the provider's groups map to; without it, or without a groups claim, groups change nothing. */
  groups?: GroupsPolicy;
};

/** Where a groups claim's team is looked up and the engineer placed in it (null: teams are not there yet, the team is left alone). */
export type SignOnTeams = { teams: TeamDirectory | null; today: string };

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export async function signOnAccount(trx: DbOrTrx, identity: SignOnIdentity, policy: SignOnPolicy, teams: SignOnTeams = { teams: null, today: '' }): Promise<SignOnOutcome> {
  if (!identity.email || !identity.emailVerified) return { kind: 'refused', message: M.signOnUnverified };
  const account = await findAccountByEmail(trx, identity.email);
  const rights: GroupRights = policy.groups && identity.groups ? rightsFromGroups(identity.groups, policy.groups) : {};
  let userId: string;
  if (!account) {
    const allowed = !policy.allowedDomains?.length || policy.allowedDomains.includes(domainOf(identity.email));
    if (policy.autoCreate !== 'engineer' || !allowed) return { kind: 'refused', message: M.signOnUnknown };
    userId = await createSignOnAccount(trx, identity.email, identity.name, rights);
  } else if (account.status === 'deactivated') {
    return { kind: 'refused', message: M.deactivated };
  } else {
    userId = account.id;
    if (account.status === 'invited') await activateInvited(trx, userId, 'sign-on');
    await applyGroups(trx, userId, rights);
  }
  if (rights.team && teams.teams) await placeInTeam(trx, userId, rights.team, teams);
  return { kind: 'code', code: await issueLinkToken(trx, 'sign-on', userId), userId };
}

/**
 * Each sign-in applies what the groups say as the account's own facts (AccountRoleChanged,
 * AdminGranted, AdminRevoked), recorded as the sign-on's doing; a new role ends the account's other
 * sessions, as an admin's change does. The last active admin keeps that right (decideGroupsChange).
 */
async function applyGroups(trx: DbOrTrx, accountId: string, rights: GroupRights) {
  if (rights.role === undefined && rights.admin === undefined) return;
  await lockAccounts(trx);
  const row = await trx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('admin', '=', true).where('status', '=', 'active').executeTakeFirstOrThrow();
  const result = await executeCommand(trx, accountStream, accountId, {
    metadata: SIGN_ON_ACTOR,
    decide: (state) => (state ? decideGroupsChange(state, rights, Number(row.n)) : []),
  });
  if (endsSessions(result.events as never)) await endSessionsOf(trx, accountId);
}

/** The engineer whose account this is joins the team the groups name, from today; an unknown team is left alone. */
async function placeInTeam(trx: DbOrTrx, accountId: string, teamName: string, { teams, today }: SignOnTeams) {
  if (!teams) return;
  const engineer = await trx.selectFrom('engineers').select('id').where('id', '=', accountId).executeTakeFirst();
  if (!engineer) return;
  const team = (await teams.list(trx)).find((t) => t.name.trim().toLowerCase() === teamName.toLowerCase());
  if (!team || (await teams.current(trx))[accountId] === team._id) return;
  await teams.assign(trx, [{ engineerId: accountId, teamId: team._id, from: today }], SIGN_ON_ACTOR);
}

/**
 * OIDC_AUTO_CREATE: an engineer's account is that of the engineer record with this e-mail, as an
 * engineer invitation does (inviteAccount), the record registered first when nobody has planned them
 * yet; a manager's or auditor's (by their groups) shares the record's id when there is one. Nobody
 * signed in did that, so the record's event names the sign-on as its actor (the history shows
 * "System"); the account's own activation is the person's.
 */
async function createSignOnAccount(trx: DbOrTrx, email: string, providerName: string | undefined, rights: GroupRights): Promise<string> {
  const name = nameFor(email, providerName);
  const role: Role = rights.role ?? 'engineer';
  const planned = await trx.selectFrom('engineers').select('id').where('email', '=', email).executeTakeFirst();
  const accountId = role === 'engineer' ? await engineerRecordFor(trx, { email, name }, SIGN_ON_ACTOR) : planned?.id;
  const created = await createActiveAccount(trx, { email, name, role, admin: rights.admin ?? false }, 'sign-on', null, accountId);
  return created._id;
}

const SIGN_ON_ACTOR: EventMetadata = { actorId: 'sign-on', actorRole: 'engineer' };

/** The provider's name for the person when it is a usable one, else the e-mail's local part. */
function nameFor(email: string, providerName: string | undefined): string {
  const fallback = email.split('@')[0]!.slice(0, 100);
  const candidate = providerName?.trim().slice(0, 100);
  if (!candidate) return fallback;
  const checked = registerEngineerInput.shape.name.safeParse(candidate);
  return checked.success ? checked.data : fallback;
}
