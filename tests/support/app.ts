import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
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
  const request: TestApp['request'] = ({ method, url, token, body, headers }) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: token } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
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
