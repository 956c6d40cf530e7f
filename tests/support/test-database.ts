/**
 * One fresh, migrated database per test file, on the server provided by global-postgres.ts:
 *
 *   let db: TestDatabase;
 *   beforeAll(async () => { db = await createTestDatabase(); });
 *   afterAll(async () => { await db?.drop(); });
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';

export interface TestDatabase {
  /** Connection URL of the new database (same server and credentials as the admin URL). */
  url: string;
  /** The database name, `test_<random>`. */
  name: string;
  /** Drops the database WITH (FORCE), closing leftover connections. Safe to call twice. */
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  if (!adminUrl) {
    throw new Error('adminDatabaseUrl is not provided: run this file in a vitest project with tests/support/global-postgres.ts as globalSetup');
  }
  const name = `test_${randomBytes(8).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);

  const url = withDatabase(adminUrl, name);
  let dropped: Promise<void> | undefined;
  const drop = () => (dropped ??= admin(adminUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
  try {
    await migrateToLatest(url);
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
  return { url, name, drop };
}

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
