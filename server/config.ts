import type { GroupsPolicy } from '../domain/index.ts';
import { z } from 'zod';
import { isValidTimeZone } from '../domain/index.ts';

const durationPattern = /^\d+\s*(ms|s|m|h|d)?$/;

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z.string().regex(durationPattern, 'JWT_EXPIRES_IN must look like 12h, 30m or 3600').default('12h'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // 'json' lines or 'pretty' readable ones; unset: readable at a terminal, JSON when stdout is a file or a pipe.
  LOG_FORMAT: z.enum(['json', 'pretty'], 'LOG_FORMAT must be json or pretty').optional(),
  CORS_ORIGIN: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  // Behind a reverse proxy: 'true' (trust any) or the proxies' addresses/CIDRs ('10.0.0.0/8,127.0.0.1').
  TRUST_PROXY: z.string().trim().min(1).optional(),
  // The organisation's calendar: capacity is counted in its days (an IANA zone name).
  ORG_TIME_ZONE: z.string().refine(isValidTimeZone, 'ORG_TIME_ZONE must be an IANA time zone such as Europe/Berlin').default('UTC'),
  // Hours in a full working day: planned hours of actuals are booked day-percent x HOURS_PER_DAY / 100.
  HOURS_PER_DAY: z.coerce.number({ error: 'HOURS_PER_DAY must be a number of hours such as 8 or 7.5' })
    .gt(0, 'HOURS_PER_DAY must be more than 0 and at most 24').max(24, 'HOURS_PER_DAY must be more than 0 and at most 24').default(8),
  // The plan as of a moment folds from the nearest snapshot taken every this many events (0: no snapshots).
  HISTORY_SNAPSHOT_EVERY: z.coerce.number().int('HISTORY_SNAPSHOT_EVERY must be a whole number of events').min(0).default(10_000),
  // 'off' behind a proxy that compresses answers itself.
  COMPRESSION: z.enum(['on', 'off'], 'COMPRESSION must be on or off').default('on'),
  // The address people open (links in e-mails and the sign-on redirect use it); default http://localhost:PORT.
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) address such as https://plan.example.com' }).optional(),
  // The demo and its published password: 'auto' seeds it only while listening on a loopback address.
  DEMO: z.enum(['auto', 'on', 'off'], 'DEMO must be on, off or auto').default('auto'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://...' }).optional(),
  SMTP_FROM: z.string().min(3).default('Capacity Planner <no-reply@localhost>'),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'OIDC_ISSUER must be the identity provider\'s https address' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).default('single sign-on'),
  // Outbound webhooks: how often due endpoints are looked for, the first retry's wait (doubling up to
  // the maximum), how long an endpoint may fail before it is paused, and one POST's limit.
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10, 'WEBHOOK_POLL_MS must be at least 10').max(3_600_000).default(1_000),
  WEBHOOK_BACKOFF_BASE_MS: z.coerce.number().int().min(1, 'WEBHOOK_BACKOFF_BASE_MS must be at least 1').default(5_000),
  WEBHOOK_BACKOFF_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  WEBHOOK_GIVE_UP_MS: z.coerce.number().int().min(1).default(24 * 3_600_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100, 'WEBHOOK_TIMEOUT_MS must be at least 100').max(300_000).default(10_000),
  // 'on' is 'engineer': a first sign-in makes an account, an engineer unless the groups say otherwise.
  OIDC_AUTO_CREATE: z.enum(['off', 'engineer', 'on'], 'OIDC_AUTO_CREATE must be off, on or engineer').default('off').transform((v) => (v === 'on' ? 'engineer' : v)),
  // Comma-separated e-mail domains whose first sign-in may make an account (empty: any verified e-mail).
  OIDC_ALLOWED_DOMAINS: z.string().default(''),
  OIDC_GROUPS_CLAIM: z.string().min(1).max(100).default('groups'),
  OIDC_MANAGER_GROUPS: z.string().default(''),
  OIDC_AUDITOR_GROUPS: z.string().default(''),
  OIDC_ADMIN_GROUPS: z.string().default(''),
  OIDC_TEAM_FROM_GROUP_PREFIX: z.string().max(100).default(''),
})
  .refine((c) => c.WEBHOOK_BACKOFF_MAX_MS >= c.WEBHOOK_BACKOFF_BASE_MS, { path: ['WEBHOOK_BACKOFF_MAX_MS'], message: 'WEBHOOK_BACKOFF_MAX_MS must not be below WEBHOOK_BACKOFF_BASE_MS' })
  .refine((c) => !c.OIDC_ISSUER || c.OIDC_CLIENT_ID, { path: ['OIDC_CLIENT_ID'], message: 'OIDC_CLIENT_ID is required with OIDC_ISSUER' })
  // Plain http would hand the provider's answers to anyone on the way; only a provider on this machine may use it.
  .refine((c) => !c.OIDC_ISSUER || c.OIDC_ISSUER.startsWith('https:') || /^http:\/\/(localhost|127(\.\d+){3}|\[::1\])(:\d+)?(\/|$)/.test(c.OIDC_ISSUER), {
    path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER must be an https address (plain http only for a provider on this machine)',
  });

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  jwtExpiresIn: string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  /** Unset: chosen by whether stdout is a terminal (server/runtime/log-format.ts). */
  logFormat?: 'json' | 'pretty';
  corsOrigin?: string;
  loginRateLimit: number;
  trustProxy: boolean | string;
  orgTimeZone: string;
  hoursPerDay: number;
  historySnapshotEvery: number;
  compression: boolean;
  publicUrl: string;
  demo: 'auto' | 'on' | 'off';
  smtp?: { url: string; from: string };
  oidc?: OidcSettings;
  webhooks: WebhookTimings;
};

export type WebhookTimings = { pollMs: number; baseMs: number; maxMs: number; giveUpMs: number; timeoutMs: number };

export type OidcSettings = {
  issuer: string; clientId: string; clientSecret?: string; name: string; autoCreate: 'off' | 'engineer';
  /** The e-mail domains a first sign-in may make an account for (none: any). */
  allowedDomains?: readonly string[];
  /** The claim that lists the person's groups, and what they map to (none: groups change nothing). */
  groupsClaim?: string;
  groups?: GroupsPolicy;
};

const listOf = (text: string) => text.split(',').map((item) => item.trim()).filter(Boolean);

export class ConfigError extends Error {}

/** Read once at start-up; a bad value stops the process with the list of what is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    jwtSecret: c.JWT_SECRET,
    jwtExpiresIn: c.JWT_EXPIRES_IN,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    corsOrigin: c.CORS_ORIGIN,
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    orgTimeZone: c.ORG_TIME_ZONE,
    hoursPerDay: c.HOURS_PER_DAY,
    historySnapshotEvery: c.HISTORY_SNAPSHOT_EVERY,
    compression: c.COMPRESSION === 'on',
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    demo: c.DEMO,
    smtp: c.SMTP_URL ? { url: c.SMTP_URL, from: c.SMTP_FROM } : undefined,
    oidc: c.OIDC_ISSUER && c.OIDC_CLIENT_ID
      ? {
        issuer: c.OIDC_ISSUER, clientId: c.OIDC_CLIENT_ID, clientSecret: c.OIDC_CLIENT_SECRET, name: c.OIDC_NAME, autoCreate: c.OIDC_AUTO_CREATE,
        allowedDomains: listOf(c.OIDC_ALLOWED_DOMAINS.toLowerCase()),
        groupsClaim: c.OIDC_GROUPS_CLAIM,
        groups: {
          managerGroups: listOf(c.OIDC_MANAGER_GROUPS), auditorGroups: listOf(c.OIDC_AUDITOR_GROUPS), adminGroups: listOf(c.OIDC_ADMIN_GROUPS),
          ...(c.OIDC_TEAM_FROM_GROUP_PREFIX ? { teamPrefix: c.OIDC_TEAM_FROM_GROUP_PREFIX } : {}),
        },
      }
      : undefined,
    webhooks: {
      pollMs: c.WEBHOOK_POLL_MS, baseMs: c.WEBHOOK_BACKOFF_BASE_MS, maxMs: c.WEBHOOK_BACKOFF_MAX_MS,
      giveUpMs: c.WEBHOOK_GIVE_UP_MS, timeoutMs: c.WEBHOOK_TIMEOUT_MS,
    },
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
