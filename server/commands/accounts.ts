import { v7 as uuidv7 } from 'uuid';
import {
  accountMessages as M, decideAccountChange, decideActivate, decideInvite, decidePasswordChange, decideResetIssued,
  decideWithdrawInvite, DomainError, endsSessions, registerEngineerInput,
  type Account, type AccountChangeInput, type ActivatedVia, type EventMetadata, type InviteInput, type RegisterEngineerInput, type ResetAskedVia, type Role,
} from '../../domain/index.ts';
import { findAccountByEmail, lockAccount, lockAccounts } from '../auth/accounts.ts';
import { issueLinkToken, issueLinkTokens } from '../auth/link-tokens.ts';
import { registerEngineers } from './bulk-planning.ts';
import { executeCommands } from './execute.ts';
import { hashPassword } from '../auth/password.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import { registerEngineer } from './planning.ts';
import { executeCommand } from './execute.ts';
import { accountStream } from './streams.ts';
import { HttpError } from '../http-error.ts';

/**
 * The account use cases: each appends its facts to the account's stream (the history shows who made
 * whom what) and writes the account row in the same transaction; passwords and link secrets are
 * written beside, never into an event.
 */

const emailTaken = () => new DomainError('conflict', M.emailTaken, 'email');

async function activeAdmins(trx: DbOrTrx): Promise<number> {
  const row = await trx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin', '=', true).where('status', '=', 'active').executeTakeFirstOrThrow();
  return Number(row.n);
}

async function setPassword(trx: DbOrTrx, accountId: string, password: string) {
  await setPasswordHash(trx, accountId, await hashPassword(password));
}

const setPasswordHash = (trx: DbOrTrx, accountId: string, hash: string) =>
  trx.updateTable('users').set({ password_hash: hash }).where('id', '=', accountId).execute();

/** The person acting on their own account (accepting, changing their password). */
async function selfMetadata(trx: DbOrTrx, accountId: string): Promise<EventMetadata> {
  const row = await trx.selectFrom('users').select('role').where('id', '=', accountId).executeTakeFirst();
  return { actorId: accountId, actorRole: row?.role ?? 'engineer' };
}

/** `passwordHash` instead of `password` where one hash serves many accounts (the demo). */
type NewAccount = { email: string; name: string; role: Role; admin: boolean; password?: string; passwordHash?: string };

/**
 * An account created whole and active (the first administrator, the command line, the demo, an
 * engineer registered with a password). `accountId` defaults to a new one; an engineer's account
 * shares its planning record's id.
 */
export async function createActiveAccount(trx: DbOrTrx, account: NewAccount, via: ActivatedVia, metadata: EventMetadata | null, accountId = uuidv7()) {
  if (await findAccountByEmail(trx, account.email)) throw emailTaken();
  const { password, passwordHash, ...facts } = account;
  const result = await executeCommand(trx, accountStream, accountId, {
    expectedVersion: 0,
    metadata: metadata ?? { actorId: accountId, actorRole: account.role },
    decide: (state) => decideActivate(state, { accountId, ...facts, email: facts.email.toLowerCase() }, via),
  }).catch(rethrowTaken);
  if (passwordHash !== undefined) await setPasswordHash(trx, accountId, passwordHash);
  else if (password !== undefined) await setPassword(trx, accountId, password);
  return result.state!;
}

function rethrowTaken(error: unknown): never {
  // Two creations of one e-mail at once both pass the check; the unique index stops the second.
  if (isUniqueViolation(error)) throw emailTaken();
  throw error;
}

/**
 * Invites someone: an engineer invitation is the account of the engineer record with that e-mail, which
 * is registered first when there is none. Returns the account and the invitation's secret.
 */
export async function inviteAccount(trx: DbOrTrx, input: InviteInput, metadata: EventMetadata): Promise<{ account: Account; token: string }> {
  await lockAccounts(trx);
  if (await findAccountByEmail(trx, input.email)) throw emailTaken();
  let accountId = uuidv7();
  if (input.role === 'engineer') accountId = await engineerRecordFor(trx, input, metadata);
  const result = await executeCommand(trx, accountStream, accountId, {
    expectedVersion: 0,
    metadata,
    decide: (state) => decideInvite(state, { accountId, email: input.email, name: input.name, role: input.role, admin: input.admin }),
  }).catch(rethrowTaken);
  const token = await issueLinkToken(trx, 'invite', accountId);
  return { account: result.state!, token };
}

/**
 * inviteAccount for many people in the caller's transaction (a bulk invitation), the same facts in a
 * few statements: the engineer records nobody has planned yet registered together, the invitations
 * appended together, one link each. An e-mail with an account refuses the lot.
 */
export async function inviteAccounts(trx: DbOrTrx, inputs: readonly InviteInput[], metadata: EventMetadata): Promise<{ account: Account; token: string }[]> {
  await lockAccounts(trx);
  const emails = inputs.map((i) => i.email);
  const taken = await trx.selectFrom('users').select('email').where('email', 'in', emails).executeTakeFirst();
  if (taken) throw emailTaken();
  const engineerEmails = inputs.filter((i) => i.role === 'engineer').map((i) => i.email);
  const planned = engineerEmails.length === 0 ? [] : await trx.selectFrom('engineers').select(['id', 'email']).where('email', 'in', engineerEmails).execute();
  const recordOf = new Map(planned.map((r) => [r.email, r.id]));
  const unplanned = inputs.filter((i) => i.role === 'engineer' && !recordOf.has(i.email));
  const registered = await registerEngineers(trx, unplanned.map((person) => registerEngineerInput.parse({
    name: person.name, email: person.email, department: '', seniority: 'mid', maxCapacity: 100, skills: [],
  })), metadata);
  unplanned.forEach((person, i) => recordOf.set(person.email, (registered[i]!.state as { _id: string })._id));
  const ids = inputs.map((input) => (input.role === 'engineer' ? recordOf.get(input.email)! : uuidv7()));
  const results = await executeCommands(trx, accountStream, inputs.map((input, i) => ({
    id: ids[i]!, expectedVersion: 0, newId: true,
    decide: (state: Account | null) => decideInvite(state, { accountId: ids[i]!, email: input.email, name: input.name, role: input.role, admin: input.admin }),
  })), metadata).catch(rethrowTaken);
  const tokens = await issueLinkTokens(trx, 'invite', ids);
  return results.map((r, i) => ({ account: r.state!, token: tokens[i]! }));
}

/**
 * Registers an engineer's planning record and, when a first password is given (the public API still
 * allows it), their account, active at once. Without one an admin invites them to sign in.
 */
export async function registerEngineerWithAccount(trx: DbOrTrx, input: RegisterEngineerInput, metadata: EventMetadata, passwordHash?: string) {
  const result = await registerEngineer(trx, input, metadata);
  if (input.password !== undefined) {
    const engineerId = result.state!._id;
    const account = { email: input.email, name: input.name, role: 'engineer' as const, admin: false, password: input.password, passwordHash };
    await createActiveAccount(trx, account, 'registration', metadata, engineerId);
    await trx.updateTable('users').set({ department: input.department }).where('id', '=', engineerId).execute();
  }
  return result;
}

/**
 * The id of the engineer record with this e-mail, which an engineer's account shares. Someone nobody
 * has planned yet (invited, or signing on with OIDC_AUTO_CREATE=engineer) gets a record first, to be
 * completed on the Engineers screen.
 */
export async function engineerRecordFor(trx: DbOrTrx, person: { email: string; name: string }, metadata: EventMetadata): Promise<string> {
  const engineer = await trx.selectFrom('engineers').select('id').where('email', '=', person.email).executeTakeFirst();
  if (engineer) return engineer.id;
  const record = registerEngineerInput.parse({ name: person.name, email: person.email, department: '', seniority: 'mid', maxCapacity: 100, skills: [] });
  const result = await registerEngineer(trx, record, metadata);
  return result.state!._id;
}

export async function withdrawInvite(trx: DbOrTrx, accountId: string, metadata: EventMetadata) {
  await lockAccount(trx, accountId);
  await executeCommand(trx, accountStream, accountId, { metadata, decide: decideWithdrawInvite });
}

/** An admin's change; a new role or a deactivation ends the account's sessions (its tokens say otherwise). */
export async function changeAccount(trx: DbOrTrx, accountId: string, change: AccountChangeInput, metadata: EventMetadata) {
  await lockAccounts(trx);
  const admins = await activeAdmins(trx);
  const result = await executeCommand(trx, accountStream, accountId, {
    expectedVersion: change.version,
    metadata,
    decide: (state) => decideAccountChange(state, change, admins),
  });
  if (endsSessions(result.events as never)) await endSessionsOf(trx, accountId);
  return result;
}

/**
 * Many accounts deactivated (or reactivated) in the caller's transaction, all or none: each through the
 * one account decision (the last active admin is kept, an invitation is withdrawn rather than
 * deactivated), a refusal naming whose account it is about. Those already so are left as they are.
 * Answers how many changed.
 */
export async function changeAccountsActive(trx: DbOrTrx, ids: readonly string[], active: boolean, metadata: EventMetadata): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await trx.selectFrom('users').select(['id', 'name', 'status']).where('id', 'in', unique).execute();
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) throw new HttpError(404, `Nothing was changed: ${missing.length} account${missing.length === 1 ? ' was' : 's were'} not found (first: ${missing[0]})`, 'NOT_FOUND');
  let changed = 0;
  for (const row of rows) {
    if ((row.status === 'active') === active && row.status !== 'invited') continue;
    try {
      const result = await changeAccount(trx, row.id, { active }, metadata);
      changed += result.events.length > 0 ? 1 : 0;
    } catch (error) {
      if (error instanceof DomainError) throw new HttpError(error.kind === 'not-found' ? 404 : 409, `Nothing was changed: ${row.name}: ${error.message}`, error.kind === 'not-found' ? 'NOT_FOUND' : 'CONFLICT');
      throw error;
    }
  }
  return changed;
}

/** Accepting an invitation: the account becomes active with the password chosen (or through sign-on). */
export async function activateInvited(trx: DbOrTrx, accountId: string, via: 'invite' | 'sign-on', options: { password?: string; name?: string } = {}) {
  await lockAccount(trx, accountId);
  const result = await executeCommand(trx, accountStream, accountId, {
    metadata: await selfMetadata(trx, accountId),
    decide: (state) => {
      if (!state) throw new DomainError('not-found', M.inviteUnknown);
      return decideActivate(state, { accountId, ...state }, via, options.name);
    },
  });
  if (options.password !== undefined) await setPassword(trx, accountId, options.password);
  return result.state!;
}

/** A new password, by the person (other sessions end, `keep` stays) or from a reset link (all end). */
export async function changePassword(trx: DbOrTrx, accountId: string, password: string, via: 'change' | 'reset', keep?: string) {
  await lockAccount(trx, accountId);
  await executeCommand(trx, accountStream, accountId, {
    metadata: await selfMetadata(trx, accountId),
    decide: (state) => decidePasswordChange(state, via),
  });
  await setPassword(trx, accountId, password);
  await endSessionsOf(trx, accountId, keep);
}

/**
 * A reset link for an active account; its secret is returned to be shown or mailed, never recorded.
 * `via`: an admin issued it, or someone asked on "Forgot password" (then `metadata` is the anonymous actor).
 */
export async function issuePasswordReset(trx: DbOrTrx, accountId: string, metadata: EventMetadata, via: ResetAskedVia): Promise<string> {
  await lockAccount(trx, accountId);
  await executeCommand(trx, accountStream, accountId, { metadata, decide: (state) => decideResetIssued(state, via) });
  return issueLinkToken(trx, 'reset', accountId);
}

