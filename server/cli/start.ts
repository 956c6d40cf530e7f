import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureClientBuild } from '../runtime/client-build.ts';
import { resolveDatabase } from '../runtime/database.ts';
import { resolveJwtSecret } from '../runtime/jwt-secret.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';

/** `npm start`: build the client if needed, start the database, migrate, seed the demo, serve. */
async function main() {
  const config = loadConfig();
  const devMode = process.argv.includes('--dev');
  if (!devMode) ensureClientBuild(process.cwd());
  const database = await resolveDatabase(config);
  await migrateToLatest(database.url);
  const app = await buildApp({
    databaseUrl: database.url,
    jwtSecret: await resolveJwtSecret(config),
    jwtExpiresIn: config.jwtExpiresIn,
    logLevel: config.logLevel,
    corsOrigin: config.corsOrigin,
    loginRateLimit: config.loginRateLimit,
    trustProxy: config.trustProxy,
    orgTimeZone: config.orgTimeZone,
  });
  const seeded = await seedDemoIfEmpty(app.db, new Date());
  if (seeded) app.log.info('Seeded the demo data (accounts: manager@demo.test, engineer@demo.test, ... password demo1234)');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => undefined);
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Capacity Planner is running on http://localhost:${config.port} (API docs: /docs)`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
