/**
 * Planning projects: PATCH /api/projects/:id changes the fields of the create form and moves the status
 * planning -> active -> completed (completed -> active reopens); every other move is refused (400).
 * Exact shapes and ETags, each rule's message, 404, roles, 428/409, read-your-writes, and what a
 * completed project means for assignments.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, streamHistory, validAssignmentPayload, validProjectPayload } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { dbEventCount } from '../support/history-helpers.ts';
import { dbStreamEvents, expectValidation, signInAll, type Who } from '../support/planning-helpers.ts';

type Project = {
  _id: string; name: string; description: string; startDate: string; endDate: string; teamSize: number;
  requiredSkills: string[]; status: 'planning' | 'active' | 'completed'; managerId: string; version: number;
};

const CONFLICT = 'This project was changed by someone else. Reload to see the latest version.';
const projectKeys = ['_id', 'description', 'endDate', 'managerId', 'name', 'requiredSkills', 'startDate', 'status', 'teamSize', 'tentative', 'version'];

let t: TestApp;
let tokens: Record<Who, string>;
let actorIds: Record<Who, string>;
let lucasId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ tokens, actorIds } = await signInAll(t));
  const engineers = (await t.request({ method: 'GET', url: '/api/engineers', token: tokens.manager })).json() as { _id: string; email: string }[];
  lucasId = engineers.find((e) => e.email === 'lucas.silva@demo.test')!._id;
});

afterAll(async () => {
  await t?.close();
});

// ---- helpers

type Options = { token?: string; ifMatch?: string };
const patch = (id: string, body: unknown, { token = tokens.manager, ifMatch }: Options = {}) =>
  t.request({ method: 'PATCH', url: `/api/projects/${id}`, token, body, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
const get = (id: string, token = tokens.manager) => t.request({ method: 'GET', url: `/api/projects/${id}`, token });
const list = async (token = tokens.manager): Promise<Project[]> =>
  (await t.request({ method: 'GET', url: '/api/projects', token })).json();

let created = 0;
/** A fresh project of this file's own, by the first manager. */
const create = async (overrides: Record<string, unknown> = {}): Promise<Project> => {
  created += 1;
  const response = await t.request({
    method: 'POST', url: '/api/projects', token: tokens.manager, body: validProjectPayload({ name: `Planning Project ${created}`, ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
/** Patches with the right version and expects success. */
const move = async (project: Project, body: Record<string, unknown>): Promise<Project> => {
  const response = await patch(project._id, body, { ifMatch: `"${project.version}"` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const eventCount = () => dbEventCount(t);
const streamEvents = (projectId: string) => dbStreamEvents(t, `project-${projectId}`);

// ---- fields

describe('PATCH /api/projects/:id: the fields of the create form', () => {
  it('renames: 200 with exactly the contract fields, the new version and ETag; the next GETs show it', async () => {
    const project = await create();
    const response = await patch(project._id, { name: 'Renamed Project' }, { ifMatch: '"1"' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers.etag).toBe('"2"');
    const body = response.json() as Project;
    expect(Object.keys(body).sort()).toEqual(projectKeys);
    expect(body).toEqual({ ...project, name: 'Renamed Project', version: 2 });

    const one = await get(project._id);
    expect(one.json()).toEqual(body);
    expect(one.headers.etag).toBe('"2"');
    expect((await list()).find((p) => p._id === project._id)).toEqual(body);
    expect((await list(tokens.engineer)).find((p) => p._id === project._id)).toEqual(body);
  });

  it('changes every field of the form at once; dates are normalised; skills deduplicated', async () => {
    const project = await create();
    const start = dayFromToday(10).slice(0, 10);
    const changes = {
      name: 'Everything Changed',
      description: 'A new description that is long enough.',
      startDate: start,
      endDate: dayFromToday(70),
      teamSize: 7,
      requiredSkills: ['Go', 'Rust', 'Go'],
    };
    const response = await patch(project._id, { ...changes, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...project,
      ...changes,
      startDate: `${start}T00:00:00.000Z`,
      requiredSkills: ['Go', 'Rust'],
      version: 2,
    });
  });

  it('records one ProjectUpdated with only the changed fields and the acting manager', async () => {
    const project = await create();
    const response = await patch(project._id, { name: project.name, teamSize: 9 }, { ifMatch: '"1"', token: tokens.manager2 });
    expect(response.statusCode, response.body).toBe(200);
    const events = await streamEvents(project._id);
    expect(events.map((e) => e.type)).toEqual(['ProjectCreated', 'ProjectUpdated']);
    expect(events[1]).toMatchObject({
      data: { projectId: project._id, changes: { teamSize: 9 } },
      metadata: { actorId: actorIds.manager2, actorRole: 'manager' },
    });
    expect(events[1]!.data.changes).toEqual({ teamSize: 9 });
  });

  it('keeps the manager: a managerId in the body changes nothing', async () => {
    const project = await create();
    const before = await eventCount();
    const response = await patch(project._id, { managerId: actorIds.manager2 }, { ifMatch: '"1"' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(project);
    expect(await eventCount()).toBe(before);
  });

  it('a change to nothing new: 200, same version and ETag, nothing recorded', async () => {
    const project = await create();
    const before = await eventCount();
    const response = await patch(project._id, { name: project.name, status: project.status, teamSize: project.teamSize }, { ifMatch: '"1"' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    expect(response.json()).toEqual(project);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['name empty', { name: '' }, 'Project name is required', 'name'],
    ['name blank', { name: '   ' }, 'Project name is required', 'name'],
    ['name of 101 characters', { name: 'x'.repeat(101) }, 'Project name must be less than 100 characters', 'name'],
    ['description of 9 characters', { description: 'too short' }, 'Description must be at least 10 characters', 'description'],
    ['description of 501 characters', { description: 'y'.repeat(501) }, 'Description must be less than 500 characters', 'description'],
    ['team size 0', { teamSize: 0 }, 'Team size must be at least 1', 'teamSize'],
    ['team size 21', { teamSize: 21 }, 'Team size cannot exceed 20', 'teamSize'],
    ['team size 2.5', { teamSize: 2.5 }, 'Team size must be at least 1', 'teamSize'],
    ['no skills', { requiredSkills: [] }, 'At least one skill is required', 'requiredSkills'],
    ['start date unreadable', { startDate: 'someday' }, 'Start date is required', 'startDate'],
    ['end date empty', { endDate: '' }, 'End date is required', 'endDate'],
    ['end before start, both sent', { startDate: dayFromToday(20), endDate: dayFromToday(10) }, 'End date must be after start date', 'endDate'],
    ['end before the stored start', { endDate: dayFromToday(0) }, 'End date must be after start date', 'endDate'],
    ['start on the stored end', { startDate: dayFromToday(60) }, 'End date must be after start date', 'endDate'],
    ['unknown status', { status: 'archived' }, 'Project status is required', 'status'],
  ] as const)('%s -> 400 with the message, nothing recorded', async (_what, body, message, path) => {
    const project = await create();
    const before = await eventCount();
    expectValidation(await patch(project._id, body, { ifMatch: '"1"' }), message, path);
    expect(await eventCount()).toBe(before);
    expect((await get(project._id)).json()).toEqual(project);
  });
});

// ---- status

describe('PATCH /api/projects/:id: status moves', () => {
  it('planning -> active -> completed -> active (reopened), one ProjectStatusChanged each', async () => {
    const project = await create();
    const active = await move(project, { status: 'active' });
    expect(active).toEqual({ ...project, status: 'active', version: 2 });
    const completed = await move(active, { status: 'completed' });
    expect(completed).toMatchObject({ status: 'completed', version: 3 });
    const reopened = await move(completed, { status: 'active' });
    expect(reopened).toMatchObject({ status: 'active', version: 4 });
    expect((await get(project._id)).json()).toEqual(reopened);

    const events = await streamHistory(t, tokens.auditor, `project-${project._id}`, 4);
    expect(events.map((e) => [e.streamPosition, e.type, e.data.from, e.data.to])).toEqual([
      [1, 'ProjectCreated', undefined, undefined],
      [2, 'ProjectStatusChanged', 'planning', 'active'],
      [3, 'ProjectStatusChanged', 'active', 'completed'],
      [4, 'ProjectStatusChanged', 'completed', 'active'],
    ]);
    for (const event of events) expect(event.metadata).toMatchObject({ actorId: actorIds.manager, actorRole: 'manager' });
  });

  it('fields and a status move in one PATCH: field changes first, then the move; the version moves by two', async () => {
    const project = await create();
    const response = await patch(project._id, { teamSize: 5, status: 'active' }, { ifMatch: '"1"' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"3"');
    expect(response.json()).toEqual({ ...project, teamSize: 5, status: 'active', version: 3 });
    expect((await streamEvents(project._id)).map((e) => e.type)).toEqual(['ProjectCreated', 'ProjectUpdated', 'ProjectStatusChanged']);
  });

  it('a project created active moves on to completed', async () => {
    const project = await create({ status: 'active' });
    expect(await move(project, { status: 'completed' })).toMatchObject({ status: 'completed', version: 2 });
  });

  it.each([
    ['planning', 'completed', 'A planning project cannot move to completed'],
    ['active', 'planning', 'An active project cannot move to planning'],
    ['completed', 'planning', 'A completed project cannot move to planning'],
  ] as const)('%s -> %s is refused: 400 with the message, nothing recorded, even with other changes', async (from, to, message) => {
    let project = await create({ status: from === 'planning' ? 'planning' : 'active' });
    if (from === 'completed') project = await move(project, { status: 'completed' });
    const before = await eventCount();
    for (const body of [{ status: to }, { status: to, name: 'Sneaked In' }]) {
      expectValidation(await patch(project._id, body, { ifMatch: `"${project.version}"` }), message, 'status');
    }
    expect(await eventCount()).toBe(before);
    expect((await get(project._id)).json()).toEqual(project);
  });

  it('completing a project shows in the assignments at once; it then refuses new and changed assignments; reopening allows them again', async () => {
    let project = await create({ status: 'active', startDate: dayFromToday(-5), endDate: dayFromToday(40) });
    const assignment = await t.request({
      method: 'POST', url: '/api/assignments', token: tokens.manager,
      body: validAssignmentPayload(lucasId, project._id, { startDate: dayFromToday(-5), endDate: dayFromToday(40) }),
    });
    expect(assignment.statusCode, assignment.body).toBe(201);
    const assignmentId = assignment.json()._id as string;

    project = await move(project, { status: 'completed' });
    const listed = (await t.request({ method: 'GET', url: '/api/assignments', token: tokens.manager })).json() as { _id: string; projectId: { status: string } }[];
    expect(listed.find((a) => a._id === assignmentId)!.projectId.status).toBe('completed');
    expect((await t.request({ method: 'GET', url: `/api/assignments/${assignmentId}`, token: tokens.manager })).json().projectId.status).toBe('completed');

    const refused = await t.request({
      method: 'POST', url: '/api/assignments', token: tokens.manager, body: validAssignmentPayload(lucasId, project._id),
    });
    expectValidation(refused, 'Cannot assign engineers to a completed project', 'projectId');
    const refusedEdit = await t.request({
      method: 'PATCH', url: `/api/assignments/${assignmentId}`, token: tokens.manager, body: { allocationPercentage: 10, version: 1 },
    });
    expectValidation(refusedEdit, 'Cannot assign engineers to a completed project', 'projectId');

    project = await move(project, { status: 'active' });
    const allowed = await t.request({
      method: 'POST', url: '/api/assignments', token: tokens.manager, body: validAssignmentPayload(lucasId, project._id),
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(allowed.json().projectId.status).toBe('active');
  });
});

// ---- versions

describe('PATCH /api/projects/:id: versions', () => {
  it('without a version -> 428 VERSION_REQUIRED, nothing recorded', async () => {
    const project = await create();
    const before = await eventCount();
    const response = await patch(project._id, { name: 'No Version' });
    expect(response.statusCode).toBe(428);
    expect(response.json()).toEqual({ message: expect.stringMatching(/version/i), code: 'VERSION_REQUIRED' });
    expect(await eventCount()).toBe(before);
  });

  it('a stale If-Match -> 409 with the current version; the newer change stays', async () => {
    const project = await create();
    expect((await patch(project._id, { name: 'First' }, { ifMatch: '"1"' })).statusCode).toBe(200);
    const stale = await patch(project._id, { name: 'Second' }, { ifMatch: '"1"', token: tokens.manager2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2 });
    expect((await get(project._id)).json()).toMatchObject({ name: 'First', version: 2 });
  });

  it('a stale `version` in the body -> 409, for a status move too', async () => {
    const project = await create();
    expect((await patch(project._id, { status: 'active', version: 1 })).statusCode).toBe(200);
    const stale = await patch(project._id, { status: 'completed', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2 });
    expect((await get(project._id)).json()).toMatchObject({ status: 'active', version: 2 });
  });

  it('two managers race with the same version: one 200, one 409, one event more', async () => {
    const project = await create();
    const before = await eventCount();
    const responses = await Promise.all([
      patch(project._id, { name: 'Manager One Wins' }, { ifMatch: '"1"' }),
      patch(project._id, { name: 'Manager Two Wins' }, { ifMatch: '"1"', token: tokens.manager2 }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2 });
    expect(await eventCount()).toBe(before + 1);
    expect((await get(project._id)).json()).toEqual(responses.find((r) => r.statusCode === 200)!.json());
  });

  it.each(['"0"', '"1"'])('an unknown id -> 404 (If-Match %s)', async (ifMatch) => {
    const response = await patch(randomUUID(), { name: 'Ghost' }, { ifMatch });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ message: 'Project not found', code: 'NOT_FOUND' });
  });
});

// ---- roles

describe('PATCH /api/projects/:id: roles', () => {
  it.each([
    ['engineer', { status: 'active' }, '"1"'],
    ['engineer', { name: 'By An Engineer' }, undefined],
    ['engineer', { teamSize: 99 }, '"1"'],
    ['auditor', { status: 'active' }, '"1"'],
    ['auditor', { name: 'By An Auditor' }, undefined],
    ['auditor', { teamSize: 99 }, '"1"'],
  ] as const)('the %s is refused 403 (%j, If-Match %s), nothing recorded', async (who, body, ifMatch) => {
    const project = await create();
    const before = await eventCount();
    const response = await patch(project._id, body, { token: tokens[who], ifMatch });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.stringMatching(/\S/), code: 'FORBIDDEN' });
    expect(await eventCount()).toBe(before);
    expect((await get(project._id)).json()).toEqual(project);
  });

  it('without a token -> 401', async () => {
    const project = await create();
    const response = await t.request({ method: 'PATCH', url: `/api/projects/${project._id}`, body: { name: 'x' }, headers: { 'if-match': '"1"' } });
    expect(response.statusCode).toBe(401);
  });

  it("a manager may change another manager's project", async () => {
    const project = await create();
    expect(project.managerId).toBe(actorIds.manager);
    const response = await patch(project._id, { status: 'active' }, { ifMatch: '"1"', token: tokens.manager2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'active', managerId: actorIds.manager });
    const events = await streamEvents(project._id);
    expect(events[1]!.metadata).toMatchObject({ actorId: actorIds.manager2, actorRole: 'manager' });
  });
});
