/**
 * Sign-on that provisions, against a real OpenID provider the test starts (`oidc-provider`) issuing a
 * groups claim: with OIDC_AUTO_CREATE on, the first sign-in of an e-mail in OIDC_ALLOWED_DOMAINS
 * makes the account (and links the engineer record with that e-mail); each sign-in applies what the
 * groups say (OIDC_MANAGER_GROUPS, OIDC_AUDITOR_GROUPS, OIDC_ADMIN_GROUPS) as the account's events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages as M } from '../../domain/index.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { exchange, signOnAs } from '../support/oidc-browser.ts';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';

const PUBLIC_URL = 'http://planner.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

let provider: TestOidcProvider;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: CALLBACK });
  t = await startTestApp({
    publicUrl: PUBLIC_URL,
    oidc: {
      issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, name: 'Acme SSO', autoCreate: 'engineer',
      allowedDomains: ['acme.test'],
      groupsClaim: 'groups',
      groups: { managerGroups: ['planners'], auditorGroups: ['finance'], adminGroups: ['it-admins'], teamPrefix: 'team-' },
    },
  });
  admin = await t.login(demo.manager);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

type User = { _id: string; email: string; role: string; admin: boolean };
async function signedOnAs(login: string): Promise<User> {
  const landing = await signOnAs(t, login);
  expect(landing.error, landing.location).toBeUndefined();
  const response = await exchange(t, landing.code!);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { user: User }).user;
}
const accountEvents = async (id: string) =>
  ((await t.request({ method: 'GET', url: `/api/events?streamId=account-${id}`, token: admin })).json().events as { type: string; data: Record<string, unknown>; metadata?: { actorId?: string } }[]);

describe('sign-on with a groups claim', () => {
  it('a first sign-in from an allowed domain makes the account, with the role its groups give, linked to the engineer record', async () => {
    const planned = await t.request({
      method: 'POST', url: '/api/engineers', token: admin,
      body: { name: 'Pat Planned', email: 'pat@acme.test', department: 'Platform', seniority: 'senior', maxCapacity: 80, skills: ['Go'] },
    });
    expect(planned.statusCode, planned.body).toBe(201);
    provider.people.set('pat', { email: 'pat@acme.test', email_verified: true, name: 'Pat', groups: ['staff', 'team-Platform'] });
    const pat = await signedOnAs('pat');
    expect(pat).toMatchObject({ _id: planned.json()._id, email: 'pat@acme.test', role: 'engineer', admin: false });

    // A manager by their groups: their own account, no engineer record made for them.
    provider.people.set('mo', { email: 'mo@acme.test', email_verified: true, name: 'Mo Manager', groups: ['planners'] });
    const mo = await signedOnAs('mo');
    expect(mo).toMatchObject({ email: 'mo@acme.test', role: 'manager', admin: false });
    expect(await t.app.db.selectFrom('engineers').select('id').where('email', '=', 'mo@acme.test').execute()).toEqual([]);
  });

  it('refuses a first sign-in from another domain', async () => {
    provider.people.set('outsider', { email: 'someone@elsewhere.test', email_verified: true, groups: ['planners'] });
    expect((await signOnAs(t, 'outsider')).error).toBe(M.signOnUnknown);
    expect((await t.app.db.selectFrom('users').select('id').where('email', '=', 'someone@elsewhere.test').execute())).toEqual([]);
  });

  it('each sign-in applies the groups as account events: a role and admin granted, then taken back', async () => {
    provider.people.set('pat', { email: 'pat@acme.test', email_verified: true, name: 'Pat', groups: ['planners', 'it-admins'] });
    const promoted = await signedOnAs('pat');
    expect(promoted).toMatchObject({ role: 'manager', admin: true });
    await expect.poll(async () => (await accountEvents(promoted._id)).map((e) => e.type), { timeout: 5_000 })
      .toEqual(['AccountActivated', 'AccountRoleChanged', 'AdminGranted']);
    const changed = (await accountEvents(promoted._id))[1]!;
    expect(changed).toMatchObject({ data: { from: 'engineer', to: 'manager' }, metadata: { actorId: 'sign-on' } });
    // The same groups again change nothing.
    await signedOnAs('pat');
    provider.people.set('pat', { email: 'pat@acme.test', email_verified: true, name: 'Pat', groups: ['finance'] });
    const moved = await signedOnAs('pat');
    expect(moved).toMatchObject({ role: 'auditor', admin: false });
    await expect.poll(async () => (await accountEvents(promoted._id)).map((e) => e.type), { timeout: 5_000 })
      .toEqual(['AccountActivated', 'AccountRoleChanged', 'AdminGranted', 'AccountRoleChanged', 'AdminRevoked']);
    const listed = (await t.request({ method: 'GET', url: '/api/accounts', token: admin })).json() as User[];
    expect(listed.find((a) => a.email === 'pat@acme.test')).toMatchObject({ role: 'auditor', admin: false });
  });
});
