import notificationsPlugin from './plugins/notifications.ts';
import notificationRoutes from './routes/notifications.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import openapiPlugin from './plugins/openapi.ts';
import refusedBodiesPlugin from './plugins/refused-bodies.ts';
import compressionPlugin from './plugins/compression.ts';
import wholeListsPlugin from './plugins/whole-lists.ts';
import securityPlugin from './plugins/security.ts';
import webAppPlugin from './plugins/web-app.ts';
import assignmentRoutes from './routes/assignments.ts';
import authRoutes from './routes/auth.ts';
import accountRoutes from './routes/accounts.ts';
import signOnRoutes from './routes/sign-on.ts';
import type { Mailer } from './mail/mailer.ts';
import type { OidcSettings } from './config.ts';
import actualsAnswersPlugin from './plugins/actuals-answers.ts';
import capacityAnswersPlugin from './plugins/capacity-answers.ts';
import capacityRoutes from './routes/capacity.ts';
import reportRoutes from './routes/reports.ts';
import reportAnswersPlugin from './plugins/report-answers.ts';
import engineerRoutes from './routes/engineers.ts';
import eventRoutes from './routes/events.ts';
import healthRoutes from './routes/health.ts';
import historyRoutes from './routes/history.ts';
import scenarioRoutes from './routes/scenarios.ts';
import importExportRoutes from './routes/import-export.ts';
import livePlugin from './plugins/live.ts';
import planSnapshotsPlugin from './plugins/plan-snapshots.ts';
import projectRoutes from './routes/projects.ts';
import holidayCalendarRoutes from './routes/holiday-calendars.ts';
import staffingRoutes from './routes/staffing.ts';
import teamRoutes from './routes/teams.ts';
import { setScopeTimeZone } from './commands/scope.ts';
import holidayRoutes from './routes/holidays.ts';
import placeholderRoutes from './routes/placeholders.ts';
import timeOffRoutes from './routes/time-off.ts';
import actualsRoutes from './routes/actuals.ts';
import { DEFAULT_HOURS_PER_DAY } from '../domain/index.ts';
import bulkAssignmentRoutes from './routes/bulk-assignments.ts';
import undoRoutes from './routes/undo.ts';
import webhooksPlugin from './plugins/webhooks.ts';
import viewRoutes from './routes/views.ts';
import webhookRoutes from './routes/webhooks.ts';
import calendarFeedRoutes from './routes/calendar-feeds.ts';
import type { WebhookTimings } from './config.ts';
import { type LogFormat, loggerOptions, OneRecordPerRequest } from './runtime/log-format.ts';
import { setOrgTimeZone } from './runtime/org-time-zone.ts';
import { answerClientError } from './runtime/client-errors.ts';

export type AppOptions = {
  databaseUrl: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  logLevel?: string;
  /** JSON lines (the default) or one readable line per request and event, for a terminal. */
  logFormat?: LogFormat;
  corsOrigin?: string;
  loginRateLimit?: number;
  clientRoot?: string;
  /** Beyond this many missed events a reconnecting client is told to reload instead. */
  liveMaxBacklog?: number;
  /**
   * Whose X-Forwarded-For to believe (Fastify's trustProxy). Off by default: trusting every client's
   * header lets anyone pick their own IP and so step around the login rate limit.
   */
  trustProxy?: boolean | string;
  /** The organisation's IANA time zone: capacity over time counts its calendar days. */
  orgTimeZone?: string;
  /** Hours in a full working day (HOURS_PER_DAY): planned hours of actuals are booked day-percent x this / 100. */
  hoursPerDay?: number;
  /** How many date ranges' capacity facts to keep until the next write (0: read them for every request). */
  capacityFactsCacheSize?: number;
  /** A snapshot of the folded plan every this many events (0: none), so history folds from the nearest one. */
  historySnapshotEvery?: number;
  /** How many answers of /api/history/state to keep as JSON, the most recently used (about 9 MB each at 20,000 assignments; 0: none). */
  historyAnswersKept?: number;
  /** Compress answers for browsers that accept it (default); off behind a proxy that does it. */
  compression?: boolean;
  /** The address people open: invitation, reset and setup links start with it. */
  publicUrl?: string;
  /** Sends invitations and reset links; without one they are only shown to the admin. */
  mailer?: Mailer | null;
  /** How often the notices' loop looks at the log and the outbox, besides when new events come (ms). */
  noticePollMs?: number;
  /** Single sign-on through the organisation's OpenID provider; its routes answer 404 without it. */
  oidc?: OidcSettings | null;
  /** Outbound webhooks' timings (tests shorten them); `deliver: false` runs no worker on this instance. */
  webhooks?: Partial<WebhookTimings> & { deliver?: boolean };
};

/**
 * Slow clients hold a connection (and a socket) while they trickle in a request: give up on headers
 * after 10 s and on the whole request after 30 s. Node checks these limits on a timer, every 30 s
 * unless told otherwise, which would let a client send its headers a byte at a time for 90 s.
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

const defaultClientRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');

/** Builds the whole app, one plugin per concern (model: fastify/demo). Listening is the caller's job. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logFormat ?? 'json'),
    logController: new OneRecordPerRequest(),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    clientErrorHandler: answerClientError,
  });
  setOrgTimeZone(options.orgTimeZone ?? 'UTC');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(refusedBodiesPlugin);
  await app.register(securityPlugin, { corsOrigin: options.corsOrigin });
  const compression = options.compression ?? true;
  if (compression) await app.register(compressionPlugin);
  app.decorate('compressesAnswers', compression);
  await app.register(wholeListsPlugin, { size: 16 });
  await app.register(openapiPlugin);
  await app.register(dbPlugin, { databaseUrl: options.databaseUrl });
  await app.register(authPlugin, { secret: options.jwtSecret, expiresIn: options.jwtExpiresIn });

  await app.register(livePlugin, { databaseUrl: options.databaseUrl, maxBacklog: options.liveMaxBacklog });
  await app.register(planSnapshotsPlugin, { every: options.historySnapshotEvery ?? 10_000 });
  const { deliver, ...webhookTimings } = options.webhooks ?? {};
  await app.register(webhooksPlugin, { databaseUrl: options.databaseUrl, timings: webhookTimings, mailer: options.mailer ?? null, deliver });
  await app.register(healthRoutes);
  const accounts = { publicUrl: options.publicUrl ?? 'http://localhost:3000', mailer: options.mailer ?? null };
  await app.register(authRoutes, { loginRateLimit: options.loginRateLimit ?? 10, ...accounts });
  await app.register(accountRoutes, { loginRateLimit: options.loginRateLimit ?? 10, ...accounts });
  await app.register(signOnRoutes, { oidc: options.oidc ?? null, publicUrl: accounts.publicUrl, jwtSecret: options.jwtSecret });
  await app.register(capacityAnswersPlugin, { timeZone: options.orgTimeZone ?? 'UTC', factsCacheSize: options.capacityFactsCacheSize ?? 8 });
  await app.register(capacityRoutes, { timeZone: options.orgTimeZone ?? 'UTC' });
  await app.register(engineerRoutes, { timeZone: options.orgTimeZone ?? 'UTC' });
  await app.register(projectRoutes);
  await app.register(assignmentRoutes, { timeZone: options.orgTimeZone ?? 'UTC' });
  await app.register(bulkAssignmentRoutes, { timeZone: options.orgTimeZone ?? 'UTC' });
  await app.register(undoRoutes);
  await app.register(timeOffRoutes);
  const actualsSettings = { timeZone: options.orgTimeZone ?? 'UTC', hoursPerDay: options.hoursPerDay ?? DEFAULT_HOURS_PER_DAY };
  await app.register(actualsAnswersPlugin, { ...actualsSettings, factsCacheSize: options.capacityFactsCacheSize ?? 8 });
  await app.register(actualsRoutes, actualsSettings);
  await app.register(reportAnswersPlugin, { ...actualsSettings, factsCacheSize: options.capacityFactsCacheSize ?? 8 });
  await app.register(reportRoutes, { timeZone: actualsSettings.timeZone });
  await app.register(holidayRoutes);
  await app.register(holidayCalendarRoutes);
  setScopeTimeZone(options.orgTimeZone ?? 'UTC');
  await app.register(teamRoutes);
  await app.register(staffingRoutes);
  await app.register(placeholderRoutes, { timeZone: options.orgTimeZone ?? 'UTC' });
  await app.register(eventRoutes);
  await app.register(historyRoutes, { answersKept: options.historyAnswersKept ?? 4 });
  await app.register(importExportRoutes, accounts);
  await app.register(webhookRoutes);
  await app.register(viewRoutes);
  await app.register(calendarFeedRoutes, { publicUrl: accounts.publicUrl, secret: options.jwtSecret, timeZone: options.orgTimeZone ?? 'UTC' });
  await app.register(scenarioRoutes, { timeZone: options.orgTimeZone ?? 'UTC' });
  await app.register(notificationsPlugin, {
    mailer: accounts.mailer, publicUrl: accounts.publicUrl, jwtSecret: options.jwtSecret, timeZone: options.orgTimeZone ?? 'UTC', pollMs: options.noticePollMs,
  });
  await app.register(notificationRoutes);
  await app.register(webAppPlugin, { root: options.clientRoot ?? defaultClientRoot, compression, timeZone: options.orgTimeZone ?? 'UTC' });
  return app;
}
