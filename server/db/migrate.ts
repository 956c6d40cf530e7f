import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import { quietIdleError } from './connect.ts';

const migrationFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(connectionString: string): Promise<string[]> {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 1 }).on('error', quietIdleError) }) });
  try {
    // Migrations are named in the order they are added, so a database always runs them in that order.
    const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder }) });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`, { cause: error });
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    await db.destroy();
  }
}
