/**
 * Input an attacker would send: text holding a lone UTF-16 surrogate, dates outside years 1-9999 or
 * that do not exist, loosely written dates, script URLs as avatars. Each is a 400 naming the field,
 * with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validAssignmentPayload, validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { dbEventCount } from '../support/history-helpers.ts';
import { expectValidation, signInAll, type Who } from '../support/planning-helpers.ts';

type Method = 'POST' | 'PUT' | 'PATCH';

let t: TestApp;
let tokens: Record<Who, string>;
let actorIds: Record<Who, string>;
let projectId: string;
let assignment: { _id: string; version: number };
let engineer: { _id: string; version: number };
let project: { _id: string; version: number };

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens, actorIds } = await signInAll(t));
  const projects = (await t.request({ method: 'GET', url: '/api/projects', token: tokens.manager })).json() as { _id: string; status: string; version: number }[];
  project = projects.find((p) => p.status !== 'completed')!;
  projectId = project._id;
  assignment = (await t.request({ method: 'GET', url: '/api/assignments', token: tokens.manager })).json()[0];
  engineer = { _id: actorIds.engineer, version: (await t.request({ method: 'GET', url: `/api/engineers/${actorIds.engineer}`, token: tokens.manager })).json().version };
});

afterAll(async () => {
  await t?.close();
});

const send = (method: Method, url: string, body: unknown, token = tokens.manager) =>
  t.request({ method, url, token, body, headers: method === 'POST' ? {} : { 'if-match': '"999"' } });

/** Sends it, expects a 400 with this message at this path, and no event appended. */
async function refused(method: Method, url: string, body: unknown, message: string, path: string, token?: string) {
  const before = await dbEventCount(t);
  expectValidation(await send(method, url, body, token), message, path);
  expect(await dbEventCount(t)).toBe(before);
}

const LONE = ['a\ud800b', '\udfff', 'end\ud83d'];

describe('a lone UTF-16 surrogate in any text: 400 naming the field, nothing written', () => {
  type Case = [string, Method, () => string, (bad: string) => unknown, string, string];
  const cases: Case[] = [
    ['project name', 'POST', () => '/api/projects', (bad) => validProjectPayload({ name: bad }), 'name', 'Project name contains an invalid character'],
    ['project description', 'POST', () => '/api/projects', (bad) => validProjectPayload({ description: `${bad} long enough` }), 'description', 'Description contains an invalid character'],
    ['a required skill', 'POST', () => '/api/projects', (bad) => validProjectPayload({ requiredSkills: ['Go', bad] }), 'requiredSkills.1', 'Skill contains an invalid character'],
    ['managerId', 'POST', () => '/api/projects', (bad) => validProjectPayload({ managerId: bad }), 'managerId', 'Manager contains an invalid character'],
    ['project name (edit)', 'PATCH', () => `/api/projects/${projectId}`, (bad) => ({ name: bad }), 'name', 'Project name contains an invalid character'],
    ['required skills (edit)', 'PATCH', () => `/api/projects/${projectId}`, (bad) => ({ requiredSkills: [bad] }), 'requiredSkills.0', 'Skill contains an invalid character'],
    ['assignment role', 'POST', () => '/api/assignments', (bad) => validAssignmentPayload(actorIds.engineer, projectId, { role: bad }), 'role', 'Role contains an invalid character'],
    ['assignment engineerId', 'POST', () => '/api/assignments', (bad) => validAssignmentPayload(bad, projectId), 'engineerId', 'Engineer contains an invalid character'],
    ['assignment projectId', 'POST', () => '/api/assignments', (bad) => validAssignmentPayload(actorIds.engineer, bad), 'projectId', 'Project contains an invalid character'],
    ['assignment role (replace)', 'PUT', () => `/api/assignments/${assignment._id}`, (bad) => ({ role: bad, allocationPercentage: 10, startDate: '2026-01-01', endDate: '2026-02-01' }), 'role', 'Role contains an invalid character'],
    ['assignment role (edit)', 'PATCH', () => `/api/assignments/${assignment._id}`, (bad) => ({ role: bad }), 'role', 'Role contains an invalid character'],
    ['engineer name', 'POST', () => '/api/engineers', (bad) => validEngineerPayload({ name: bad }), 'name', 'Name contains an invalid character'],
    ['engineer department', 'POST', () => '/api/engineers', (bad) => validEngineerPayload({ department: bad }), 'department', 'Department contains an invalid character'],
    ['engineer skill', 'POST', () => '/api/engineers', (bad) => validEngineerPayload({ skills: [bad] }), 'skills.0', 'Skill contains an invalid character'],
    ['engineer password', 'POST', () => '/api/engineers', (bad) => validEngineerPayload({ password: `${bad}-long-enough` }), 'password', 'Password contains an invalid character'],
    ['engineer avatar', 'POST', () => '/api/engineers', (bad) => validEngineerPayload({ avatar: `https://example.com/${bad}.png` }), 'avatar', 'Avatar contains an invalid character'],
    ['engineer name (edit)', 'PATCH', () => `/api/engineers/${engineer._id}`, (bad) => ({ name: bad }), 'name', 'Name contains an invalid character'],
    ['engineer skills (edit)', 'PATCH', () => `/api/engineers/${engineer._id}`, (bad) => ({ skills: ['Go', bad] }), 'skills.1', 'Skill contains an invalid character'],
    ['login email', 'POST', () => '/api/auth/login', (bad) => ({ email: `${bad}@demo.test`, password: 'demo1234' }), 'email', 'Email contains an invalid character'],
    ['login password', 'POST', () => '/api/auth/login', (bad) => ({ email: 'manager@demo.test', password: bad }), 'password', 'Password contains an invalid character'],
  ];

  it.each(cases)('%s', async (_name, method, url, body, path, message) => {
    for (const bad of LONE) await refused(method, url(), body(bad), message, path);
  });

  it('an engineer editing their own skills is refused the same way', async () => {
    await refused('PATCH', `/api/engineers/${actorIds.engineer}`, { skills: ['\ud800'] }, 'Skill contains an invalid character', 'skills.0', tokens.engineer);
  });

  it('a well-formed pair (an emoji) is still accepted', async () => {
    const response = await send('POST', '/api/projects', validProjectPayload({ name: 'Launch \ud83d\ude80', requiredSkills: ['\u00e9t\u00e9'] }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Launch 🚀', requiredSkills: ['été'] });
  });
});

describe('dates in bodies: only ISO 8601 dates of years 1 to 9999 that exist', () => {
  const outOfRange = [
    '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00Z', '+010000-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z', '9999-12-31T23:00:00-05:00', '0001-01-01T00:30:00+01:00',
  ];
  const lax = [
    'x 1', '2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-5', '2026-01-01 10:00:00',
    '2026-01-01T24:00:00Z', '2026-01-01T10:60:00Z', '2026-01-01T10:00:61Z', 'Tue, 06 Jan 2026 10:00:00 GMT', '1/6/2026', '2026',
    '2026-01', '20260106', ' 2026-01-06', '2026-01-06T10:00:00+25:00', '2026-01-06T10:00:00.Z', '1767693600000',
  ];

  type Target = [string, Method, () => string, (field: string, value: string) => unknown];
  const targets: Target[] = [
    ['POST /api/projects', 'POST', () => '/api/projects', (field, value) => validProjectPayload({ [field]: value })],
    ['PATCH /api/projects/:id', 'PATCH', () => `/api/projects/${projectId}`, (field, value) => ({ [field]: value })],
    ['POST /api/assignments', 'POST', () => '/api/assignments', (field, value) => validAssignmentPayload(actorIds.engineer, projectId, { [field]: value })],
    ['PUT /api/assignments/:id', 'PUT', () => `/api/assignments/${assignment._id}`, (field, value) => ({ role: 'Dev', allocationPercentage: 10, startDate: '2026-01-01', endDate: '2026-02-01', [field]: value })],
    ['PATCH /api/assignments/:id', 'PATCH', () => `/api/assignments/${assignment._id}`, (field, value) => ({ [field]: value })],
  ];
  const messages = { startDate: 'Start date is required', endDate: 'End date is required' } as const;

  it.each(targets)('%s refuses out-of-range and lax dates with the field message', async (_name, method, url, body) => {
    for (const field of ['startDate', 'endDate'] as const) {
      for (const value of [...outOfRange, ...lax]) await refused(method, url(), body(field, value), messages[field], field);
    }
  });

  it.each([
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
    ['2026-01-06T10:00Z', '2026-01-06T10:00:00.000Z'],
    ['2026-01-06T10:00:00+02:00', '2026-01-06T08:00:00.000Z'],
    ['2026-01-06T10:00:00.123456-01:30', '2026-01-06T11:30:00.123Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ['9999-12-30', '9999-12-30T00:00:00.000Z'],
  ])('accepts %s, stored as %s', async (value, stored) => {
    const response = await send('POST', '/api/projects', validProjectPayload({ startDate: value, endDate: '9999-12-31T00:00:00Z' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().startDate).toBe(stored);
  });
});

describe('dates in query strings: 400 naming the parameter', () => {
  const bad = ['-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00.000Z', '0000-01-01T00:00:00Z', '2026-02-30', 'x 1'];
  const urls: [string, (value: string) => string, string][] = [
    ['/api/events from', (v) => `/api/events?from=${v}`, 'from'],
    ['/api/events to', (v) => `/api/events?to=${v}`, 'to'],
    ['/api/history/state at', (v) => `/api/history/state?at=${v}`, 'at'],
    ['/api/history/diff from', (v) => `/api/history/diff?from=${v}&to=2026-01-01T00:00:00Z`, 'from'],
    ['/api/history/diff to', (v) => `/api/history/diff?from=2026-01-01T00:00:00Z&to=${v}`, 'to'],
    ['/api/history/events from', (v) => `/api/history/events?from=${v}`, 'from'],
    ['/api/history/events to', (v) => `/api/history/events?to=${v}`, 'to'],
  ];
  it.each(urls)('%s', async (_name, url, param) => {
    for (const value of bad) {
      const response = await t.request({ method: 'GET', url: url(encodeURIComponent(value)), token: tokens.auditor });
      expectValidation(response, `${param} must be an ISO 8601 date-time`, param);
    }
  });

  it('a plain date is read as midnight UTC', async () => {
    const response = await t.request({ method: 'GET', url: '/api/history/state?at=2020-01-01', token: tokens.auditor });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().asOf).toBe('2020-01-01T00:00:00.000Z');
  });
});

describe('avatars: http(s) URLs only', () => {
  const refusedUrls = ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox', 'ftp://example.com/a.png', 'file:///etc/passwd', '//example.com/a.png', 'https://'];
  const message = 'Avatar must be a web address starting with http:// or https://';

  it.each(refusedUrls)('POST and PATCH /api/engineers refuse %s', async (avatar) => {
    await refused('POST', '/api/engineers', validEngineerPayload({ avatar }), message, 'avatar');
    await refused('PATCH', `/api/engineers/${engineer._id}`, { avatar, version: engineer.version }, message, 'avatar');
  });

  it.each(['https://example.com/a.png', 'http://cdn.example.com/u/1?size=64'])('accepts %s', async (avatar) => {
    const response = await send('POST', '/api/engineers', validEngineerPayload({ avatar }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().avatar).toBe(avatar);
  });
});
