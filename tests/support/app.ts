import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { visibleToEveryReader } from '../../server/event-store/commit-order.ts';
import { type AppOptions, buildApp } from '../../server/app.ts';
import type { OidcSettings } from '../../server/config.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import { seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { demoLogin, type RequestOptions } from './api-client.ts';
import { createTestDatabase } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  databaseUrl: string;
  /** Signs in as a demo account (password demo1234) and returns the raw token. */
  login: (email: string) => Promise<string>;
  request: (options: RequestOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

export const demo = {
  manager: 'manager@demo.test',
  manager2: 'manager2@demo.test',
  engineer: 'engineer@demo.test',
  auditor: 'auditor@demo.test',
};

/** A real app on a fresh database of its own, with the demo seeded through commands. */
export async function startTestApp(
  options: {
    seed?: boolean; loginRateLimit?: number; now?: Date; orgTimeZone?: string; historySnapshotEvery?: number; hoursPerDay?: number;
    /** Single sign-on (off unless given) and the address people open (the app's default unless given). */
    oidc?: OidcSettings; publicUrl?: string;
    /** Where invitations and reset links are mailed (none unless given). */
    mailer?: Mailer;
    /** Outbound webhooks' timings, short in tests; `deliver: false` runs no delivery worker. */
    webhooks?: AppOptions['webhooks'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    databaseUrl: database.url,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    jwtExpiresIn: '1h',
    logLevel: 'silent',
    loginRateLimit: options.loginRateLimit ?? 1000,
    orgTimeZone: options.orgTimeZone,
    hoursPerDay: options.hoursPerDay,
    historySnapshotEvery: options.historySnapshotEvery,
    oidc: options.oidc,
    publicUrl: options.publicUrl,
    mailer: options.mailer,
    webhooks: options.webhooks,
  });
  if (options.seed !== false) await seedDemoIfEmpty(app.db, options.now ?? new Date());
  const request: TestApp['request'] = async ({ method, url, token, body, headers }) => {
    if (method === 'GET' && READS_THE_LOG.test(url)) await logCaughtUp(app);
    return app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: token } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };
  return {
    app,
    databaseUrl: database.url,
    request,
    login: demoLogin(request),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** The reads that go by the log's commit-safe view (history and the events feed). */
const READS_THE_LOG = /^\/api\/(history|events)(\/|\?|$)/;

/**
 * Waits (at most 10 s) until every event committed in this app's database is in the log's view. The log
 * holds back events behind any transaction still open anywhere in the cluster, and the test files'
 * databases share one cluster: a read right after a write can otherwise miss it because another file
 * happens to be mid-transaction. A test that holds a transaction open on purpose, to see events held
 * back, still sees them held back: the wait gives up after 10 s and the read goes as the product's would.
 */
async function logCaughtUp(app: FastifyInstance): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const { rows: [row] } = await sql<{ held: boolean }>`select exists (select 1 from events where not ${visibleToEveryReader}) as held`.execute(app.db);
    if (!row?.held) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
