/**
 * The real server for end-to-end tests: the whole app (API, live channels, built client from
 * dist/client) listening on a free port, on a fresh database with the demo seeded (or left empty,
 * `demo: false`). `npm run test:e2e` builds the client first.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import type { OidcSettings } from '../../server/config.ts';
import { seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { createTestDatabase } from './test-database.ts';

/** E2E_CLIENT_ROOT lets parallel work build the client elsewhere without emptying dist/client under a running test. */
export const clientRoot = path.resolve(process.env.E2E_CLIENT_ROOT ?? 'dist/client');

export type E2EServer = { baseUrl: string; app: FastifyInstance; databaseUrl: string; close: () => Promise<void> };

async function listen(databaseUrl: string, options: Pick<E2EServerOptions, 'port' | 'oidc' | 'mailer' | 'orgTimeZone'> = {}): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const port = options.port ?? 0;
  const app = await buildApp({
    databaseUrl,
    jwtSecret: 'e2e-secret-that-is-long-enough-for-hs256-signing',
    jwtExpiresIn: '1h',
    logLevel: 'warn',
    loginRateLimit: 1000,
    clientRoot,
    ...(options.port === undefined ? {} : { publicUrl: `http://127.0.0.1:${port}` }),
    oidc: options.oidc,
    ...(options.orgTimeZone === undefined ? {} : { orgTimeZone: options.orgTimeZone }),
    ...(options.mailer === undefined ? {} : { mailer: options.mailer }),
  });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return { app, baseUrl: `http://127.0.0.1:${bound}` };
}

export type E2EServerOptions = {
  /** Fills the fresh database before the server starts (a large generated plan, say), so no screen sees it half-made. */
  prepare?: (databaseUrl: string) => Promise<void>;
  /**
   * The port to listen on, known beforehand (PUBLIC_URL is then http://127.0.0.1:<port>): an OpenID
   * provider started first must know the app's callback address.
   */
  port?: number;
  /** Single sign-on through this provider (off unless given). */
  oidc?: OidcSettings;
  /** false: the database stays empty, as a real organisation's first start finds it (no demo, no account). Seeded by default. */
  demo?: boolean;
  /** ORG_TIME_ZONE: the zone whose days the plan counts (UTC unless given). */
  orgTimeZone?: string;
  /** Sends invitations and reset links (`smtpMailer` to a test's own SMTP server); none unless given. */
  mailer?: Mailer | null;
};

/** One server on its own database; `second()` starts another instance on the same database. */
export async function startE2EServer(options: E2EServerOptions = {}): Promise<E2EServer & { second: () => Promise<E2EServer> }> {
  if (!existsSync(path.join(clientRoot, 'index.html'))) throw new Error('dist/client is missing: run `npm run build` first');
  const database = await createTestDatabase();
  try {
    await options.prepare?.(database.url);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const first = await listen(database.url, options);
  if (options.demo !== false) await seedDemoIfEmpty(first.app.db, new Date());
  const others: FastifyInstance[] = [];
  return {
    ...first,
    databaseUrl: database.url,
    async second() {
      const other = await listen(database.url);
      others.push(other.app);
      return { ...other, databaseUrl: database.url, close: () => other.app.close() };
    },
    async close() {
      for (const other of others) await other.close().catch(() => undefined);
      await first.app.close();
      await database.drop();
    },
  };
}
