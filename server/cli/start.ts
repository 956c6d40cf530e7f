import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureClientBuild } from '../runtime/client-build.ts';
import { resolveDatabase } from '../runtime/database.ts';
import { resolveJwtSecret } from '../runtime/jwt-secret.ts';
import { chooseLogFormat } from '../runtime/log-format.ts';
import { smtpMailer } from '../mail/mailer.ts';
import { demoAccountsPresent, isLoopback, recordDepartmentTeams, recordExistingAccounts, setupLinkIfEmpty, shouldSeedDemo } from '../runtime/first-run.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import { explainStartupFailure } from './startup-failure.ts';

let config: Config | undefined;
let database: { stop(): Promise<void> } | undefined;

/** `npm start`: build the client if needed, start the database, migrate, seed the demo where it is safe, serve. */
async function main() {
  config = loadConfig();
  const devMode = process.argv.includes('--dev');
  if (!devMode) ensureClientBuild(process.cwd());
  const resolved = await resolveDatabase(config, (line) => console.log(line));
  database = resolved;
  await migrateToLatest(resolved.url);
  const app = await buildApp({
    databaseUrl: resolved.url,
    jwtSecret: await resolveJwtSecret(config, resolved.url),
    jwtExpiresIn: config.jwtExpiresIn,
    logLevel: config.logLevel,
    logFormat: chooseLogFormat(config.logFormat, process.stdout.isTTY),
    corsOrigin: config.corsOrigin,
    loginRateLimit: config.loginRateLimit,
    trustProxy: config.trustProxy,
    orgTimeZone: config.orgTimeZone,
    hoursPerDay: config.hoursPerDay,
    historySnapshotEvery: config.historySnapshotEvery,
    compression: config.compression,
    publicUrl: config.publicUrl,
    mailer: config.smtp ? smtpMailer(config.smtp.url, config.smtp.from) : null,
    oidc: config.oidc ?? null,
    webhooks: config.webhooks,
  });
  const recorded = await recordExistingAccounts(app.db);
  if (recorded > 0) app.log.info(`Recorded ${recorded} existing account(s) in the history`);
  if (shouldSeedDemo(config.demo, config.host)) {
    const seeded = await seedDemoIfEmpty(app.db, new Date());
    if (seeded) app.log.info('Seeded the demo data (accounts: manager@demo.test, engineer@demo.test, ... password demo1234)');
  }
  const placed = await recordDepartmentTeams(app.db);
  if (placed > 0) app.log.info(`Made teams of the departments: ${placed} engineer(s) placed in their department's team`);
  if (!isLoopback(config.host) && (await demoAccountsPresent(app.db))) {
    app.log.warn(`Demo accounts with the published password demo1234 exist and the server listens on ${config.host}, which other machines can reach: deactivate them on People & access, or start on an empty database with DEMO=off`);
  }
  const setupLink = await setupLinkIfEmpty(app.db, config.publicUrl);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => undefined);
    await resolved.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  process.off('uncaughtException', failed);
  console.log(`Capacity Planner is running on ${config.publicUrl} (API docs: /docs)`);
  if (setupLink) console.log(`No account exists yet. Create the first administrator by opening this one-time link: ${setupLink}`);
}

/** Any failure before the server listens: one sentence of what to do, never a stack trace. */
async function failed(error: unknown): Promise<never> {
  const { details, sentence } = explainStartupFailure(error, {
    port: config?.port,
    host: config?.host,
    databaseUrl: config?.databaseUrl,
    verbose: config?.logLevel === 'debug' || config?.logLevel === 'trace',
  });
  if (details) console.error(`${details}\n`);
  console.error(sentence);
  await database?.stop().catch(() => undefined);
  process.exit(1);
}

// An 'error' event nobody listens to (a child process that cannot be spawned) bypasses main's promise.
process.on('uncaughtException', failed);
main().catch(failed);
