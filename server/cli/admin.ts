import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { setupInput } from '../../domain/index.ts';
import { lockAccounts } from '../auth/accounts.ts';
import { issueLinkToken } from '../auth/link-tokens.ts';
import { linkUrl } from '../auth/links.ts';
import { createActiveAccount } from '../commands/accounts.ts';
import { loadConfig } from '../config.ts';
import { createDb, createPool } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { resolveDatabase } from '../runtime/database.ts';

const usage = `Usage:
  npm run admin -- create --email E --name N     an admin (manager) account; the password is read from standard input
  npm run admin -- reset-link --email E          a one-time password reset link (1 hour) for an active account`;

/** The first line of standard input: piped (echo "$PASSWORD" | npm run admin ...) or typed. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (at least 10 characters): ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/**
 * `npm run admin`: accounts from the server's shell, for headless installs (the first administrator
 * without opening the setup link) and for an organisation locked out of its last admin.
 */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { email: { type: 'string' }, name: { type: 'string' } } });
  const command = positionals[0];
  if ((command !== 'create' && command !== 'reset-link') || !values.email || (command === 'create' && !values.name)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await resolveDatabase(config);
  await migrateToLatest(database.url);
  const db = createDb(createPool(database.url, 2));
  try {
    if (command === 'create') {
      const parsed = setupInput.omit({ token: true }).safeParse({ email: values.email, name: values.name, password: await readPassword() });
      if (!parsed.success) {
        console.error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
        return 1;
      }
      const account = await db.transaction().execute(async (trx) => {
        await lockAccounts(trx);
        return createActiveAccount(trx, { ...parsed.data, role: 'manager', admin: true }, 'command-line', null);
      });
      console.log(`Created ${account.email}, a manager and admin. Sign in at ${config.publicUrl}`);
      return 0;
    }
    const account = await db.selectFrom('users').select(['id', 'status']).where('email', '=', values.email.trim().toLowerCase()).executeTakeFirst();
    if (!account || account.status !== 'active') {
      console.error(`No active account uses ${values.email}`);
      return 1;
    }
    const token = await issueLinkToken(db, 'reset', account.id);
    console.log(`Reset link (valid for an hour, once): ${linkUrl(config.publicUrl, 'reset', token)}`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await db.destroy();
    await database.stop();
  }
}

process.exit(await main());
