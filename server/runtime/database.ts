import path from 'node:path';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded/start.ts';

/** design.md §2: DATABASE_URL when set, else the embedded PostgreSQL kept under DATA_DIR. */
export async function resolveDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const embedded = await startEmbeddedPostgres({ dataDir: path.resolve(config.dataDir, 'postgres') });
  return embedded;
}
