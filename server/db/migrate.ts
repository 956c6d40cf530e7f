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
    // Branches merge migrations named for the day they were written, so one can sort before another
    // that a database has already run: each migration stands alone, so run it rather than refuse to start.
    const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder }), allowUnorderedMigrations: true });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`, { cause: error });
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    await db.destroy();
  }
}
