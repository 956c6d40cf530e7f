import { isIP } from 'node:net';
import { sql } from 'kysely';
import { anyAccount, lockAccounts } from '../auth/accounts.ts';
import { issueLinkToken } from '../auth/link-tokens.ts';
import { linkUrl } from '../auth/links.ts';
import { executeCommand } from '../commands/execute.ts';
import { accountStream } from '../commands/streams.ts';
import type { Db } from '../db/connect.ts';
import { DEPARTMENT_TEAM_FROM, setEngineerTeam, teamsNamed } from '../commands/teams.ts';

/** Whether only this machine can reach an address: the demo's published password is safe there only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare.startsWith('::ffff:127.');
}

/** DEMO=on always seeds an empty database, off never; auto only while listening on loopback. */
export const shouldSeedDemo = (demo: 'auto' | 'on' | 'off', host: string) => demo === 'on' || (demo === 'auto' && isLoopback(host));

export async function demoAccountsPresent(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('email', 'like', '%@demo.test').where('status', '=', 'active').limit(1).executeTakeFirst());
}

/**
 * While nobody has an account, a one-time link that creates the first administrator; a new start
 * replaces the previous start's link. Null once any account exists.
 */
export async function setupLinkIfEmpty(db: Db, publicUrl: string): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    await lockAccounts(trx);
    if (await anyAccount(trx)) return null;
    return linkUrl(publicUrl, 'setup', await issueLinkToken(trx, 'setup', null));
  });
}

/**
 * Accounts made before their facts were recorded get their first event now, so every account has a
 * stream that admins' changes can build on and the history says they were there.
 */
export async function recordExistingAccounts(db: Db): Promise<number> {
  const missing = await db.selectFrom('users').select(['id', 'email', 'name', 'role', 'admin'])
    .where(({ not, exists, selectFrom, ref }) => not(exists(
      selectFrom('streams').select('stream_id').where('stream_id', '=', sql<string>`'account-' || ${ref('users.id')}`),
    ))).execute();
  for (const row of missing) {
    await db.transaction().execute((trx) => executeCommand(trx, accountStream, row.id, {
      expectedVersion: 0,
      metadata: { actorId: row.id, actorRole: row.role },
      decide: () => [{ type: 'AccountActivated', data: { accountId: row.id, email: row.email, name: row.name, role: row.role, admin: row.admin, via: 'existing' } }],
    }));
  }
  return missing.length;
}

/**
 * Departments become teams: an install from before teams gets one team per distinct department (a team of
 * that name is reused), and everyone without a team joins their department's from their first day on
 * record. All through the ordinary commands, so the history says it happened. Runs at each start; once
 * everyone has a team it finds nothing to do.
 */
export async function recordDepartmentTeams(db: Db): Promise<number> {
  const loose = await db.selectFrom('engineers').select(['id', sql<string>`doc->>'department'`.as('department')])
    .where(sql<boolean>`not (doc ? 'teams')`).execute();
  const departments = [...new Set(loose.map((e) => e.department.trim()).filter(Boolean))];
  if (departments.length === 0) return 0;
  const system = { actorId: 'system', actorRole: 'manager' } as const;
  await db.transaction().execute(async (trx) => {
    const teams = await teamsNamed(trx, departments, system);
    for (const engineer of loose) {
      const teamId = teams.get(engineer.department.trim().toLowerCase())?._id;
      if (teamId) await setEngineerTeam(trx, engineer.id, { teamId, from: DEPARTMENT_TEAM_FROM }, system);
    }
  });
  return loose.length;
}
