/**
 * Single sign-on through OpenID Connect against a real provider the test starts
 * (`oidc-provider`, tests/support/oidc-provider.ts): the authorization request (code + PKCE S256,
 * state, nonce), the callback's match of a verified e-mail to an active or invited account, the
 * refusals (unknown, unverified, deactivated, a tampered or foreign sign-on), auto-created engineers,
 * the one-time code's exchange, and a provider that is down when the app starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages as M } from '../../domain/index.ts';
import { activeAccount, invite, tokenOf, versionOf } from '../support/account-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { beginSignOn, cookiePairs, exchange, finishSignOn, loginAtProvider, signOnAs } from '../support/oidc-browser.ts';
import { startSecondInstance } from '../support/live-clients.ts';
import { freePort, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';

const PUBLIC_URL = 'http://planner.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

const settingsOf = (provider: TestOidcProvider, autoCreate: 'off' | 'engineer' = 'off') => ({
  issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, name: 'Acme SSO', autoCreate,
});

type AccountRow = { _id: string; email: string; role: string; admin: boolean; status: string };
const accountsOf = async (t: TestApp, admin: string) => (await t.request({ method: 'GET', url: '/api/accounts', token: admin })).json() as AccountRow[];

/**
 * The account's stream as the history serves it. The log shows an event once every transaction that
 * began before its own has ended (commit-safe reads), so a test polls for it.
 */
const accountEvents = async (t: TestApp, token: string, id: string) =>
  (await t.request({ method: 'GET', url: `/api/events?streamId=account-${id}`, token })).json().events as unknown[];

/** Signs on as `login` and exchanges the code: the sign-in answer. */
async function signedOnAs(t: TestApp, login: string) {
  const landing = await signOnAs(t, login);
  expect(landing.error, landing.location).toBeUndefined();
  expect(landing.code).toEqual(expect.any(String));
  const response = await exchange(t, landing.code!);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { token: string; user: { _id: string; email: string; role: string; admin: boolean } };
}

describe('without single sign-on configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(async () => t?.close());

  it('GET /api/auth/options says there is none', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/options' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signOn: null });
  });

  it.each([
    ['GET', '/api/auth/oidc/start'],
    ['GET', '/api/auth/oidc/callback?code=abc&state=def'],
    ['POST', '/api/auth/oidc/exchange'],
  ] as const)('%s %s answers 404 with a message', async (method, url) => {
    const response = await t.request({ method, url, ...(method === 'POST' ? { body: { code: 'abc' } } : {}) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.stringMatching(/sign-on/i), code: 'NOT_FOUND' });
  });
});

describe('with the organisation\'s OpenID provider', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: CALLBACK });
    t = await startTestApp({ oidc: settingsOf(provider), publicUrl: PUBLIC_URL });
    admin = await t.login(demo.manager);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('GET /api/auth/options names it for the login page\'s button', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/options' });
    expect(response.json()).toEqual({ signOn: { name: 'Acme SSO' } });
  });

  it('start sends the browser to the provider with PKCE (S256), state and nonce, and keeps them in a sealed HttpOnly cookie', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(provider.issuer);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^cp_sign_on=[A-Za-z0-9_-]+; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // Sealed: neither the state nor anything else of the request can be read out of it.
    const sealed = cookiePairs(response.headers['set-cookie']).get('cp_sign_on')!;
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain(query.state);
    expect(response.headers['cache-control']).toBe('no-store');

    const again = await t.request({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(new URL(String(again.headers.location)).searchParams.get('state')).not.toBe(query.state);
  });

  it('exchange refuses a code it never issued (400) and a malformed body (400), with a message', async () => {
    const unknown = await exchange(t, 'no-such-code');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: M.signOnCodeInvalid });
    const empty = await t.request({ method: 'POST', url: '/api/auth/oidc/exchange', body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: expect.any(String), code: 'VALIDATION_FAILED' });
  });

  it('an invited e-mail signs on: the account becomes active (AccountActivated via sign-on) and the invitation link no longer works', async () => {
    const invited = await invite(t, admin, { email: 'Dana.Invited@org.test', name: 'Dana Invited', role: 'auditor' });
    provider.people.set('dana', { email: 'dana.invited@org.test', email_verified: true, name: 'Dana at Acme' });

    const landing = await signOnAs(t, 'dana');
    expect(landing.location).toMatch(new RegExp(`^${PUBLIC_URL}/sign-on#code=[A-Za-z0-9_-]{43}$`));
    expect(cookiePairs(landing.setCookie).get('cp_sign_on')).toBe('');
    const response = await exchange(t, landing.code!);
    expect(response.statusCode, response.body).toBe(200);
    const { token, user } = response.json();
    expect(user).toMatchObject({ _id: invited.id, email: 'dana.invited@org.test', role: 'auditor', admin: false });

    const profile = await t.request({ method: 'GET', url: '/api/auth/profile', token });
    expect(profile.statusCode).toBe(200);
    expect((await accountsOf(t, admin)).find((a) => a._id === invited.id)).toMatchObject({ status: 'active' });
    await expect.poll(() => accountEvents(t, admin, invited.id), { timeout: 5_000 }).toMatchObject([
      { type: 'AccountInvited' },
      { type: 'AccountActivated', data: { via: 'sign-on' }, metadata: { actorId: invited.id } },
    ]);

    const link = await t.request({ method: 'GET', url: `/api/invites/${tokenOf(invited.inviteUrl)}` });
    expect(link.statusCode).toBe(410);
    const accepted = await t.request({ method: 'POST', url: `/api/invites/${tokenOf(invited.inviteUrl)}/accept`, body: { password: 'a long enough passphrase' } });
    expect(accepted.statusCode).toBe(409);
  });

  it('the code works once: a second exchange is 410 with a message', async () => {
    provider.people.set('manager', { email: demo.manager, email_verified: true, name: 'Manager' });
    const landing = await signOnAs(t, 'manager');
    expect((await exchange(t, landing.code!)).statusCode).toBe(200);
    const again = await exchange(t, landing.code!);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ message: M.signOnCodeInvalid, code: 'GONE' });
  });

  it('an active account signs on as itself, its e-mail matched whatever its case', async () => {
    provider.people.set('eng', { email: demo.engineer.toUpperCase(), email_verified: true, name: 'Someone Else' });
    const { token, user } = await signedOnAs(t, 'eng');
    expect(user).toMatchObject({ email: demo.engineer, role: 'engineer' });
    const profile = await t.request({ method: 'GET', url: '/api/auth/profile', token });
    expect(profile.json()).toMatchObject({ email: demo.engineer });
  });

  it('an unknown e-mail is refused with the sentence that says what to do, and no account appears', async () => {
    provider.people.set('stranger', { email: 'stranger@elsewhere.test', email_verified: true, name: 'Stranger' });
    const before = (await accountsOf(t, admin)).length;
    const landing = await signOnAs(t, 'stranger');
    expect(landing.code).toBeUndefined();
    expect(landing.error).toBe(M.signOnUnknown);
    expect(landing.location).toBe(`${PUBLIC_URL}/sign-on#error=${encodeURIComponent(M.signOnUnknown)}`);
    expect((await accountsOf(t, admin)).length).toBe(before);
  });

  it('an e-mail the provider has not verified is refused, even of an active account', async () => {
    provider.people.set('unverified', { email: demo.auditor, email_verified: false, name: 'Auditor' });
    expect((await signOnAs(t, 'unverified')).error).toBe(M.signOnUnverified);
    provider.people.set('no-mail', { name: 'Nobody' });
    expect((await signOnAs(t, 'no-mail')).error).toBe(M.signOnUnverified);
  });

  it('a deactivated account is refused with the deactivated message', async () => {
    const person = await activeAccount(t, admin, 'engineer', 'a long enough passphrase');
    const patched = await t.request({ method: 'PATCH', url: `/api/accounts/${person.id}`, token: admin, body: { active: false, version: await versionOf(t, admin, person.id) } });
    expect(patched.statusCode, patched.body).toBe(200);
    provider.people.set('gone', { email: person.email, email_verified: true });
    expect((await signOnAs(t, 'gone')).error).toBe(M.deactivated);
  });

  it('a code whose account was deactivated before the exchange gives no session (403)', async () => {
    const person = await activeAccount(t, admin, 'auditor', 'a long enough passphrase');
    provider.people.set('leaving', { email: person.email, email_verified: true });
    const landing = await signOnAs(t, 'leaving');
    await t.request({ method: 'PATCH', url: `/api/accounts/${person.id}`, token: admin, body: { active: false, version: await versionOf(t, admin, person.id) } });
    const response = await exchange(t, landing.code!);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: M.deactivated });
  });

  it('a sign-on begun on one server instance finishes on another sharing the database, and the code is good on either', async () => {
    const second = await startSecondInstance(t.databaseUrl, { oidc: settingsOf(provider), publicUrl: PUBLIC_URL });
    try {
      provider.people.set('manager', { email: demo.manager, email_verified: true });
      const begun = await beginSignOn(t);
      const callbackUrl = await loginAtProvider(begun.authorizationUrl.href, 'manager');
      const callback = await second.inject({ method: 'GET', url: callbackUrl.pathname + callbackUrl.search, headers: { cookie: begun.cookie } });
      const code = new URLSearchParams(new URL(String(callback.headers.location)).hash.slice(1)).get('code');
      expect(code, String(callback.headers.location)).toEqual(expect.any(String));
      expect((await exchange(t, code!)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  describe('a callback that is not the end of this browser\'s own sign-on fails', () => {
    it('without the cookie start set (another browser, or expired)', async () => {
      provider.people.set('manager', { email: demo.manager, email_verified: true });
      const begun = await beginSignOn(t);
      const callbackUrl = await loginAtProvider(begun.authorizationUrl.href, 'manager');
      expect((await finishSignOn(t, callbackUrl, undefined)).error).toBe(M.signOnFailed);
      // The browser that began it still can (nothing was spent), but only once: the provider's code is used up.
      expect((await finishSignOn(t, callbackUrl, begun.cookie)).code).toEqual(expect.any(String));
      expect((await finishSignOn(t, callbackUrl, begun.cookie)).error).toBe(M.signOnFailed);
    });

    it('with another sign-on\'s cookie (the state does not match)', async () => {
      const mine = await beginSignOn(t);
      const theirs = await beginSignOn(t);
      const callbackUrl = await loginAtProvider(theirs.authorizationUrl.href, 'manager');
      expect((await finishSignOn(t, callbackUrl, mine.cookie)).error).toBe(M.signOnFailed);
    });

    it('with a forged cookie, or a state changed on the way', async () => {
      const begun = await beginSignOn(t);
      const callbackUrl = await loginAtProvider(begun.authorizationUrl.href, 'manager');
      expect((await finishSignOn(t, callbackUrl, 'cp_sign_on=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).error).toBe(M.signOnFailed);
      const changed = new URL(callbackUrl);
      changed.searchParams.set('state', 'someone-elses-state');
      expect((await finishSignOn(t, changed, begun.cookie)).error).toBe(M.signOnFailed);
    });

    it('when the provider answers with an error (the person cancelled)', async () => {
      const begun = await beginSignOn(t);
      const state = begun.authorizationUrl.searchParams.get('state')!;
      const landing = await finishSignOn(t, new URL(`${CALLBACK}?error=access_denied&state=${state}`), begun.cookie);
      expect(landing.error).toBe(M.signOnFailed);
    });
  });
});

describe('OIDC_AUTO_CREATE=engineer, with a provider that keeps email and name at its userinfo endpoint', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: CALLBACK, claimsInIdToken: false });
    t = await startTestApp({ oidc: settingsOf(provider, 'engineer'), publicUrl: PUBLIC_URL });
    admin = await t.login(demo.manager);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('an unknown e-mail becomes an active engineer\'s account with a planning record of its own', async () => {
    provider.people.set('newcomer', { email: 'newcomer@org.test', email_verified: true, name: 'New Comer' });
    const { user, token } = await signedOnAs(t, 'newcomer');
    expect(user).toMatchObject({ email: 'newcomer@org.test', name: 'New Comer', role: 'engineer', admin: false });
    expect((await accountsOf(t, admin)).find((a) => a.email === 'newcomer@org.test')).toMatchObject({ _id: user._id, status: 'active', role: 'engineer' });
    const record = await t.request({ method: 'GET', url: `/api/engineers/${user._id}`, token });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({ email: 'newcomer@org.test', name: 'New Comer' });
    await expect.poll(() => accountEvents(t, admin, user._id), { timeout: 5_000 }).toMatchObject([{ type: 'AccountActivated', data: { via: 'sign-on' } }]);
  });

  it('an unknown e-mail of an engineer already planned becomes that record\'s account', async () => {
    const created = await t.request({
      method: 'POST', url: '/api/engineers', token: admin,
      body: { name: 'Planned Person', email: 'planned@org.test', department: 'Platform', seniority: 'senior', maxCapacity: 80, skills: ['Go'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const engineerId = created.json()._id as string;
    provider.people.set('planned', { email: 'planned@org.test', email_verified: true, name: 'Called Otherwise' });
    const { user } = await signedOnAs(t, 'planned');
    expect(user).toMatchObject({ _id: engineerId, email: 'planned@org.test', role: 'engineer', department: 'Platform', maxCapacity: 80 });
    const engineers = await t.app.db.selectFrom('engineers').select('id').where('email', '=', 'planned@org.test').execute();
    expect(engineers).toHaveLength(1);
  });

  it('the next sign-on of an auto-created account signs in to it, not a second one', async () => {
    const first = await signedOnAs(t, 'newcomer');
    const second = await signedOnAs(t, 'newcomer');
    expect(second.user._id).toBe(first.user._id);
  });

  it('still refuses an unverified e-mail', async () => {
    provider.people.set('unsure', { email: 'unsure@org.test', email_verified: false });
    expect((await signOnAs(t, 'unsure')).error).toBe(M.signOnUnverified);
    expect((await accountsOf(t, admin)).some((a) => a.email === 'unsure@org.test')).toBe(false);
  });
});

describe('a provider that is down when the app starts', () => {
  let provider: TestOidcProvider | undefined;
  let t: TestApp;

  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('stops nothing: sign-on fails with a message until the provider answers, then works without a restart', async () => {
    const port = await freePort();
    t = await startTestApp({
      oidc: { issuer: `http://127.0.0.1:${port}`, clientId: 'capacity-planner', clientSecret: 'unused', name: 'Acme SSO', autoCreate: 'off' },
      publicUrl: PUBLIC_URL,
    });
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const down = await t.request({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(down.statusCode).toBe(302);
    expect(down.headers.location).toBe(`${PUBLIC_URL}/sign-on#error=${encodeURIComponent(M.signOnFailed)}`);
    expect(down.headers['set-cookie']).toBeUndefined();

    provider = await startOidcProvider({ redirectUri: CALLBACK, port });
    // The failed discovery is tried again on the next sign-on: the same app now finds the provider.
    const up = await t.request({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(up.statusCode).toBe(302);
    expect(new URL(String(up.headers.location)).origin).toBe(provider.issuer);
  });
});
