/**
 * The project stream's new facts: the tentative flag (ProjectMarkedTentative / ProjectConfirmed) and
 * placeholders (PlaceholderAdded / Updated / Removed / Filled). Every write takes the project's version;
 * filling a placeholder is one command over two streams, one transaction: both events or neither.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, validProjectPayload } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { eventsOfType, eventTotal, expectList, expectRefused, expectWritten, ifMatch } from '../support/capacity-facts-helpers.ts';
import { expectValidation, signInAll, type Who } from '../support/planning-helpers.ts';

type Project = { _id: string; name: string; status: string; tentative: boolean; version: number };
type Placeholder = { _id: string; projectId: string; role: string; skills: string[]; allocationPercentage: number; startDate: string; endDate: string; version: number };
type Filled = {
  placeholderId: string;
  projectId: string;
  version: number;
  assignment: { _id: string; engineerId: { _id: string; name: string }; projectId: { _id: string; name: string }; role: string; allocationPercentage: number; startDate: string; endDate: string; version: number };
};

let t: TestApp;
let tokens: Record<Who, string>;
let samId: string;

beforeAll(async () => {
  t = await startTestApp();
  let actorIds: Record<Who, string>;
  ({ tokens, actorIds } = await signInAll(t));
  samId = actorIds.engineer;
});

afterAll(async () => {
  await t?.close();
});

const newProject = async (overrides: Record<string, unknown> = {}) =>
  expectWritten<Project>(await t.request({ method: 'POST', url: '/api/projects', token: tokens.manager, body: validProjectPayload({ name: `Pipeline ${randomUUID().slice(0, 8)}`, ...overrides }) }), 201);
const getProject = async (id: string) => (await t.request({ method: 'GET', url: `/api/projects/${id}`, token: tokens.manager })).json() as Project;
const post = (url: string, body: unknown, headers: Record<string, string> = {}, token = tokens.manager) =>
  t.request({ method: 'POST', url, token, body: body as object, headers });
const patch = (url: string, body: unknown, headers: Record<string, string> = {}, token = tokens.manager) =>
  t.request({ method: 'PATCH', url, token, body: body as object, headers });
const del = (url: string, headers: Record<string, string> = {}, token = tokens.manager) => t.request({ method: 'DELETE', url, token, headers });

const need = (overrides: Record<string, unknown> = {}) => ({
  role: 'Site Reliability Engineer', skills: ['Kubernetes', 'Go'], allocationPercentage: 50, startDate: dayFromToday(5), endDate: dayFromToday(40), ...overrides,
});
const addPlaceholder = async (project: Project, overrides: Record<string, unknown> = {}) =>
  expectWritten<Placeholder>(await post(`/api/projects/${project._id}/placeholders`, need(overrides)), 201);

describe('POST /api/projects/:id/tentative and /confirm', () => {
  it('marks a project tentative and confirms it again: 200 the project, the flag, the new version; the lists show it', async () => {
    const project = await newProject();
    expect(project.tentative).toBe(false);
    const marked = expectWritten<Project>(await post(`/api/projects/${project._id}/tentative`, {}, ifMatch(1)), 200);
    expect(marked).toMatchObject({ _id: project._id, tentative: true, version: 2 });
    expect(await getProject(project._id)).toEqual(marked);
    const list = expectList<Project>(await t.request({ method: 'GET', url: '/api/projects', token: tokens.engineer }));
    expect(list.find((p) => p._id === project._id)).toEqual(marked);
    const confirmed = expectWritten<Project>(await post(`/api/projects/${project._id}/confirm`, { version: 2 }), 200);
    expect(confirmed).toMatchObject({ tentative: false, version: 3 });
    expect((await eventsOfType(t, 'ProjectMarkedTentative')).filter((e) => e.stream_id === `project-${project._id}`)).toHaveLength(1);
    expect((await eventsOfType(t, 'ProjectConfirmed')).filter((e) => e.stream_id === `project-${project._id}`)).toHaveLength(1);
  });

  it('asking for what the project already is changes nothing', async () => {
    const project = await newProject();
    const before = await eventTotal(t);
    expect(expectWritten<Project>(await post(`/api/projects/${project._id}/confirm`, {}, ifMatch(1)), 200)).toMatchObject({ tentative: false, version: 1 });
    expect(await eventTotal(t)).toBe(before);
  });

  it('a completed project cannot be marked tentative (400)', async () => {
    const project = await newProject({ status: 'active' });
    expectWritten(await patch(`/api/projects/${project._id}`, { status: 'completed' }, ifMatch(1)), 200);
    expectValidation(await post(`/api/projects/${project._id}/tentative`, {}, ifMatch(2)), 'A completed project cannot be tentative', 'tentative');
  });

  it('403 for an engineer and the auditor, 404 unknown, 428 without a version, 409 stale', async () => {
    const project = await newProject();
    expectRefused(await post(`/api/projects/${project._id}/tentative`, {}, ifMatch(1), tokens.engineer), 403, 'FORBIDDEN');
    expectRefused(await post(`/api/projects/${project._id}/tentative`, {}, ifMatch(1), tokens.auditor), 403, 'FORBIDDEN');
    expectRefused(await post(`/api/projects/${randomUUID()}/tentative`, {}, ifMatch(1)), 404, 'NOT_FOUND', 'Project not found');
    expectRefused(await post(`/api/projects/${project._id}/tentative`, {}), 428, 'VERSION_REQUIRED');
    expectWritten(await patch(`/api/projects/${project._id}`, { teamSize: 7 }, ifMatch(1)), 200);
    expectRefused(await post(`/api/projects/${project._id}/tentative`, {}, ifMatch(1)), 409, 'VERSION_CONFLICT', 'This project was changed by someone else. Reload to see the latest version.');
  });

  it('honours Idempotency-Key', async () => {
    const project = await newProject();
    const key = randomUUID();
    const first = expectWritten<Project>(await post(`/api/projects/${project._id}/tentative`, {}, { ...ifMatch(1), 'idempotency-key': key }), 200);
    const retry = await post(`/api/projects/${project._id}/tentative`, {}, { ...ifMatch(1), 'idempotency-key': key });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(expectWritten<Project>(retry, 200)).toEqual(first);
  });
});

describe('placeholders: add, change, remove', () => {
  it("adds a placeholder: 201, its fields, the project's new version; the project and both lists follow", async () => {
    const project = await newProject();
    const placeholder = await addPlaceholder(project, { skills: ['Go', 'Go', 'Kubernetes'] });
    expect(placeholder).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/), projectId: project._id, role: 'Site Reliability Engineer', skills: ['Go', 'Kubernetes'],
      allocationPercentage: 50, startDate: dayFromToday(5), endDate: dayFromToday(40), version: 2,
    });
    expect((await getProject(project._id)).version).toBe(2);
    const own = await t.request({ method: 'GET', url: `/api/projects/${project._id}/placeholders`, token: tokens.engineer });
    expect(expectList<Placeholder>(own)).toEqual([placeholder]);
    expect(own.headers.etag).toBe('"2"');
    expect(expectList<Placeholder>(await t.request({ method: 'GET', url: '/api/placeholders', token: tokens.auditor }))).toContainEqual(placeholder);
  });

  it.each([
    ['no role', { role: '' }, 'Role is required', 'role'],
    ['allocation 0', { allocationPercentage: 0 }, 'Allocation must be between 1 and 100', 'allocationPercentage'],
    ['allocation 101', { allocationPercentage: 101 }, 'Allocation must be between 1 and 100', 'allocationPercentage'],
    ['no start date', { startDate: undefined }, 'Start date is required', 'startDate'],
    ['end before start', { endDate: dayFromToday(1) }, 'End date cannot be before start date', 'endDate'],
  ])('%s -> 400 with the message, nothing recorded', async (_case, overrides, message, path) => {
    const project = await newProject();
    const before = await eventTotal(t);
    expectValidation(await post(`/api/projects/${project._id}/placeholders`, need(overrides)), message, path);
    expect(await eventTotal(t)).toBe(before);
  });

  it('refuses: 403 engineer and auditor, 404 unknown project, 400 completed project, 409 stale version when one is sent', async () => {
    const project = await newProject({ status: 'active' });
    expectRefused(await post(`/api/projects/${project._id}/placeholders`, need(), {}, tokens.engineer), 403, 'FORBIDDEN');
    expectRefused(await post(`/api/projects/${project._id}/placeholders`, need(), {}, tokens.auditor), 403, 'FORBIDDEN');
    expectRefused(await post(`/api/projects/${randomUUID()}/placeholders`, need()), 404, 'NOT_FOUND', 'Project not found');
    expectRefused(await t.request({ method: 'GET', url: `/api/projects/${randomUUID()}/placeholders`, token: tokens.manager }), 404, 'NOT_FOUND');
    expectWritten(await post(`/api/projects/${project._id}/placeholders`, { ...need(), version: 1 }), 201);
    expectRefused(await post(`/api/projects/${project._id}/placeholders`, { ...need(), version: 1 }), 409, 'VERSION_CONFLICT');
    expectWritten(await patch(`/api/projects/${project._id}`, { status: 'completed' }, ifMatch(2)), 200);
    expectValidation(await post(`/api/projects/${project._id}/placeholders`, need()), 'A completed project takes no placeholders', 'projectId');
  });

  it('changes a placeholder with the project version: 200, only what changed recorded', async () => {
    const project = await newProject();
    const placeholder = await addPlaceholder(project);
    const url = `/api/projects/${project._id}/placeholders/${placeholder._id}`;
    const changed = expectWritten<Placeholder>(await patch(url, { allocationPercentage: 80, role: placeholder.role }, ifMatch(2)), 200);
    expect(changed).toEqual({ ...placeholder, allocationPercentage: 80, version: 3 });
    const [event] = (await eventsOfType(t, 'PlaceholderUpdated')).filter((e) => e.data.placeholderId === placeholder._id);
    expect(event!.data).toEqual({ placeholderId: placeholder._id, projectId: project._id, changes: { allocationPercentage: 80 }, previous: { allocationPercentage: 50 } });
    expectRefused(await patch(url, { allocationPercentage: 70 }), 428, 'VERSION_REQUIRED');
    expectRefused(await patch(url, { allocationPercentage: 70 }, ifMatch(2)), 409, 'VERSION_CONFLICT');
    expectValidation(await patch(url, { endDate: dayFromToday(2) }, ifMatch(3)), 'End date cannot be before start date', 'endDate');
    expectRefused(await patch(`/api/projects/${project._id}/placeholders/${randomUUID()}`, { allocationPercentage: 70 }, ifMatch(3)), 404, 'NOT_FOUND', 'Placeholder not found');
    expectRefused(await patch(url, { allocationPercentage: 70 }, ifMatch(3), tokens.auditor), 403, 'FORBIDDEN');
  });

  it('removes a placeholder: 200 {message, version}; then it is gone, and acting on it is a conflict', async () => {
    const project = await newProject();
    const placeholder = await addPlaceholder(project);
    const url = `/api/projects/${project._id}/placeholders/${placeholder._id}`;
    expectRefused(await del(url), 428, 'VERSION_REQUIRED');
    expectRefused(await del(url, ifMatch(1)), 409, 'VERSION_CONFLICT');
    expectRefused(await del(url, ifMatch(2), tokens.engineer), 403, 'FORBIDDEN');
    expect(expectWritten(await del(url, ifMatch(2)), 200)).toEqual({ message: 'Placeholder removed', version: 3 });
    expect(expectList(await t.request({ method: 'GET', url: `/api/projects/${project._id}/placeholders`, token: tokens.manager }))).toEqual([]);
    expectRefused(await del(url, ifMatch(3)), 409, 'CONFLICT', 'This placeholder was removed');
    expectRefused(await del(`/api/projects/${project._id}/placeholders/${randomUUID()}`, ifMatch(3)), 404, 'NOT_FOUND', 'Placeholder not found');
  });
});

describe('POST /api/projects/:id/placeholders/:placeholderId/fill', () => {
  const fill = (project: Project, placeholder: Placeholder, body: Record<string, unknown>, headers: Record<string, string> = {}, token = tokens.manager) =>
    post(`/api/projects/${project._id}/placeholders/${placeholder._id}/fill`, body, headers, token);

  it('turns the placeholder into an assignment of the engineer: one transaction, two streams', async () => {
    const project = await newProject();
    const placeholder = await addPlaceholder(project, { allocationPercentage: 30, role: 'Backend Engineer' });
    const filled = expectWritten<Filled>(await fill(project, placeholder, { engineerId: samId, version: 2 }), 201);
    expect(filled).toMatchObject({
      placeholderId: placeholder._id, projectId: project._id, version: 3,
      assignment: {
        engineerId: { _id: samId, name: 'Sam Rivera' }, projectId: { _id: project._id, name: project.name }, role: 'Backend Engineer',
        allocationPercentage: 30, startDate: placeholder.startDate, endDate: placeholder.endDate, version: 1,
      },
    });
    // Both events, in one transaction.
    const [closed] = (await eventsOfType(t, 'PlaceholderFilled')).filter((e) => e.data.placeholderId === placeholder._id);
    const [created] = (await eventsOfType(t, 'AssignmentCreated')).filter((e) => e.data.assignmentId === filled.assignment._id);
    expect(closed).toMatchObject({ stream_id: `project-${project._id}`, stream_position: 3, data: { assignmentId: filled.assignment._id, role: 'Backend Engineer' } });
    expect(created).toMatchObject({ stream_id: `assignment-${filled.assignment._id}`, stream_position: 1 });
    expect(created!.transaction_id).toBe(closed!.transaction_id);
    // The read models follow: the placeholder is gone, the assignment is there (Sam sees his own), the project moved on.
    expect(expectList(await t.request({ method: 'GET', url: `/api/projects/${project._id}/placeholders`, token: tokens.manager }))).toEqual([]);
    const samsAssignments = expectList<{ _id: string }>(await t.request({ method: 'GET', url: '/api/assignments', token: tokens.engineer }));
    expect(samsAssignments.map((a) => a._id)).toContain(filled.assignment._id);
    expect((await getProject(project._id)).version).toBe(3);
  });

  it('409 when the project version is stale or the placeholder was already filled; nothing recorded', async () => {
    const project = await newProject();
    const placeholder = await addPlaceholder(project);
    await addPlaceholder(project, { role: 'QA Engineer' }); // the project moves to version 3
    const before = await eventTotal(t);
    expectRefused(await fill(project, placeholder, { engineerId: samId, version: 2 }), 409, 'VERSION_CONFLICT');
    expect(await eventTotal(t)).toBe(before);
    expectWritten(await fill(project, placeholder, { engineerId: samId }, ifMatch(3)), 201);
    expectRefused(await fill(project, placeholder, { engineerId: samId }, ifMatch(3)), 409, 'VERSION_CONFLICT');
    expectRefused(await fill(project, placeholder, { engineerId: samId }, ifMatch(4)), 409, 'CONFLICT', 'This placeholder was already filled');
  });

  it('400 for an unknown or missing engineer, and for a completed project; 404 unknown placeholder; 403; 428', async () => {
    const project = await newProject({ status: 'active' });
    const placeholder = await addPlaceholder(project);
    const before = await eventTotal(t);
    expectValidation(await fill(project, placeholder, { engineerId: randomUUID(), version: 2 }), 'Engineer not found', 'engineerId');
    expectValidation(await fill(project, placeholder, { version: 2 }), 'Engineer is required', 'engineerId');
    expectRefused(await fill(project, { ...placeholder, _id: randomUUID() }, { engineerId: samId, version: 2 }), 404, 'NOT_FOUND', 'Placeholder not found');
    expectRefused(await fill(project, placeholder, { engineerId: samId, version: 2 }, {}, tokens.engineer), 403, 'FORBIDDEN');
    expectRefused(await fill(project, placeholder, { engineerId: samId, version: 2 }, {}, tokens.auditor), 403, 'FORBIDDEN');
    expectRefused(await fill(project, placeholder, { engineerId: samId }), 428, 'VERSION_REQUIRED');
    expect(await eventTotal(t)).toBe(before);
    expectWritten(await patch(`/api/projects/${project._id}`, { status: 'completed' }, ifMatch(2)), 200);
    expectValidation(await fill(project, placeholder, { engineerId: samId, version: 3 }), 'Cannot assign engineers to a completed project', 'projectId');
  });

  it('a failure after the placeholder was closed rolls both back: neither event, the placeholder still open', async () => {
    const project = await newProject();
    const placeholder = await addPlaceholder(project);
    // Make the second append of the command (the new assignment's AssignmentCreated) fail.
    await sql`create function refuse_assignment_created() returns trigger language plpgsql as $$
      begin raise exception 'forced failure'; end $$`.execute(t.app.db);
    await sql`create trigger refuse_assignment_created before insert on events
      for each row when (new.type = 'AssignmentCreated') execute function refuse_assignment_created()`.execute(t.app.db);
    const before = await eventTotal(t);
    try {
      const response = await fill(project, placeholder, { engineerId: samId, version: 2 });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    } finally {
      await sql`drop trigger refuse_assignment_created on events`.execute(t.app.db);
      await sql`drop function refuse_assignment_created()`.execute(t.app.db);
    }
    expect(await eventTotal(t)).toBe(before);
    expect((await eventsOfType(t, 'PlaceholderFilled')).filter((e) => e.data.placeholderId === placeholder._id)).toEqual([]);
    expect((await getProject(project._id)).version).toBe(2);
    expect(expectList(await t.request({ method: 'GET', url: `/api/projects/${project._id}/placeholders`, token: tokens.manager }))).toEqual([placeholder]);
    // With nothing in the way, the same request succeeds.
    expectWritten(await fill(project, placeholder, { engineerId: samId, version: 2 }), 201);
  });

  it('honours Idempotency-Key: a retry answers the same assignment and creates no other', async () => {
    const project = await newProject();
    const placeholder = await addPlaceholder(project);
    const key = randomUUID();
    const first = expectWritten<Filled>(await fill(project, placeholder, { engineerId: samId, version: 2 }, { 'idempotency-key': key }), 201);
    const before = await eventTotal(t);
    const retry = await fill(project, placeholder, { engineerId: samId, version: 2 }, { 'idempotency-key': key });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(expectWritten<Filled>(retry, 201)).toEqual(first);
    expect(await eventTotal(t)).toBe(before);
  });
});
