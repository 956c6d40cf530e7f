/**
 * Single sign-on in Chromium against a real OpenID provider the test starts (`oidc-provider`, its
 * development login form): an invited person clicks "Sign in with <OIDC_NAME>" on the login page,
 * logs in at the provider and lands signed in on their home; an unknown e-mail comes back to the
 * /sign-on page with the sentence that says what to do. No token is ever in the address bar.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages as M } from '../../domain/index.ts';
import { httpApi } from '../support/api-client.ts';
import { launchBrowser } from '../support/browser.ts';
import { type E2EServer, startE2EServer } from '../support/e2e-server.ts';
import { freePort, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { collectPageErrors, MANAGER, newContext } from '../support/screens.ts';

const OIDC_NAME = 'Acme SSO';

let provider: TestOidcProvider;
let server: E2EServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/api/auth/oidc/callback` });
  server = await startE2EServer({
    port,
    oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, name: OIDC_NAME, autoCreate: 'off' },
  });
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await provider?.close();
});

/** A fresh browser (no provider session, no app session) on the login page. */
async function loginPage(): Promise<{ page: Page; errors: string[]; addresses: string[] }> {
  context = await newContext(browser);
  // The provider's development form imports a web font; nothing here may wait on the internet.
  await context.route(/fonts\.googleapis\.com/, (route) => route.abort());
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  await page.goto(`${server.baseUrl}/`);
  await page.getByText('Manage Your Resources Efficiently').waitFor();
  return { page, errors, addresses };
}

/** Clicks the login page's sign-on button and logs in at the provider's form as `login`. */
async function signOnAt(page: Page, login: string): Promise<void> {
  const button = page.getByRole('button', { name: `Sign in with ${OIDC_NAME}` }).or(page.getByRole('link', { name: `Sign in with ${OIDC_NAME}` }));
  await button.click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('whatever the provider asks');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

describe('single sign-on in the browser', () => {
  it('an invited engineer signs on through the provider and lands signed in on their home', async () => {
    const api = httpApi(server.baseUrl);
    const admin = await api.login(MANAGER.email);
    const invited = await api.request({ method: 'POST', url: '/api/accounts/invites', token: admin, body: { email: 'jo.invited@org.test', name: 'Jo Invited', role: 'engineer' } });
    expect(invited.statusCode, invited.body).toBe(201);
    provider.people.set('jo', { email: 'jo.invited@org.test', email_verified: true, name: 'Jo at Acme' });

    const { page, errors, addresses } = await loginPage();
    await signOnAt(page, 'jo');
    await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname === '/engineer-dashboard');
    await expect.poll(() => page.getByText('Jo Invited').first().isVisible()).toBe(true);
    // Signed in for real: the page's own API calls carry a token the server accepts.
    const profile = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('userToken') ?? '""') as string;
      const response = await fetch('/api/auth/profile', { headers: { authorization: token } });
      return { status: response.status, email: ((await response.json()) as { email?: string }).email };
    });
    expect(profile).toEqual({ status: 200, email: 'jo.invited@org.test' });

    const accounts = (await api.request({ method: 'GET', url: '/api/accounts', token: admin })).json() as { email: string; status: string }[];
    expect(accounts.find((a) => a.email === 'jo.invited@org.test')).toMatchObject({ status: 'active' });
    // The only secret that ever rode in an address is the one-time code, in a fragment, gone from the bar.
    for (const address of addresses) expect(address).not.toMatch(/token=|eyJ[A-Za-z0-9_-]{10,}\./);
    expect(page.url()).not.toContain('#code=');
    expect(errors).toEqual([]);
  });

  it('an unknown e-mail is refused on the /sign-on page with the sentence that says what to do', async () => {
    provider.people.set('stranger', { email: 'stranger@elsewhere.test', email_verified: true, name: 'Stranger' });
    const { page, errors } = await loginPage();
    await signOnAt(page, 'stranger');
    await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname === '/sign-on');
    await page.getByText(M.signOnUnknown).waitFor();
    expect(await page.getByText(M.signOnUnknown).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
