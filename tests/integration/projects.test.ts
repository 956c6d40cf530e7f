/**
 * GET /api/projects, GET /api/projects/:id, POST /api/projects: shapes, read-your-writes and every
 * create-project rule of spec §5 with its exact message (design.md §6: 400 `{message, code, issues}`).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialKeys, dayFromToday, decodeJwt, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

type Project = {
  _id: string; name: string; description: string; startDate: string; endDate: string; teamSize: number;
  requiredSkills: string[]; status: string; managerId: string; tentative: boolean; version: number;
};

const projectKeys = ['_id', 'description', 'endDate', 'managerId', 'name', 'requiredSkills', 'startDate', 'status', 'teamSize', 'tentative', 'version'];

/**
 * The demo projects as server/seed/demo.ts defines them (tools is created active, then completed; Mobile
 * App v2 is marked tentative; Payments and AI Support Assistant get a placeholder each: every one of
 * those is an event on the project's stream and moves its version).
 */
const seedProjects = [
  { name: 'Customer Portal Redesign', from: -60, to: 60, teamSize: 4, requiredSkills: ['React', 'TypeScript', 'CSS'], status: 'active', tentative: false, version: 1 },
  { name: 'Payments Platform Migration', from: -30, to: 90, teamSize: 3, requiredSkills: ['Go', 'PostgreSQL', 'Kubernetes'], status: 'active', tentative: false, version: 2 },
  { name: 'Data Warehouse Modernisation', from: -90, to: 30, teamSize: 2, requiredSkills: ['Python', 'dbt', 'Spark'], status: 'active', tentative: false, version: 1 },
  { name: 'Mobile App v2', from: 14, to: 120, teamSize: 3, requiredSkills: ['Swift', 'Kotlin', 'React Native'], status: 'planning', tentative: true, version: 2 },
  { name: 'AI Support Assistant', from: 30, to: 180, teamSize: 2, requiredSkills: ['Python', 'Machine Learning', 'Node.js'], status: 'planning', tentative: false, version: 2 },
  { name: 'Internal Tools Refresh', from: -200, to: -20, teamSize: 2, requiredSkills: ['React', 'Node.js'], status: 'completed', tentative: false, version: 2 },
];

let t: TestApp;
let managerToken: string;
let manager2Token: string;
let engineerToken: string;
let auditorToken: string;
let managerId: string;
const seededAt = new Date();

beforeAll(async () => {
  t = await startTestApp({ now: seededAt });
  [managerToken, manager2Token, engineerToken, auditorToken] = await Promise.all([
    t.login(demo.manager), t.login(demo.manager2), t.login(demo.engineer), t.login(demo.auditor),
  ]);
  managerId = decodeJwt(managerToken).sub as string;
});

afterAll(async () => {
  await t?.close();
});

const list = async (token = managerToken): Promise<Project[]> => {
  const response = await t.request({ method: 'GET', url: '/api/projects', token });
  expect(response.statusCode).toBe(200);
  return response.json();
};
/** Projects this file created (201), so that the final check knows how many there must be. */
let createdCount = 0;
const create = async (body: unknown, token = managerToken, headers: Record<string, string> = {}) => {
  const response = await t.request({ method: 'POST', url: '/api/projects', token, body, headers });
  if (response.statusCode === 201) createdCount++;
  return response;
};
const projectEventCount = async () =>
  Number((await t.app.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'ProjectCreated').executeTakeFirstOrThrow()).n);

describe('GET /api/projects', () => {
  it.each(['manager', 'engineer', 'auditor'] as const)('is a bare array of the 6 demo projects for the %s', async (role) => {
    const token = { manager: managerToken, engineer: engineerToken, auditor: auditorToken }[role];
    const projects = await list(token);
    expect(Array.isArray(projects)).toBe(true);
    expect(projects).toHaveLength(6);
  });

  it('serves every project with exactly the contract fields and the seeded values', async () => {
    const projects = await list();
    for (const project of projects) expect(Object.keys(project).sort()).toEqual(projectKeys);
    for (const seeded of seedProjects) {
      const project = projects.find((p) => p.name === seeded.name);
      expect(project, seeded.name).toMatchObject({
        startDate: dayFromToday(seeded.from, seededAt),
        endDate: dayFromToday(seeded.to, seededAt),
        teamSize: seeded.teamSize,
        requiredSkills: seeded.requiredSkills,
        status: seeded.status,
        tentative: seeded.tentative,
        managerId,
        version: seeded.version,
      });
      expect(project!.description.length).toBeGreaterThanOrEqual(10);
    }
    expect(credentialKeys(projects)).toEqual([]);
  });
});

describe('GET /api/projects/:id', () => {
  it('serves one project equal to its list entry, with ETag = "version"', async () => {
    for (const project of await list()) {
      const response = await t.request({ method: 'GET', url: `/api/projects/${project._id}`, token: engineerToken });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(project);
      expect(response.headers.etag).toBe(`"${project.version}"`);
    }
  });

  it.each([
    ['an unknown uuid', () => randomUUID()],
    ['an id that is no uuid', () => 'no-such-project'],
  ])('answers 404 {message, code} for %s', async (_case, id) => {
    const response = await t.request({ method: 'GET', url: `/api/projects/${id()}`, token: managerToken });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Project not found', code: 'NOT_FOUND' });
  });

  it('answers 400 (not 500) for an id with a NUL character, which PostgreSQL text cannot hold', async () => {
    const response = await t.request({ method: 'GET', url: '/api/projects/abc%00def', token: managerToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Text must not contain the NUL character', code: 'VALIDATION_FAILED' });
  });
});

describe('POST /api/projects', () => {
  it('creates the project (201) and the next GETs show it: read-your-writes', async () => {
    const payload = validProjectPayload({ name: 'Read Your Writes', managerId: 'someone-else' });
    const response = await create(payload);
    expect(response.statusCode).toBe(201);
    const created = response.json() as Project;
    expect(Object.keys(created).sort()).toEqual(projectKeys);
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: payload.name,
      description: payload.description,
      startDate: payload.startDate,
      endDate: payload.endDate,
      teamSize: payload.teamSize,
      requiredSkills: payload.requiredSkills,
      status: payload.status,
      managerId, // spec §3: set to the current user's _id, whatever the client sent
      tentative: false, // a new project is confirmed
      version: 1,
    });
    expect(response.headers.etag).toBe('"1"');

    // The very next requests, by the writer and by others.
    expect(await list()).toContainEqual(created);
    expect(await list(manager2Token)).toContainEqual(created);
    expect(await list(engineerToken)).toContainEqual(created);
    const one = await t.request({ method: 'GET', url: `/api/projects/${created._id}`, token: managerToken });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(created);
    expect(one.headers.etag).toBe('"1"');
  });

  it('records the creating manager and normalises dates to ISO 8601', async () => {
    const response = await create(
      validProjectPayload({ name: 'Dates Normalised', startDate: '2031-03-01', endDate: '2031-06-30T12:00:00+02:00', status: 'active' }),
      manager2Token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      managerId: decodeJwt(manager2Token).sub,
      startDate: '2031-03-01T00:00:00.000Z',
      endDate: '2031-06-30T10:00:00.000Z',
      status: 'active',
    });
  });

  it('records a ProjectCreated event for every create', async () => {
    const before = await projectEventCount();
    const response = await create(validProjectPayload({ name: 'Evented' }));
    expect(response.statusCode).toBe(201);
    expect(await projectEventCount()).toBe(before + 1);
    const event = await t.app.db
      .selectFrom('events')
      .select(['stream_id', 'stream_position', 'type', 'metadata'])
      .where('stream_id', '=', `project-${response.json()._id}`)
      .execute();
    expect(event).toEqual([
      { stream_id: `project-${response.json()._id}`, stream_position: 1, type: 'ProjectCreated', metadata: expect.objectContaining({ actorId: managerId, actorRole: 'manager' }) },
    ]);
  });
});

describe('POST /api/projects validation (spec §5): 400 with the exact message', () => {
  const without = (field: string) => {
    const payload = validProjectPayload();
    delete payload[field];
    return payload;
  };

  const rows: [string, () => Record<string, unknown>, string, string][] = [
    ['name missing', () => without('name'), 'name', 'Project name is required'],
    ['name empty', () => validProjectPayload({ name: '' }), 'name', 'Project name is required'],
    ['name only spaces', () => validProjectPayload({ name: '   ' }), 'name', 'Project name is required'],
    ['name 101 characters', () => validProjectPayload({ name: 'n'.repeat(101) }), 'name', 'Project name must be less than 100 characters'],
    ['description 9 characters', () => validProjectPayload({ description: 'd'.repeat(9) }), 'description', 'Description must be at least 10 characters'],
    ['description missing', () => without('description'), 'description', 'Description must be at least 10 characters'],
    ['description 501 characters', () => validProjectPayload({ description: 'd'.repeat(501) }), 'description', 'Description must be less than 500 characters'],
    ['startDate missing', () => without('startDate'), 'startDate', 'Start date is required'],
    ['startDate empty', () => validProjectPayload({ startDate: '' }), 'startDate', 'Start date is required'],
    ['startDate unreadable', () => validProjectPayload({ startDate: 'not a date' }), 'startDate', 'Start date is required'],
    ['endDate missing', () => without('endDate'), 'endDate', 'End date is required'],
    ['endDate empty', () => validProjectPayload({ endDate: '' }), 'endDate', 'End date is required'],
    ['teamSize 0', () => validProjectPayload({ teamSize: 0 }), 'teamSize', 'Team size must be at least 1'],
    ['teamSize missing', () => without('teamSize'), 'teamSize', 'Team size must be at least 1'],
    ['teamSize 21', () => validProjectPayload({ teamSize: 21 }), 'teamSize', 'Team size cannot exceed 20'],
    ['requiredSkills []', () => validProjectPayload({ requiredSkills: [] }), 'requiredSkills', 'At least one skill is required'],
    ['requiredSkills missing', () => without('requiredSkills'), 'requiredSkills', 'At least one skill is required'],
    ['status not a status', () => validProjectPayload({ status: 'cancelled' }), 'status', 'Project status is required'],
    ['status missing', () => without('status'), 'status', 'Project status is required'],
    ['endDate before startDate', () => validProjectPayload({ startDate: dayFromToday(10), endDate: dayFromToday(5) }), 'endDate', 'End date must be after start date'],
    ['name with a NUL character', () => validProjectPayload({ name: 'Bad\u0000Name' }), 'name', 'Text must not contain the NUL character'],
    ['requiredSkills with a NUL character', () => validProjectPayload({ requiredSkills: ['Go', 'C\u0000'] }), 'requiredSkills.1', 'Text must not contain the NUL character'],
    ['endDate equal to startDate', () => validProjectPayload({ startDate: dayFromToday(10), endDate: dayFromToday(10) }), 'endDate', 'End date must be after start date'],
  ];

  it.each(rows)('%s -> 400 on %s', async (_case, payload, path, message) => {
    const response = await create(payload());
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(message);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues).toEqual([{ path, message }]);
  });

  it.each([
    ['name at 100 characters', { name: 'n'.repeat(100) }],
    ['description at exactly 10 characters', { description: 'd'.repeat(10) }],
    ['description at 500 characters', { description: 'd'.repeat(500) }],
    ['teamSize 1', { teamSize: 1 }],
    ['teamSize 20', { teamSize: 20 }],
    ['status completed', { status: 'completed' }],
  ])('accepts the boundary: %s', async (_case, overrides) => {
    const response = await create(validProjectPayload(overrides));
    expect(response.statusCode).toBe(201);
  });

  it('names the first failing rule in message and lists every failure in issues', async () => {
    const response = await create(validProjectPayload({ name: '', teamSize: 21, requiredSkills: [] }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Project name is required');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Project name is required' },
        { path: 'teamSize', message: 'Team size cannot exceed 20' },
        { path: 'requiredSkills', message: 'At least one skill is required' },
      ]),
    );
    expect(body.issues).toHaveLength(3);
  });

  it.each([
    ['malformed JSON', '{"name": "x",'],
    ['an empty body with a JSON content type', ''],
  ])('answers 400 {message, code} for %s', async (_case, raw) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/projects',
      token: managerToken,
      body: raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(/JSON|empty/i), code: expect.any(String) });
  });

  it.each([
    ['a JSON array', '[1, 2, 3]'],
    ['a JSON string', '"a project"'],
    ['a JSON number', '42'],
    ['JSON null', 'null'],
  ])('answers 400 "Request body must be a JSON object" for %s', async (_case, raw) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/projects',
      token: managerToken,
      body: raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Request body must be a JSON object',
      code: 'VALIDATION_FAILED',
      issues: [{ path: '', message: 'Request body must be a JSON object' }],
    });
  });

  it('answers 400 for no body at all', async () => {
    const response = await t.request({ method: 'POST', url: '/api/projects', token: managerToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Request body must be a JSON object', code: 'VALIDATION_FAILED' });
  });

  it('answers 415 {message} for a body that is not JSON', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/projects',
      token: managerToken,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it('created nothing for any refused request', async () => {
    expect(createdCount).toBe(9); // 3 creates + 6 accepted boundaries
    expect(await list()).toHaveLength(6 + createdCount);
    expect(await projectEventCount()).toBe(6 + createdCount);
  });
});
