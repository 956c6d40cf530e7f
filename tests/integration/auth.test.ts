/**
 * Login, profile and the token rules: the raw token (as the web app sends it) or
 * `Bearer <token>`; 401 without a token, with a forged or expired one; login rate-limited (429).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  credentialKeys, decodeJwt, signHs256, tamperSignature, TEST_JWT_SECRET, validProjectPayload,
} from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let managerToken: string;
let engineerToken: string;
let samId: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestApp();
  managerToken = await t.login(demo.manager);
  engineerToken = await t.login(demo.engineer);
  samId = decodeJwt(engineerToken).sub as string;
  const projects = (await t.request({ method: 'GET', url: '/api/projects', token: managerToken })).json() as { _id: string }[];
  projectId = projects[0]!._id;
});

afterAll(async () => {
  await t?.close();
});

const login = (body: unknown) => t.request({ method: 'POST', url: '/api/auth/login', body });
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('POST /api/auth/login', () => {
  it('returns {token, user} for a manager, and the user carries no credential', async () => {
    const response = await login({ email: demo.manager, password: 'demo1234' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toEqual({
      _id: expect.any(String),
      name: 'Dana Whitfield',
      email: 'manager@demo.test',
      role: 'manager',
      department: 'Engineering Management',
      admin: true,
      scope: 'all',
    });
    expect(credentialKeys(body)).toEqual([]);
    expect(response.body).not.toMatch(/scrypt|\$2[aby]\$/i);
  });

  it('returns the planning fields for an engineer', async () => {
    const response = await login({ email: demo.engineer, password: 'demo1234' });
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toEqual({
      _id: samId,
      name: 'Sam Rivera',
      email: 'engineer@demo.test',
      role: 'engineer',
      department: 'Product Engineering',
      admin: false,
      seniority: 'senior',
      maxCapacity: 100,
      skills: ['React', 'TypeScript', 'Node.js', 'GraphQL'],
    });
    expect(credentialKeys(response.json())).toEqual([]);
  });

  it.each([
    ['manager2', demo.manager2, 'manager'],
    ['auditor', demo.auditor, 'auditor'],
  ])('signs in the %s with role %s', async (_name, email, role) => {
    const response = await login({ email, password: 'demo1234' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe(role);
    expect(credentialKeys(response.json())).toEqual([]);
  });

  it('issues a token whose claims name the user and role and expire after the configured hour', async () => {
    const { token, user } = (await login({ email: demo.auditor, password: 'demo1234' })).json();
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(user._id);
    expect(claims.role).toBe('auditor');
    expect(credentialKeys(claims)).toEqual([]);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('ignores the case of the email and surrounding spaces', async () => {
    const response = await login({ email: '  Manager@Demo.TEST ', password: 'demo1234' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe('manager@demo.test');
  });

  it.each([
    ['a wrong password', { email: demo.manager, password: 'demo12345' }],
    ['a password in the wrong case', { email: demo.manager, password: 'DEMO1234' }],
    ['an unknown email', { email: 'nobody@demo.test', password: 'demo1234' }],
  ])('answers 401 "Invalid email or password" for %s, with no token', async (_case, body) => {
    const response = await login(body);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password', code: expect.any(String) });
  });

  it.each([
    ['no email', { password: 'demo1234' }, 'Email is required'],
    ['no password', { email: demo.manager }, 'Password is required'],
    ['an empty password', { email: demo.manager, password: '' }, 'Password is required'],
    ['a NUL character in the email', { email: 'manager@demo.test\u0000', password: 'demo1234' }, 'Text must not contain the NUL character'],
  ])('answers 400 for %s', async (_case, body, message) => {
    const response = await login(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/auth/profile', () => {
  it.each([
    ['the raw token (as the spec client sends it)', (token: string) => token],
    ['Bearer <token>', (token: string) => `Bearer ${token}`],
    ['bearer <token> in lower case', (token: string) => `bearer ${token}`],
    ['the token still JSON-quoted as stored in localStorage', (token: string) => JSON.stringify(token)],
  ])('accepts %s', async (_case, header) => {
    const response = await t.request({ method: 'GET', url: '/api/auth/profile', headers: { authorization: header(engineerToken) } });
    expect(response.statusCode).toBe(200);
    expect(response.json()._id).toBe(samId);
  });

  it.each([demo.manager, demo.manager2, demo.engineer, demo.auditor])('serves the same user as login for %s, never a password hash', async (email) => {
    const { token, user } = (await login({ email, password: 'demo1234' })).json();
    const response = await t.request({ method: 'GET', url: '/api/auth/profile', token });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toEqual(user);
    expect(credentialKeys(profile)).toEqual([]);
    expect(response.body).not.toMatch(/scrypt/i);
  });

  it('answers 401 for a correctly signed token of an account that does not exist', async () => {
    const token = signHs256({ sub: randomUUID(), role: 'manager', name: 'Ghost', iat: nowSeconds(), exp: nowSeconds() + 600 }, TEST_JWT_SECRET);
    const response = await t.request({ method: 'GET', url: '/api/auth/profile', token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });
  });
});

describe('401 on every protected endpoint', () => {
  const endpoints: { name: string; method: 'GET' | 'POST'; url: () => string; body?: () => unknown }[] = [
    { name: 'GET /api/auth/profile', method: 'GET', url: () => '/api/auth/profile' },
    { name: 'GET /api/engineers', method: 'GET', url: () => '/api/engineers' },
    { name: 'GET /api/engineers/:id', method: 'GET', url: () => `/api/engineers/${samId}` },
    { name: 'GET /api/engineers/:id/capacity', method: 'GET', url: () => `/api/engineers/${samId}/capacity` },
    { name: 'GET /api/projects', method: 'GET', url: () => '/api/projects' },
    { name: 'GET /api/projects/:id', method: 'GET', url: () => `/api/projects/${projectId}` },
    { name: 'POST /api/projects', method: 'POST', url: () => '/api/projects', body: () => validProjectPayload() },
    { name: 'GET /api/assignments', method: 'GET', url: () => '/api/assignments' },
    { name: 'GET /api/events', method: 'GET', url: () => '/api/events' },
  ];

  // Each bad credential is built from a manager's claims, so a wrongly accepted one would even pass the role checks.
  const managerClaims = () => {
    const { sub, role, name, sid } = decodeJwt(managerToken);
    return { sub, role, name, sid };
  };
  const badCredentials: { name: string; header: () => string | undefined }[] = [
    { name: 'no Authorization header', header: () => undefined },
    { name: 'an empty Authorization header', header: () => '' },
    { name: '"Bearer" alone', header: () => 'Bearer ' },
    { name: 'a string that is no JWT', header: () => 'not-a-token' },
    { name: 'a valid token with an altered signature', header: () => tamperSignature(managerToken) },
    { name: 'a Bearer token with an altered signature', header: () => `Bearer ${tamperSignature(managerToken)}` },
    {
      name: 'a token signed with another secret',
      header: () => signHs256({ ...managerClaims(), iat: nowSeconds(), exp: nowSeconds() + 3600 }, 'another-secret-that-is-long-enough-for-hs256'),
    },
    {
      name: 'an expired token (right secret, exp in the past)',
      header: () => signHs256({ ...managerClaims(), iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }, TEST_JWT_SECRET),
    },
    {
      name: 'an unsigned token (alg none)',
      header: () => {
        const token = signHs256({ ...managerClaims(), iat: nowSeconds(), exp: nowSeconds() + 3600 }, 'x', { alg: 'none', typ: 'JWT' });
        return `${token.split('.').slice(0, 2).join('.')}.`;
      },
    },
    {
      name: 'a token with its claims altered (role) but the old signature',
      header: () => {
        const engineerParts = engineerToken.split('.');
        const claims = { ...decodeJwt(engineerToken), role: 'manager' };
        return `${engineerParts[0]}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${engineerParts[2]}`;
      },
    },
  ];

  const rows = endpoints.flatMap((endpoint) => badCredentials.map((credential) => ({ endpoint, credential })));

  it.each(rows.map((row) => [row.endpoint.name, row.credential.name, row] as const))('%s with %s -> 401', async (_e, _c, { endpoint, credential }) => {
    const header = credential.header();
    const response = await t.request({
      method: endpoint.method,
      url: endpoint.url(),
      body: endpoint.body?.(),
      headers: header === undefined ? {} : { authorization: header },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
  });

  it('control: a token built the same way with the right secret and a future exp is accepted', async () => {
    // Proves the forged/expired tokens above fail for the reason they claim, not because they are malformed.
    const token = signHs256({ ...managerClaims(), iat: nowSeconds(), exp: nowSeconds() + 3600 }, TEST_JWT_SECRET);
    for (const endpoint of endpoints.filter((e) => e.method === 'GET')) {
      const response = await t.request({ method: 'GET', url: endpoint.url(), token });
      expect(response.statusCode, endpoint.name).toBe(200);
    }
  });

  it('rejected writes created nothing', async () => {
    const projects = (await t.request({ method: 'GET', url: '/api/projects', token: managerToken })).json() as unknown[];
    expect(projects).toHaveLength(6);
  });
});

describe('login rate limit', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await startTestApp({ loginRateLimit: 3 });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 {message} after the configured number of attempts, even for the right password', async () => {
    const attempt = (password: string) =>
      limited.request({ method: 'POST', url: '/api/auth/login', body: { email: demo.manager, password } });

    expect((await attempt('wrong-1')).statusCode).toBe(401);
    expect((await attempt('wrong-2')).statusCode).toBe(401);
    const third = await attempt('demo1234');
    expect(third.statusCode).toBe(200);
    expect(third.headers['x-ratelimit-limit']).toBe('3');

    for (const password of ['wrong-3', 'demo1234']) {
      const response = await attempt(password);
      expect(response.statusCode).toBe(429);
      const body = response.json();
      expect(body).toEqual({ message: expect.stringMatching(/\S/), code: expect.any(String) });
      expect(body).not.toHaveProperty('token');
      expect(response.headers['retry-after']).toBeDefined();
    }
  });

  it('counts a client that rotates X-Forwarded-For as one client: the header cannot reset the limit', async () => {
    const fresh = await startTestApp({ loginRateLimit: 3, seed: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await fresh.request({
          method: 'POST',
          url: '/api/auth/login',
          body: { email: demo.manager, password: 'guess' },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await fresh.close();
    }
  });

  it('limits the checks of reset and setup links the same way: a client cannot try tokens by the thousand', async () => {
    for (const url of ['/api/auth/reset/check', '/api/setup/check']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.request({ method: 'POST', url, body: { token: `guess-${i}` } })).statusCode);
      expect(statuses.slice(0, 3).every((status) => status !== 429), `${url}: ${statuses}`).toBe(true);
      expect(statuses[3], url).toBe(429);
    }
  });

  it('limits only login: other endpoints still answer', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await limited.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
  });
});
