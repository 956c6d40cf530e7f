/**
 * Planning assignments: POST /api/assignments, GET /api/assignments/:id, PUT, PATCH and DELETE
 * /api/assignments/:id. Exact shapes and ETags, each rule's 400 with its message, 404s, the role matrix,
 * 428 without a version, 409 on a stale one, concurrent edits (one wins), read-your-writes, and DELETE
 * keeping the history. Every event carries its actor in the metadata.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment } from '../../domain/entities.ts';
import { dayFromToday, streamHistory, validAssignmentPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { givenPlan } from '../support/given-plan.ts';
import { dbEventCount } from '../support/history-helpers.ts';
import { dbStreamEvents, expectValidation, type Who } from '../support/planning-helpers.ts';

/** An assignment as the API serves it: engineer and project populated. */
type Populated = Assignment;
type Capacity = { currentAllocation: number; availableCapacity: number; utilizationStatus: string; currentAssignments: { _id: string }[] };

const CONFLICT = 'This assignment was changed by someone else. Reload to see the latest version.';
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const assignmentKeys = ['_id', 'allocationPercentage', 'endDate', 'engineerId', 'projectId', 'role', 'startDate', 'version'];

const seededAt = new Date();
const day = (offset: number) => dayFromToday(offset, seededAt);

let t: TestApp;
let tokens: Record<Who, string>;
let actorIds: Record<Who, string>;
let engineerIds: Record<'sam' | 'priya' | 'lucas' | 'jordan', string>;
let projectIds: Record<'portal' | 'payments' | 'mobile' | 'tools', string>;
/** Seeded: Sam on Customer Portal Redesign (his own), Priya on Payments, Lucas on the completed Internal Tools Refresh. */
let seeded: Record<'samPortal' | 'priyaPayments' | 'lucasTools', Populated>;

beforeAll(async () => {
  t = await startTestApp({ now: seededAt });
  ({ tokens, actorIds, engineers: engineerIds, projects: projectIds, assignments: seeded } = await givenPlan(t, {
    engineers: { sam: demo.engineer, priya: 'priya.patel@demo.test', lucas: 'lucas.silva@demo.test', jordan: 'jordan.lee@demo.test' },
    projects: { portal: 'Customer Portal Redesign', payments: 'Payments Platform Migration', mobile: 'Mobile App v2', tools: 'Internal Tools Refresh' },
    assignments: { samPortal: ['sam', 'portal'], priyaPayments: ['priya', 'payments'], lucasTools: ['lucas', 'tools'] },
  }));
});

afterAll(async () => {
  await t?.close();
});

// ---- helpers

type Options = { token?: string; ifMatch?: string; headers?: Record<string, string> };
const headersOf = ({ ifMatch, headers }: Options) => ({ ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }), ...headers });

const post = (body: unknown, options: Options = {}) =>
  t.request({ method: 'POST', url: '/api/assignments', token: options.token ?? tokens.manager, body, headers: headersOf(options) });
const get = (id: string, token = tokens.manager) => t.request({ method: 'GET', url: `/api/assignments/${id}`, token });
const write = (method: 'PUT' | 'PATCH' | 'DELETE', id: string, body: unknown, options: Options = {}) =>
  t.request({ method, url: `/api/assignments/${id}`, token: options.token ?? tokens.manager, body, headers: headersOf(options) });
const patch = (id: string, body: unknown, options: Options = {}) => write('PATCH', id, body, options);
const put = (id: string, body: unknown, options: Options = {}) => write('PUT', id, body, options);
const remove = (id: string, options: Options & { body?: unknown } = {}) => write('DELETE', id, options.body, options);

const list = async (token = tokens.manager): Promise<Populated[]> => {
  const response = await t.request({ method: 'GET', url: '/api/assignments', token });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const capacity = async (engineerId: string): Promise<Capacity> => {
  const response = await t.request({ method: 'GET', url: `/api/engineers/${engineerId}/capacity`, token: tokens.manager });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** A fresh assignment of Lucas Silva (no current work in the demo) on the Customer Portal Redesign. */
/** A write's answer is the assignment as GET serves it, and beside it the overloads the write made (assignment-overloads.test.ts). */
const written = (response: { json: () => unknown }): Populated => {
  const { overloads, ...assignment } = response.json() as Populated & { overloads: unknown };
  expect(overloads).toEqual(expect.any(Array));
  return assignment;
};
const create = async (overrides: Record<string, unknown> = {}, token = tokens.manager): Promise<Populated> => {
  const response = await post(validAssignmentPayload(engineerIds.lucas, projectIds.portal, { startDate: day(-1), endDate: day(30), ...overrides }), { token });
  expect(response.statusCode, response.body).toBe(201);
  return written(response);
};

const eventCount = () => dbEventCount(t);
const streamEvents = (assignmentId: string) => dbStreamEvents(t, `assignment-${assignmentId}`);

// ---- POST

describe('POST /api/assignments', () => {
  it('creates the assignment: 201, populated, version 1, ETag "1"', async () => {
    const before = await eventCount();
    const response = await post({
      engineerId: engineerIds.lucas,
      projectId: projectIds.portal,
      role: 'Frontend Engineer',
      allocationPercentage: 40,
      startDate: day(-1),
      endDate: day(30),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers.etag).toBe('"1"');
    expect(Object.keys(response.json()).sort()).toEqual([...assignmentKeys, 'overloads'].sort());
    const body = written(response);
    expect(body).toEqual({
      _id: expect.stringMatching(UUID_V7),
      engineerId: { _id: engineerIds.lucas, name: 'Lucas Silva', email: 'lucas.silva@demo.test' },
      projectId: { _id: projectIds.portal, name: 'Customer Portal Redesign', status: 'active' },
      role: 'Frontend Engineer',
      allocationPercentage: 40,
      startDate: day(-1),
      endDate: day(30),
      version: 1,
    });
    expect(await eventCount()).toBe(before + 1);
  });

  it('records one AssignmentCreated with the input and the acting manager in the metadata', async () => {
    const created = await create({ role: 'Reviewer', allocationPercentage: 10 }, tokens.manager2);
    const events = await streamEvents(created._id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      stream_position: 1,
      type: 'AssignmentCreated',
      data: {
        assignmentId: created._id, engineerId: engineerIds.lucas, projectId: projectIds.portal,
        role: 'Reviewer', allocationPercentage: 10, startDate: day(-1), endDate: day(30),
      },
      metadata: { actorId: actorIds.manager2, actorRole: 'manager' },
    });
  });

  it('normalises dates to ISO 8601 and trims the role', async () => {
    const start = day(2).slice(0, 10);
    const end = day(9).slice(0, 10);
    const created = await create({ role: '  QA Lead  ', startDate: start, endDate: end });
    expect(created).toMatchObject({ role: 'QA Lead', startDate: `${start}T00:00:00.000Z`, endDate: `${end}T00:00:00.000Z` });
  });

  it('accepts a planning project and the allocation bounds 1 and 100', async () => {
    for (const allocationPercentage of [1, 100]) {
      const response = await post(validAssignmentPayload(engineerIds.jordan, projectIds.mobile, { allocationPercentage, startDate: day(20), endDate: day(40) }));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ allocationPercentage, projectId: { status: 'planning' } });
    }
  });

  it('read-your-writes: the next GETs show it, and the capacity counts a new current assignment', async () => {
    const before = await capacity(engineerIds.lucas);
    const created = await create({ allocationPercentage: 35 });

    const one = await get(created._id);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(created);
    expect(one.headers.etag).toBe('"1"');
    expect((await list()).find((a) => a._id === created._id)).toEqual(created);

    const after = await capacity(engineerIds.lucas);
    expect(after.currentAllocation).toBe(before.currentAllocation + 35);
    expect(after.availableCapacity).toBe(before.availableCapacity - 35);
    expect(after.currentAssignments.map((a) => a._id)).toContain(created._id);
  });

  it('an upcoming assignment does not count as current allocation', async () => {
    const before = await capacity(engineerIds.lucas);
    const created = await create({ startDate: day(200), endDate: day(230), allocationPercentage: 90 });
    const after = (await t.request({ method: 'GET', url: `/api/engineers/${engineerIds.lucas}/capacity`, token: tokens.manager })).json();
    expect(after.currentAllocation).toBe(before.currentAllocation);
    expect(after.upcomingAssignments.map((a: { _id: string }) => a._id)).toContain(created._id);
  });

  const rules: [string, Record<string, unknown>, string, string | undefined][] = [
    ['allocation 0', { allocationPercentage: 0 }, 'Allocation must be between 1 and 100', 'allocationPercentage'],
    ['allocation 101', { allocationPercentage: 101 }, 'Allocation must be between 1 and 100', 'allocationPercentage'],
    ['allocation -5', { allocationPercentage: -5 }, 'Allocation must be between 1 and 100', 'allocationPercentage'],
    ['allocation missing', { allocationPercentage: undefined }, 'Allocation must be between 1 and 100', 'allocationPercentage'],
    ['allocation as text', { allocationPercentage: '50' }, 'Allocation must be between 1 and 100', 'allocationPercentage'],
    ['role missing', { role: undefined }, 'Role is required', 'role'],
    ['role empty', { role: '' }, 'Role is required', 'role'],
    ['role blank', { role: '   ' }, 'Role is required', 'role'],
    ['start date missing', { startDate: undefined }, 'Start date is required', 'startDate'],
    ['start date unreadable', { startDate: 'next week' }, 'Start date is required', 'startDate'],
    ['end date missing', { endDate: undefined }, 'End date is required', 'endDate'],
    ['end before start', { startDate: dayFromToday(10), endDate: dayFromToday(5) }, 'End date cannot be before start date', 'endDate'],
    ['engineer missing', { engineerId: undefined }, 'Engineer is required', 'engineerId'],
    ['project missing', { projectId: undefined }, 'Project is required', 'projectId'],
    ['engineer unknown', { engineerId: randomUUID() }, 'Engineer not found', 'engineerId'],
    ['project unknown', { projectId: randomUUID() }, 'Project not found', 'projectId'],
  ];

  it.each(rules)('%s -> 400 with the message, nothing recorded', async (_what, overrides, message, path) => {
    const before = await eventCount();
    const response = await post(validAssignmentPayload(engineerIds.lucas, projectIds.portal, overrides));
    expectValidation(response, message, path);
    expect(await eventCount()).toBe(before);
  });

  it('a completed project -> 400 "Cannot assign engineers to a completed project", nothing recorded', async () => {
    const before = await eventCount();
    const response = await post(validAssignmentPayload(engineerIds.lucas, projectIds.tools, { startDate: day(-100), endDate: day(-30) }));
    expectValidation(response, 'Cannot assign engineers to a completed project', 'projectId');
    expect(await eventCount()).toBe(before);
  });

  it('a body that is not an object -> 400', async () => {
    const response = await t.request({
      method: 'POST', url: '/api/assignments', token: tokens.manager, body: '[1,2]', headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String), code: 'VALIDATION_FAILED' });
  });

  it('an Idempotency-Key retry returns the same assignment and records nothing more', async () => {
    const body = validAssignmentPayload(engineerIds.lucas, projectIds.payments, { role: 'Retry Safe' });
    const key = randomUUID();
    const first = await post(body, { headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(201);
    const before = await eventCount();
    const again = await post(body, { headers: { 'idempotency-key': key } });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await eventCount()).toBe(before);
  });
});

// ---- GET one

describe('GET /api/assignments/:id', () => {
  it.each(['manager', 'auditor'] as const)('the %s reads any assignment, with its ETag', async (who) => {
    const response = await get(seeded.priyaPayments._id, tokens[who]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(seeded.priyaPayments);
    expect(response.headers.etag).toBe(`"${seeded.priyaPayments.version}"`);
  });

  it('an engineer reads their own', async () => {
    const response = await get(seeded.samPortal._id, tokens.engineer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: seeded.samPortal._id, engineerId: { _id: engineerIds.sam } });
  });

  it("an engineer gets 404 for someone else's, as if it did not exist", async () => {
    const response = await get(seeded.priyaPayments._id, tokens.engineer);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Assignment not found', code: 'NOT_FOUND' });
  });

  it('an unknown id -> 404', async () => {
    const response = await get(randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Assignment not found', code: 'NOT_FOUND' });
  });

  it('without a token -> 401', async () => {
    const response = await t.request({ method: 'GET', url: `/api/assignments/${seeded.samPortal._id}` });
    expect(response.statusCode).toBe(401);
  });
});

// ---- PATCH

describe('PATCH /api/assignments/:id', () => {
  it('changes some fields with If-Match: 200, the new version and ETag; the next GETs show it', async () => {
    const created = await create();
    const response = await patch(created._id, { allocationPercentage: 55, role: 'Senior Frontend' }, { ifMatch: '"1"' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    expect(written(response)).toEqual({ ...created, allocationPercentage: 55, role: 'Senior Frontend', version: 2 });

    const again = await get(created._id);
    expect(again.json()).toEqual(written(response));
    expect(again.headers.etag).toBe('"2"');
    expect((await list()).find((a) => a._id === created._id)).toEqual(written(response));
  });

  it('records AssignmentUpdated with only the changed fields and the acting manager', async () => {
    const created = await create();
    const response = await patch(created._id, { allocationPercentage: 60, role: created.role, version: 1 }, { token: tokens.manager2 });
    expect(response.statusCode, response.body).toBe(200);
    const events = await streamEvents(created._id);
    expect(events.map((e) => e.type)).toEqual(['AssignmentCreated', 'AssignmentUpdated']);
    expect(events[1]).toMatchObject({
      stream_position: 2,
      data: { assignmentId: created._id, changes: { allocationPercentage: 60 } },
      metadata: { actorId: actorIds.manager2, actorRole: 'manager' },
    });
    expect(events[1]!.data.changes).toEqual({ allocationPercentage: 60 });
  });

  it('takes the version from the body as well, and If-Match as W/"n" or a bare number', async () => {
    const created = await create();
    expect((await patch(created._id, { role: 'A', version: 1 })).statusCode).toBe(200);
    expect((await patch(created._id, { role: 'B' }, { ifMatch: 'W/"2"' })).statusCode).toBe(200);
    const third = await patch(created._id, { role: 'C' }, { ifMatch: '3' });
    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({ role: 'C', version: 4 });
  });

  it('moving the dates counts in the capacity at once (read-your-writes)', async () => {
    const created = await create({ allocationPercentage: 25, startDate: day(50), endDate: day(80) });
    const before = await capacity(engineerIds.lucas);
    expect(before.currentAssignments.map((a) => a._id)).not.toContain(created._id);
    const response = await patch(created._id, { startDate: day(-2) }, { ifMatch: '"1"' });
    expect(response.statusCode, response.body).toBe(200);
    const after = await capacity(engineerIds.lucas);
    expect(after.currentAllocation).toBe(before.currentAllocation + 25);
    expect(after.currentAssignments.map((a) => a._id)).toContain(created._id);
  });

  it('a change to nothing new: 200, same version, nothing recorded', async () => {
    const created = await create();
    const before = await eventCount();
    const response = await patch(created._id, { role: created.role, allocationPercentage: created.allocationPercentage }, { ifMatch: '"1"' });
    expect(response.statusCode).toBe(200);
    expect(written(response)).toEqual(created);
    expect(response.headers.etag).toBe('"1"');
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['allocation 0', { allocationPercentage: 0 }, 'Allocation must be between 1 and 100', 'allocationPercentage'],
    ['allocation 101', { allocationPercentage: 101 }, 'Allocation must be between 1 and 100', 'allocationPercentage'],
    ['role empty', { role: '' }, 'Role is required', 'role'],
    ['end before start, both sent', { startDate: dayFromToday(10), endDate: dayFromToday(5) }, 'End date cannot be before start date', 'endDate'],
    ['end before the stored start', { endDate: dayFromToday(-30) }, 'End date cannot be before start date', 'endDate'],
    ['start after the stored end', { startDate: dayFromToday(31) }, 'End date cannot be before start date', 'endDate'],
    ['unreadable date', { endDate: 'soon' }, 'End date is required', 'endDate'],
  ] as const)('%s -> 400 with the message, nothing recorded', async (_what, body, message, path) => {
    const created = await create();
    const before = await eventCount();
    expectValidation(await patch(created._id, body, { ifMatch: '"1"' }), message, path);
    expect(await eventCount()).toBe(before);
    expect((await get(created._id)).json()).toEqual(created);
  });

  it('an assignment on a completed project -> 400 "Cannot assign engineers to a completed project"', async () => {
    const before = await eventCount();
    const response = await patch(seeded.lucasTools._id, { allocationPercentage: 45 }, { ifMatch: `"${seeded.lucasTools.version}"` });
    expectValidation(response, 'Cannot assign engineers to a completed project', 'projectId');
    expect(await eventCount()).toBe(before);
  });

  it('without a version -> 428 VERSION_REQUIRED, nothing recorded', async () => {
    const created = await create();
    const before = await eventCount();
    const response = await patch(created._id, { allocationPercentage: 70 });
    expect(response.statusCode).toBe(428);
    expect(response.json()).toEqual({ message: expect.stringMatching(/version/i), code: 'VERSION_REQUIRED' });
    expect(await eventCount()).toBe(before);
  });

  it('If-Match: * is no version -> 428', async () => {
    const created = await create();
    expect((await patch(created._id, { allocationPercentage: 70 }, { ifMatch: '*' })).statusCode).toBe(428);
  });

  it('a stale If-Match -> 409 with the current version; the edit is not applied', async () => {
    const created = await create();
    expect((await patch(created._id, { allocationPercentage: 50 }, { ifMatch: '"1"' })).statusCode).toBe(200);
    const before = await eventCount();
    const stale = await patch(created._id, { allocationPercentage: 90 }, { ifMatch: '"1"', token: tokens.manager2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2 });
    expect(await eventCount()).toBe(before);
    expect((await get(created._id)).json()).toMatchObject({ allocationPercentage: 50, version: 2 });
  });

  it('a stale `version` in the body -> 409 as well (also one from the future)', async () => {
    const created = await create();
    expect((await patch(created._id, { allocationPercentage: 50, version: 1 })).statusCode).toBe(200);
    for (const version of [1, 7]) {
      const stale = await patch(created._id, { allocationPercentage: 90, version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2 });
    }
  });

  it('a malformed If-Match -> 400', async () => {
    const created = await create();
    const response = await patch(created._id, { allocationPercentage: 50 }, { ifMatch: 'latest' });
    expect(response.statusCode).toBe(400);
  });

  it.each(['"0"', '"1"'])('an unknown id -> 404 (If-Match %s)', async (ifMatch) => {
    const response = await patch(randomUUID(), { allocationPercentage: 50 }, { ifMatch });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ message: 'Assignment not found', code: 'NOT_FOUND' });
  });

  it('concurrent PATCHes with the same version: exactly one 200, the rest 409, one event more', async () => {
    const created = await create({ allocationPercentage: 20 });
    const before = await eventCount();
    const allocations = [21, 22, 23, 24, 25, 26];
    const responses = await Promise.all(
      allocations.map((allocationPercentage, i) =>
        patch(created._id, { allocationPercentage }, { ifMatch: '"1"', token: i % 2 ? tokens.manager2 : tokens.manager })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(allocations.length - 1);
    for (const loser of responses.filter((r) => r.statusCode === 409)) {
      expect(loser.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2 });
    }
    expect(await eventCount()).toBe(before + 1);

    const winner = written(responses.find((r) => r.statusCode === 200)!);
    expect(winner.version).toBe(2);
    expect((await get(created._id)).json()).toEqual(winner);
    expect((await streamEvents(created._id)).map((e) => e.stream_position)).toEqual([1, 2]);
  });
});

// ---- PUT

describe('PUT /api/assignments/:id', () => {
  const replacement = () => ({ role: 'Platform Engineer', allocationPercentage: 75, startDate: day(5), endDate: day(45) });

  it('replaces role, allocation and dates: 200, the new version and ETag, the next GET shows it', async () => {
    const created = await create();
    const response = await put(created._id, replacement(), { ifMatch: '"1"' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    expect(written(response)).toEqual({ ...created, ...replacement(), version: 2 });
    expect((await get(created._id)).json()).toEqual(written(response));

    const events = await streamEvents(created._id);
    expect(events[1]).toMatchObject({
      type: 'AssignmentUpdated',
      data: { changes: { role: 'Platform Engineer', allocationPercentage: 75, startDate: day(5), endDate: day(45) } },
      metadata: { actorId: actorIds.manager, actorRole: 'manager' },
    });
  });

  it('takes the version in the body', async () => {
    const created = await create();
    const response = await put(created._id, { ...replacement(), version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ version: 2 });
  });

  it('never moves the assignment to another engineer or project', async () => {
    const created = await create();
    const response = await put(created._id, { ...replacement(), engineerId: engineerIds.priya, projectId: projectIds.payments }, { ifMatch: '"1"' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ engineerId: { _id: engineerIds.lucas }, projectId: { _id: projectIds.portal } });
  });

  it.each([
    ['role', 'Role is required'],
    ['allocationPercentage', 'Allocation must be between 1 and 100'],
    ['startDate', 'Start date is required'],
    ['endDate', 'End date is required'],
  ] as const)('needs all four fields: without %s -> 400', async (field, message) => {
    const created = await create();
    const before = await eventCount();
    const body: Record<string, unknown> = replacement();
    delete body[field];
    expectValidation(await put(created._id, body, { ifMatch: '"1"' }), message, field);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['allocation 101', { allocationPercentage: 101 }, 'Allocation must be between 1 and 100'],
    ['role blank', { role: ' ' }, 'Role is required'],
    ['end before start', { startDate: dayFromToday(9), endDate: dayFromToday(3) }, 'End date cannot be before start date'],
  ] as const)('%s -> 400', async (_what, overrides, message) => {
    const created = await create();
    expectValidation(await put(created._id, { ...replacement(), ...overrides }, { ifMatch: '"1"' }), message);
  });

  it('an assignment on a completed project -> 400', async () => {
    const response = await put(seeded.lucasTools._id, { ...replacement(), startDate: day(-150), endDate: day(-20) }, { ifMatch: '"1"' });
    expectValidation(response, 'Cannot assign engineers to a completed project', 'projectId');
  });

  it('428 without a version, 409 with a stale one', async () => {
    const created = await create();
    const missing = await put(created._id, replacement());
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({ code: 'VERSION_REQUIRED' });

    expect((await put(created._id, replacement(), { ifMatch: '"1"' })).statusCode).toBe(200);
    const stale = await put(created._id, { ...replacement(), role: 'Other' }, { ifMatch: '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2 });
    const staleBody = await put(created._id, { ...replacement(), role: 'Other', version: 1 });
    expect(staleBody.statusCode).toBe(409);
  });

  it('an unknown id -> 404', async () => {
    const response = await put(randomUUID(), replacement(), { ifMatch: '"1"' });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ message: 'Assignment not found', code: 'NOT_FOUND' });
  });
});

// ---- DELETE

describe('DELETE /api/assignments/:id', () => {
  it('removes it: 200 {message, version}; it leaves GET one, the lists and the capacity', async () => {
    const created = await create({ allocationPercentage: 15 });
    const capacityBefore = await capacity(engineerIds.lucas);
    const before = await eventCount();

    const response = await remove(created._id, { ifMatch: '"1"', token: tokens.manager2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Assignment removed', version: 2 });
    expect(await eventCount()).toBe(before + 1);

    const gone = await get(created._id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Assignment not found', code: 'NOT_FOUND' });
    expect((await list()).map((a) => a._id)).not.toContain(created._id);
    expect((await list(tokens.auditor)).map((a) => a._id)).not.toContain(created._id);

    const capacityAfter = await capacity(engineerIds.lucas);
    expect(capacityAfter.currentAllocation).toBe(capacityBefore.currentAllocation - 15);
    expect(capacityAfter.currentAssignments.map((a) => a._id)).not.toContain(created._id);
  });

  it('keeps the history: the events endpoint still lists AssignmentCreated and shows AssignmentRemoved, with their actors', async () => {
    const created = await create({ role: 'Short Stint' });
    expect((await remove(created._id, { ifMatch: '"1"', token: tokens.manager2 })).statusCode).toBe(200);

    const events = await streamHistory(t, tokens.auditor, `assignment-${created._id}`, 2);
    expect(events.map((e) => [e.streamPosition, e.type])).toEqual([[1, 'AssignmentCreated'], [2, 'AssignmentRemoved']]);
    expect(events[0]).toMatchObject({
      data: { assignmentId: created._id, engineerId: engineerIds.lucas, projectId: projectIds.portal, role: 'Short Stint' },
      metadata: { actorId: actorIds.manager, actorRole: 'manager' },
    });
    expect(events[1]).toMatchObject({
      data: { assignmentId: created._id },
      metadata: { actorId: actorIds.manager2, actorRole: 'manager' },
    });
    // The manager reads it too, by type and by actor.
    const removals = await t.request({ method: 'GET', url: `/api/events?type=AssignmentRemoved&actorId=${actorIds.manager2}&limit=1000`, token: tokens.manager });
    expect((removals.json() as { events: { streamId: string }[] }).events.map((e) => e.streamId)).toContain(`assignment-${created._id}`);
  });

  it("removes an engineer's own assignment from their list too", async () => {
    const created = await create({ role: 'Pairing' });
    const samOwn = await post(validAssignmentPayload(engineerIds.sam, projectIds.payments, { role: 'Sam Temp' }));
    expect(samOwn.statusCode).toBe(201);
    const samId = samOwn.json()._id as string;
    expect((await list(tokens.engineer)).map((a) => a._id)).toContain(samId);
    expect((await remove(samId, { body: { version: 1 } })).statusCode).toBe(200);
    expect((await list(tokens.engineer)).map((a) => a._id)).not.toContain(samId);
    expect((await get(samId, tokens.engineer)).statusCode).toBe(404);
    expect((await get(created._id)).statusCode).toBe(200);
  });

  it('takes the version in the body', async () => {
    const created = await create();
    const response = await remove(created._id, { body: { version: 1 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Assignment removed', version: 2 });
  });

  it('without a version -> 428; with a stale one -> 409; the assignment stays', async () => {
    const created = await create();
    const missing = await remove(created._id);
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toEqual({ message: expect.any(String), code: 'VERSION_REQUIRED' });

    expect((await patch(created._id, { role: 'Changed' }, { ifMatch: '"1"' })).statusCode).toBe(200);
    const stale = await remove(created._id, { ifMatch: '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: CONFLICT, code: 'VERSION_CONFLICT', currentVersion: 2 });
    const staleBody = await remove(created._id, { body: { version: 1 } });
    expect(staleBody.statusCode).toBe(409);
    expect((await get(created._id)).json()).toMatchObject({ role: 'Changed', version: 2 });
  });

  it('a removed assignment is gone for later edits: DELETE again and PATCH -> 404', async () => {
    const created = await create();
    expect((await remove(created._id, { ifMatch: '"1"' })).statusCode).toBe(200);
    const before = await eventCount();
    for (const response of [
      await remove(created._id, { ifMatch: '"2"' }),
      await remove(created._id, { ifMatch: '"1"' }),
      await patch(created._id, { role: 'Back' }, { ifMatch: '"2"' }),
      await patch(created._id, { role: 'Back' }, { ifMatch: '"1"' }),
      await put(created._id, { role: 'Back', allocationPercentage: 10, startDate: day(1), endDate: day(2) }, { ifMatch: '"2"' }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: 'Assignment not found', code: 'NOT_FOUND' });
    }
    expect(await eventCount()).toBe(before);
  });

  it('an unknown id -> 404', async () => {
    for (const ifMatch of ['"0"', '"1"']) {
      const response = await remove(randomUUID(), { ifMatch });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: 'Assignment not found', code: 'NOT_FOUND' });
    }
  });
});

// ---- roles

describe('roles: only a manager writes assignments', () => {
  const validPut = () => ({ role: 'Hijack', allocationPercentage: 99, startDate: day(1), endDate: day(2) });
  const writes: [string, (id: string) => Promise<Awaited<ReturnType<typeof post>>>, Who][] = [];
  for (const who of ['engineer', 'auditor'] as const) {
    writes.push(
      ['POST', () => post(validAssignmentPayload(engineerIds.sam, projectIds.payments), { token: tokens[who] }), who],
      ['PUT', (id) => put(id, validPut(), { ifMatch: '"1"', token: tokens[who] }), who],
      ['PATCH', (id) => patch(id, { allocationPercentage: 99 }, { ifMatch: '"1"', token: tokens[who] }), who],
      ['PATCH without a version', (id) => patch(id, { allocationPercentage: 99 }, { token: tokens[who] }), who],
      ['PATCH with an invalid body', (id) => patch(id, { allocationPercentage: 500 }, { token: tokens[who] }), who],
      ['DELETE', (id) => remove(id, { ifMatch: '"1"', token: tokens[who] }), who],
    );
  }

  it.each(writes.map(([what, run, who]) => [who, what, run] as const))(
    "the %s: %s (even on the engineer's own assignment) -> 403, nothing recorded",
    async (_who, _what, run) => {
      const target = seeded.samPortal;
      const before = await eventCount();
      const response = await run(target._id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: expect.stringMatching(/\S/), code: 'FORBIDDEN' });
      expect(await eventCount()).toBe(before);
      expect((await get(target._id)).json()).toEqual(target);
    },
  );

  it('without a token every write -> 401', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const url = method === 'POST' ? '/api/assignments' : `/api/assignments/${seeded.samPortal._id}`;
      const response = await t.request({ method, url, body: method === 'DELETE' ? undefined : {}, headers: { 'if-match': '"1"' } });
      expect(response.statusCode, method).toBe(401);
    }
  });

  it('both managers may write', async () => {
    for (const who of ['manager', 'manager2'] as const) {
      const created = await create({ role: `By ${who}` }, tokens[who]);
      expect((await patch(created._id, { allocationPercentage: 11 }, { ifMatch: '"1"', token: tokens[who] })).statusCode).toBe(200);
      expect((await put(created._id, validPut(), { ifMatch: '"2"', token: tokens[who] })).statusCode).toBe(200);
      expect((await remove(created._id, { ifMatch: '"3"', token: tokens[who] })).statusCode).toBe(200);
      const types = (await streamEvents(created._id)).map((e) => [e.type, e.metadata.actorId]);
      expect(types).toEqual([
        ['AssignmentCreated', actorIds[who]],
        ['AssignmentUpdated', actorIds[who]],
        ['AssignmentUpdated', actorIds[who]],
        ['AssignmentRemoved', actorIds[who]],
      ]);
    }
  });
});
