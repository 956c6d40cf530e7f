import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('compresses answers unless COMPRESSION is off', () => {
    expect(loadConfig({}).compression).toBe(true);
    expect(loadConfig({ COMPRESSION: 'on' }).compression).toBe(true);
    expect(loadConfig({ COMPRESSION: 'off' }).compression).toBe(false);
  });

  it('reads HOURS_PER_DAY (8 unless set) and refuses what is not a working day in hours', () => {
    expect(loadConfig({}).hoursPerDay).toBe(8);
    expect(loadConfig({ HOURS_PER_DAY: '7.5' }).hoursPerDay).toBe(7.5);
    for (const value of ['0', '-1', '25', 'eight']) expect(() => loadConfig({ HOURS_PER_DAY: value })).toThrow(/HOURS_PER_DAY: HOURS_PER_DAY must be/);
  });

  it('refuses any other COMPRESSION with a message that names it', () => {
    for (const value of ['yes', 'OFF', '0', '']) {
      expect(() => loadConfig({ COMPRESSION: value })).toThrow(ConfigError);
      expect(() => loadConfig({ COMPRESSION: value })).toThrow(/COMPRESSION: COMPRESSION must be on or off/);
    }
  });

  it('reads the accounts settings: DEMO, PUBLIC_URL, SMTP and single sign-on', () => {
    const c = loadConfig({ PORT: '8080' });
    expect({ demo: c.demo, publicUrl: c.publicUrl, smtp: c.smtp, oidc: c.oidc }).toEqual({ demo: 'auto', publicUrl: 'http://localhost:8080', smtp: undefined, oidc: undefined });
    const full = loadConfig({
      DEMO: 'off', PUBLIC_URL: 'https://plan.example.com/', SMTP_URL: 'smtps://u:p@mail.example.com:465',
      OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'planner', OIDC_CLIENT_SECRET: 's', OIDC_NAME: 'Okta', OIDC_AUTO_CREATE: 'engineer',
    });
    expect(full.publicUrl).toBe('https://plan.example.com');
    expect(full.smtp).toEqual({ url: 'smtps://u:p@mail.example.com:465', from: 'Capacity Planner <no-reply@localhost>' });
    expect(full.oidc).toEqual({
      issuer: 'https://id.example.com', clientId: 'planner', clientSecret: 's', name: 'Okta', autoCreate: 'engineer',
      allowedDomains: [], groupsClaim: 'groups', groups: { managerGroups: [], auditorGroups: [], adminGroups: [] },
    });
    const provisioning = loadConfig({
      OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'planner', OIDC_AUTO_CREATE: 'engineer', OIDC_ALLOWED_DOMAINS: 'Example.com, corp.example.com',
      OIDC_GROUPS_CLAIM: 'roles', OIDC_MANAGER_GROUPS: 'planners,leads', OIDC_AUDITOR_GROUPS: 'audit', OIDC_ADMIN_GROUPS: 'it-admins', OIDC_TEAM_FROM_GROUP_PREFIX: 'team-',
    });
    expect(provisioning.oidc).toMatchObject({
      allowedDomains: ['example.com', 'corp.example.com'], groupsClaim: 'roles',
      groups: { managerGroups: ['planners', 'leads'], auditorGroups: ['audit'], adminGroups: ['it-admins'], teamPrefix: 'team-' },
    });
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'x' }).oidc?.issuer).toBe('http://127.0.0.1:4000');
  });

  it.each([
    [{ DEMO: 'yes' }, /DEMO must be on, off or auto/],
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL must look like/],
    [{ OIDC_ISSUER: 'https://id.example.com' }, /OIDC_CLIENT_ID is required with OIDC_ISSUER/],
    [{ OIDC_ISSUER: 'http://id.example.com', OIDC_CLIENT_ID: 'x' }, /OIDC_ISSUER must be an https address/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL must be an http/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the webhook timings, and refuses a maximum backoff below the base', () => {
    expect(loadConfig({}).webhooks).toEqual({ pollMs: 1_000, baseMs: 5_000, maxMs: 3_600_000, giveUpMs: 86_400_000, timeoutMs: 10_000 });
    expect(loadConfig({ WEBHOOK_POLL_MS: '50', WEBHOOK_BACKOFF_BASE_MS: '20', WEBHOOK_BACKOFF_MAX_MS: '200' }).webhooks).toMatchObject({ pollMs: 50, baseMs: 20, maxMs: 200 });
    expect(() => loadConfig({ WEBHOOK_BACKOFF_BASE_MS: '5000', WEBHOOK_BACKOFF_MAX_MS: '100' })).toThrow(/WEBHOOK_BACKOFF_MAX_MS must not be below/);
    expect(() => loadConfig({ WEBHOOK_POLL_MS: 'soon' })).toThrow(ConfigError);
  });
});
