/**
 * Bulk edit: POST /api/assignments/bulk moves, re-allocates or removes several assignments in one
 * transaction through the one command path, all or none; one command id for all of them, so one undo
 * reverses the lot; every bad input a clear 400; managers only; Idempotency-Key honoured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Assignment, Project } from '../../domain/entities.ts';
import { dayFromToday, decodeJwt, validAssignmentPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { untilAllVisible } from '../support/live-clients.ts';

let t: TestApp;
let manager: string;
let engineer: string;
let samId: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestApp();
  [manager, engineer] = await Promise.all([t.login(demo.manager), t.login(demo.engineer)]);
  samId = decodeJwt(engineer).sub as string;
  const projects = (await t.request({ method: 'GET', url: '/api/projects', token: manager })).json() as Project[];
  projectId = projects.find((p) => p.name === 'Customer Portal Redesign')!._id;
});

afterAll(async () => {
  await t?.close();
});

const bulk = (body: unknown, token = manager, headers?: Record<string, string>) => t.request({ method: 'POST', url: '/api/assignments/bulk', token, body, headers });
const commandOf = (response: LightMyRequestResponse) => response.headers['x-command-id'] as string | undefined;
const get = async (id: string) => t.request({ method: 'GET', url: `/api/assignments/${id}`, token: manager });

let sequence = 0;
const three = async () => {
  const made: Assignment[] = [];
  for (let i = 0; i < 3; i++) {
    sequence += 1;
    const body = validAssignmentPayload(samId, projectId, { role: `Bulk ${sequence}`, allocationPercentage: 20, startDate: dayFromToday(10), endDate: dayFromToday(20) });
    const response = await t.request({ method: 'POST', url: '/api/assignments', token: manager, body });
    expect(response.statusCode, response.body).toBe(201);
    made.push(response.json());
  }
  return made;
};
const shift = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

describe('POST /api/assignments/bulk', () => {
  it('moves, re-allocates and removes in one go, answering the assignments after and the ids removed', async () => {
    const [a, b, c] = await three();
    const response = await bulk({ changes: [
      { assignmentId: a!._id, version: a!.version, op: 'move', days: 7 },
      { assignmentId: b!._id, version: b!.version, op: 'allocation', allocationPercentage: 35 },
      { assignmentId: c!._id, version: c!.version, op: 'remove' },
    ] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { assignments: Assignment[]; removed: string[] };
    expect(answer.removed).toEqual([c!._id]);
    expect(answer.assignments.map((x) => x._id)).toEqual([a!._id, b!._id]);
    expect(answer.assignments[0]).toMatchObject({ startDate: shift(a!.startDate, 7), endDate: shift(a!.endDate, 7), version: a!.version + 1, engineerId: { _id: samId }, projectId: { _id: projectId } });
    expect(answer.assignments[1]).toMatchObject({ allocationPercentage: 35, version: b!.version + 1 });
    expect((await get(c!._id)).statusCode).toBe(404);

    // One command id on every event of the bulk edit, and one undo reverses it all.
    await untilAllVisible(t.app.db);
    for (const x of [a!, b!, c!]) {
      const events = (await t.request({ method: 'GET', url: `/api/events?streamId=assignment-${x._id}`, token: manager })).json().events as { metadata: { commandId: string } }[];
      expect(events.at(-1)!.metadata.commandId).toBe(commandOf(response));
    }
    const undo = await t.request({ method: 'POST', url: `/api/undo/${commandOf(response)}`, token: manager, body: {} });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ reversed: 3 });
    expect((await get(a!._id)).json()).toMatchObject({ startDate: a!.startDate, endDate: a!.endDate });
    expect((await get(b!._id)).json()).toMatchObject({ allocationPercentage: 20 });
    expect((await get(c!._id)).json()).toMatchObject({ role: c!.role, version: c!.version + 2 });
  });

  it('is atomic: one stale version is a 409 naming it, and nothing moves', async () => {
    const [a, b, c] = await three();
    const touched = await t.request({ method: 'PATCH', url: `/api/assignments/${b!._id}`, token: manager, body: { role: 'Someone else', version: b!.version } });
    expect(touched.statusCode).toBe(200);
    const response = await bulk({ changes: [a!, b!, c!].map((x) => ({ assignmentId: x._id, version: x.version, op: 'move', days: 3 })) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'An assignment in this bulk edit was changed by someone else, so nothing was changed. Reload to see the latest version.',
      code: 'VERSION_CONFLICT', assignmentId: b!._id, currentVersion: b!.version + 1,
    });
    expect(commandOf(response)).toBeUndefined();
    for (const x of [a!, c!]) expect((await get(x._id)).json()).toMatchObject({ startDate: x.startDate, version: x.version });
  });

  it('an assignment that is not there is a 404 naming it, and nothing moves', async () => {
    const [a] = await three();
    const response = await bulk({ changes: [
      { assignmentId: a!._id, version: a!.version, op: 'allocation', allocationPercentage: 90 },
      { assignmentId: '0190a000-0000-7000-8000-00000000dead', version: 1, op: 'move', days: 1 },
    ] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Assignment not found', assignmentId: '0190a000-0000-7000-8000-00000000dead' });
    expect((await get(a!._id)).json()).toMatchObject({ allocationPercentage: 20, version: a!.version });
  });

  it('answers every bad input with a clear 400', async () => {
    const [a] = await three();
    const one = (change: Record<string, unknown>) => ({ changes: [{ assignmentId: a!._id, version: a!.version, ...change }] });
    const cases: [unknown, string][] = [
      [{}, 'Send 1 to 200 changes'],
      [{ changes: [] }, 'Send 1 to 200 changes'],
      [{ changes: Array.from({ length: 201 }, (_, i) => ({ assignmentId: `x${i}`, version: 1, op: 'remove' })) }, 'At most 200 changes at once'],
      [one({ op: 'move', days: 1.5 }), 'days must be a whole number from -3660 to 3660'],
      [one({ op: 'move' }), 'days must be a whole number from -3660 to 3660'],
      [one({ op: 'allocation', allocationPercentage: 150 }), 'Allocation must be between 1 and 100'],
      [one({ op: 'fold' }), "op must be 'move', 'allocation' or 'remove'"],
      [{ changes: [{ assignmentId: a!._id, op: 'remove' }] }, 'version must be a whole number'],
      [{ changes: [{ assignmentId: a!._id, version: 1, op: 'remove' }, { assignmentId: a!._id, version: 1, op: 'move', days: 2 }] }, 'Each assignment may appear once in a bulk edit'],
      [{ changes: 'all of them' }, 'Send 1 to 200 changes'],
    ];
    for (const [body, message] of cases) {
      const response = await bulk(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(response.json(), JSON.stringify(body).slice(0, 200)).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const ending = await bulk(one({ op: 'move', days: 3660 * 1 }));
    expect(ending.statusCode).toBe(200);
    expect((await get(a!._id)).json().version).toBe(a!.version + 1);
  });

  it('is for managers only', async () => {
    const [a] = await three();
    const response = await bulk({ changes: [{ assignmentId: a!._id, version: a!.version, op: 'remove' }] }, engineer);
    expect(response.statusCode).toBe(403);
    expect((await get(a!._id)).statusCode).toBe(200);
  });

  it('a retry with the same Idempotency-Key replays the answer and its command id, and moves nothing again', async () => {
    const [a, b] = await three();
    const body = { changes: [a!, b!].map((x) => ({ assignmentId: x._id, version: x.version, op: 'move', days: -2 })) };
    const first = await bulk(body, manager, { 'idempotency-key': 'bulk-1' });
    const again = await bulk(body, manager, { 'idempotency-key': 'bulk-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(commandOf(again)).toBe(commandOf(first));
    expect((await get(a!._id)).json()).toMatchObject({ startDate: shift(a!.startDate, -2), version: a!.version + 1 });
  });
});
