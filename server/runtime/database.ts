import path from 'node:path';
import type { Config } from '../config.ts';
import { reachablePlaceFor } from '../db/embedded/service-home.ts';
import { startEmbeddedPostgres } from '../db/embedded/start.ts';

/**
 * DATABASE_URL when set, else the embedded PostgreSQL kept under DATA_DIR; said on `say`, because
 * where the data lives is what a user asks first. Started by root, PostgreSQL runs as the `postgres`
 * user, which cannot enter a DATA_DIR under /root: the cluster then lives under /var/lib instead.
 */
export async function resolveDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  say: (line: string) => void = () => undefined,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const wanted = path.resolve(config.dataDir);
  const home = await reachablePlaceFor(wanted);
  if (home !== wanted) {
    say(`PostgreSQL runs as the "postgres" user, which cannot enter ${wanted}: the database is kept in ${home} instead.`);
  }
  const started = performance.now();
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(home, 'postgres'), notice: say });
  say(`Embedded PostgreSQL on port ${embedded.port} (started in ${Math.round(performance.now() - started)} ms), data in ${embedded.dataDir}`);
  return embedded;
}
