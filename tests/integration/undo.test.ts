/**
 * Undo: every live planning write names its command (X-Command-Id, the metadata.commandId its events
 * carry, a replay included), and POST /api/undo/:commandId reverses it with compensating writes through
 * the one command path, recorded as its undo (metadata.undoOf) and told so by the History. Refused when
 * a record it wrote changed since (409 VERSION_CONFLICT), when already undone, when it has no inverse;
 * 404 for an unknown id; managers only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Assignment, Placeholder, Project } from '../../domain/entities.ts';
import { dayFromToday, decodeJwt, validAssignmentPayload, validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { untilAllVisible } from '../support/live-clients.ts';

let t: TestApp;
let manager: string;
let manager2: string;
let engineer: string;
let samId: string;
let priyaId: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestApp();
  [manager, manager2, engineer] = await Promise.all([t.login(demo.manager), t.login(demo.manager2), t.login(demo.engineer)]);
  samId = decodeJwt(engineer).sub as string;
  priyaId = decodeJwt(await t.login('priya.patel@demo.test')).sub as string;
  const projects = (await t.request({ method: 'GET', url: '/api/projects', token: manager })).json() as Project[];
  projectId = projects.find((p) => p.name === 'Customer Portal Redesign')!._id;
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, body?: unknown, token = manager, headers?: Record<string, string>) => t.request({ method, url, token, body, headers });
const commandOf = (response: LightMyRequestResponse) => response.headers['x-command-id'] as string | undefined;
const undo = (commandId: string, token = manager) => send('POST', `/api/undo/${commandId}`, {}, token);
const eventsOf = async (streamId: string) => {
  await untilAllVisible(t.app.db);
  return (await send('GET', `/api/events?limit=1000&streamId=${encodeURIComponent(streamId)}`)).json().events as {
    type: string; data: Record<string, unknown>; metadata: { commandId?: string; undoOf?: string; actorId: string }; streamPosition: number;
  }[];
};
const history = async (limit = 5) => {
  await untilAllVisible(t.app.db);
  return (await send('GET', `/api/history/events?limit=${limit}`)).json().events as { summary: string; undid?: { commandId: string; actor: { name: string } } }[];
};
const assignmentOf = async (id: string) => send('GET', `/api/assignments/${id}`);

const createSams = async (overrides: Record<string, unknown> = {}) => {
  const response = await send('POST', '/api/assignments', validAssignmentPayload(samId, projectId, { role: 'Undo Tester', allocationPercentage: 50, startDate: dayFromToday(3), endDate: dayFromToday(40), ...overrides }));
  expect(response.statusCode, response.body).toBe(201);
  return { assignment: response.json() as Assignment, commandId: commandOf(response)! };
};

describe('X-Command-Id on every planning write', () => {
  it('names the command id the write\'s events carry, for every kind of planning write', async () => {
    const written: { what: string; response: LightMyRequestResponse; streamId: string }[] = [];
    const record = (what: string, response: LightMyRequestResponse, streamId: string) => {
      expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
      written.push({ what, response, streamId });
      return response;
    };
    const project = record('create project', await send('POST', '/api/projects', validProjectPayload({ name: 'Header Project' })), '').json() as Project;
    written.at(-1)!.streamId = `project-${project._id}`;
    const patched = record('patch project', await send('PATCH', `/api/projects/${project._id}`, { teamSize: 5, version: project.version }), `project-${project._id}`).json() as Project;
    const tentative = record('mark tentative', await send('POST', `/api/projects/${project._id}/tentative`, { version: patched.version }), `project-${project._id}`).json() as Project;
    const confirmed = record('confirm', await send('POST', `/api/projects/${project._id}/confirm`, { version: tentative.version }), `project-${project._id}`).json() as Project;
    const placeholder = { role: 'SRE', allocationPercentage: 30, startDate: dayFromToday(5), endDate: dayFromToday(20), skills: [] };
    const added = record('add placeholder', await send('POST', `/api/projects/${project._id}/placeholders`, { ...placeholder, version: confirmed.version }), `project-${project._id}`).json() as Placeholder;
    const updated = record('update placeholder', await send('PATCH', `/api/projects/${project._id}/placeholders/${added._id}`, { allocationPercentage: 40, version: added.version }), `project-${project._id}`).json() as Placeholder;
    const filled = record('fill placeholder', await send('POST', `/api/projects/${project._id}/placeholders/${added._id}/fill`, { engineerId: priyaId, version: updated.version }), `project-${project._id}`).json() as { assignment: Assignment; version: number };
    const second = record('add another placeholder', await send('POST', `/api/projects/${project._id}/placeholders`, { ...placeholder, version: filled.version }), `project-${project._id}`).json() as Placeholder;
    record('remove placeholder', await send('DELETE', `/api/projects/${project._id}/placeholders/${second._id}`, { version: second.version }), `project-${project._id}`);
    const a = record('create assignment', await send('POST', '/api/assignments', validAssignmentPayload(samId, project._id, { role: 'Header' })), '').json() as Assignment;
    written.at(-1)!.streamId = `assignment-${a._id}`;
    const a2 = record('patch assignment', await send('PATCH', `/api/assignments/${a._id}`, { allocationPercentage: 60, version: a.version }), `assignment-${a._id}`).json() as Assignment;
    const a3 = record('put assignment', await send('PUT', `/api/assignments/${a._id}`, { role: 'Header', allocationPercentage: 55, startDate: a.startDate, endDate: a.endDate, version: a2.version }), `assignment-${a._id}`).json() as Assignment;
    record('remove assignment', await send('DELETE', `/api/assignments/${a._id}`, { version: a3.version }), `assignment-${a._id}`);
    const booked = record('book time off', await send('POST', `/api/engineers/${priyaId}/time-off`, { from: '2031-03-02', to: '2031-03-04', kind: 'vacation' }), `engineer-${priyaId}`).json() as { _id: string; version: number };
    record('cancel time off', await send('DELETE', `/api/engineers/${priyaId}/time-off/${booked._id}`, { version: booked.version }), `engineer-${priyaId}`);
    const holiday = record('add holiday', await send('POST', '/api/holidays', { date: '2031-05-01', name: 'Header Day' }), 'calendar').json() as { _id: string; version: number };
    record('remove holiday', await send('DELETE', `/api/holidays/${holiday._id}`, { version: holiday.version }), 'calendar');
    const hire = record('register engineer', await send('POST', '/api/engineers', validEngineerPayload()), '').json() as { _id: string; version: number };
    written.at(-1)!.streamId = `engineer-${hire._id}`;
    record('patch engineer', await send('PATCH', `/api/engineers/${hire._id}`, { maxCapacity: 80, version: hire.version }), `engineer-${hire._id}`);

    const ids = written.map((w) => commandOf(w.response));
    expect(ids.every((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)), JSON.stringify(ids)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { what, response, streamId } of written) {
      const carrying = (await eventsOf(streamId)).filter((e) => e.metadata.commandId === commandOf(response));
      expect(carrying.length, `${what}: events of ${streamId} carrying its X-Command-Id`).toBeGreaterThan(0);
    }
  });

  it('a retry with the same Idempotency-Key names the same command, and appends nothing', async () => {
    const body = validAssignmentPayload(samId, projectId, { role: 'Idempotent Undo' });
    const first = await send('POST', '/api/assignments', body, manager, { 'idempotency-key': 'undo-replay-1' });
    const again = await send('POST', '/api/assignments', body, manager, { 'idempotency-key': 'undo-replay-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(commandOf(again)).toBe(commandOf(first));
    expect(again.json()._id).toBe(first.json()._id);
  });

  it('a refused write names no command', async () => {
    const { assignment } = await createSams();
    const stale = await send('PATCH', `/api/assignments/${assignment._id}`, { allocationPercentage: 70, version: assignment.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(commandOf(stale)).toBeUndefined();
  });
});

describe('POST /api/undo/:commandId', () => {
  it('moves an assignment back to its allocation, records the undo, and the History says so', async () => {
    const { assignment } = await createSams();
    const moved = await send('PATCH', `/api/assignments/${assignment._id}`, { allocationPercentage: 80, version: assignment.version });
    const response = await undo(commandOf(moved)!);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { commandId: string; reversed: number };
    expect(answer).toEqual({ commandId: expect.stringMatching(/^[0-9a-f-]{36}$/), reversed: 1 });
    expect(commandOf(response)).toBe(answer.commandId);
    const now = (await assignmentOf(assignment._id)).json() as Assignment;
    expect(now).toMatchObject({ allocationPercentage: 50, version: assignment.version + 2 });

    const last = (await eventsOf(`assignment-${assignment._id}`)).at(-1)!;
    expect(last).toMatchObject({
      type: 'AssignmentUpdated', data: { changes: { allocationPercentage: 50 }, previous: { allocationPercentage: 80 } },
      metadata: { commandId: answer.commandId, undoOf: commandOf(moved) },
    });
    const [told] = await history(1);
    expect(told!.summary).toBe("Dana Whitfield undid: changed Sam Rivera's allocation on Customer Portal Redesign from 50% to 80%");
    expect(told!.undid).toEqual({ commandId: commandOf(moved), actor: { id: expect.any(String), name: 'Dana Whitfield' } });
  });

  it("says whose change it undid when another manager made it", async () => {
    const { assignment } = await createSams();
    const moved = await send('PATCH', `/api/assignments/${assignment._id}`, { role: 'Renamed', version: assignment.version }, manager2);
    expect((await undo(commandOf(moved)!)).statusCode).toBe(200);
    const [told] = await history(1);
    expect(told!.summary).toBe("Dana Whitfield undid Chris Okafor's change: changed Sam Rivera on Customer Portal Redesign: role from Undo Tester to Renamed");
  });

  it('removes a created assignment, and creates a removed one again under its own id', async () => {
    const { assignment, commandId } = await createSams();
    expect((await undo(commandId)).json()).toMatchObject({ reversed: 1 });
    expect((await assignmentOf(assignment._id)).statusCode).toBe(404);

    const again = await createSams({ role: 'Removed Then Back' });
    const removed = await send('DELETE', `/api/assignments/${again.assignment._id}`, { version: again.assignment.version });
    expect(removed.statusCode).toBe(200);
    expect((await assignmentOf(again.assignment._id)).statusCode).toBe(404);
    expect((await undo(commandOf(removed)!)).statusCode).toBe(200);
    const back = (await assignmentOf(again.assignment._id)).json() as Assignment;
    expect(back).toMatchObject({ _id: again.assignment._id, role: 'Removed Then Back', allocationPercentage: 50, startDate: again.assignment.startDate, version: again.assignment.version + 2 });
    const list = (await send('GET', '/api/assignments')).json() as Assignment[];
    expect(list.filter((a) => a._id === again.assignment._id)).toHaveLength(1);
    const [told] = await history(1);
    expect(told!.summary).toBe('Dana Whitfield undid: removed Sam Rivera from Customer Portal Redesign');
  });

  it('a removal undone after a reassignment: back with whoever had it, and the History names whose it was at each step', async () => {
    const { assignment } = await createSams({ role: 'Handed Then Removed' });
    const handed = (await send('PATCH', `/api/assignments/${assignment._id}`, { engineerId: priyaId, version: assignment.version })).json() as Assignment;
    const removed = await send('DELETE', `/api/assignments/${assignment._id}`, { version: handed.version });
    expect((await undo(commandOf(removed)!)).statusCode).toBe(200);
    expect(((await assignmentOf(assignment._id)).json() as Assignment).engineerId._id).toBe(priyaId);
    const moved = await send('PATCH', `/api/assignments/${assignment._id}`, { allocationPercentage: 45, version: handed.version + 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    const told = (await history(5)).map((e) => e.summary);
    expect(told[0]).toBe("Dana Whitfield changed Priya Patel's allocation on Customer Portal Redesign from 50% to 45%");
    expect(told[1]).toBe('Dana Whitfield undid: removed Priya Patel from Customer Portal Redesign');
    expect(told[2]).toBe('Dana Whitfield removed Priya Patel from Customer Portal Redesign');
    expect(told[4]).toMatch(/^Dana Whitfield assigned Sam Rivera to Customer Portal Redesign as Handed Then Removed/);
  });

  it('hands a reassigned assignment back', async () => {
    const { assignment } = await createSams();
    const handed = await send('PATCH', `/api/assignments/${assignment._id}`, { engineerId: priyaId, version: assignment.version });
    expect(handed.statusCode).toBe(200);
    expect((await undo(commandOf(handed)!)).statusCode).toBe(200);
    expect(((await assignmentOf(assignment._id)).json() as Assignment).engineerId._id).toBe(samId);
  });

  it('refuses when the assignment changed since (409 VERSION_CONFLICT), and appends nothing', async () => {
    const { assignment } = await createSams();
    const first = await send('PATCH', `/api/assignments/${assignment._id}`, { allocationPercentage: 70, version: assignment.version });
    const second = await send('PATCH', `/api/assignments/${assignment._id}`, { allocationPercentage: 90, version: assignment.version + 1 });
    expect(second.statusCode).toBe(200);
    const before = await eventsOf(`assignment-${assignment._id}`);
    const response = await undo(commandOf(first)!);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'The assignment changed since this change, so it can no longer be undone. Reload to see the latest version.',
      code: 'VERSION_CONFLICT', currentVersion: assignment.version + 2, streamId: `assignment-${assignment._id}`, assignmentId: assignment._id,
    });
    expect(await eventsOf(`assignment-${assignment._id}`)).toHaveLength(before.length);
    // The latest change can still be undone, and then the first one.
    expect((await undo(commandOf(second)!)).statusCode).toBe(200);
    expect((await undo(commandOf(first)!)).statusCode).toBe(200);
    expect(((await assignmentOf(assignment._id)).json() as Assignment).allocationPercentage).toBe(50);
  });

  it('says when a change was already undone, and an undo of the undo does it again', async () => {
    const { assignment } = await createSams();
    const moved = await send('PATCH', `/api/assignments/${assignment._id}`, { allocationPercentage: 65, version: assignment.version });
    const undone = await undo(commandOf(moved)!);
    const twice = await undo(commandOf(moved)!);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_UNDONE', message: 'This change was already undone.' });
    const redo = await undo((undone.json() as { commandId: string }).commandId);
    expect(redo.statusCode, redo.body).toBe(200);
    expect(((await assignmentOf(assignment._id)).json() as Assignment).allocationPercentage).toBe(65);
  });

  it('undoes a placeholder filled: the assignment goes, the placeholder is open again and can be filled again', async () => {
    const project = (await send('GET', `/api/projects/${projectId}`)).json() as Project;
    const added = (await send('POST', `/api/projects/${projectId}/placeholders`, { role: 'Undo SRE', allocationPercentage: 30, startDate: dayFromToday(5), endDate: dayFromToday(25), version: project.version })).json() as Placeholder;
    const fill = await send('POST', `/api/projects/${projectId}/placeholders/${added._id}/fill`, { engineerId: priyaId, version: added.version });
    expect(fill.statusCode, fill.body).toBe(201);
    const { assignment } = fill.json() as { assignment: Assignment };
    const response = await undo(commandOf(fill)!);
    expect(response.json()).toMatchObject({ reversed: 2 });
    expect((await assignmentOf(assignment._id)).statusCode).toBe(404);
    const open = (await send('GET', `/api/projects/${projectId}/placeholders`)).json() as Placeholder[];
    const again = open.find((p) => p._id === added._id)!;
    expect(again).toMatchObject({ role: 'Undo SRE', allocationPercentage: 30 });
    const refill = await send('POST', `/api/projects/${projectId}/placeholders/${added._id}/fill`, { engineerId: priyaId, version: again.version });
    expect(refill.statusCode, refill.body).toBe(201);
    const summaries = (await history(4)).map((e) => e.summary);
    expect(summaries).toContain('Dana Whitfield undid: filled the Undo SRE placeholder on Customer Portal Redesign with Priya Patel');
  });

  it('undoes time off, tentative and a project edit; a project with no way back is refused', async () => {
    const booked = await send('POST', `/api/engineers/${priyaId}/time-off`, { from: '2031-06-01', to: '2031-06-05', kind: 'vacation', note: 'Undo trip' });
    expect((await undo(commandOf(booked)!)).statusCode).toBe(200);
    const timeOff = (await send('GET', '/api/time-off')).json() as { _id: string }[];
    expect(timeOff.some((x) => x._id === booked.json()._id)).toBe(false);
    const [toldBooking] = await history(1);
    expect(toldBooking!.summary).toBe('Dana Whitfield undid: booked vacation for Priya Patel from 2031-06-01 to 2031-06-05 (Undo trip)');

    const created = await send('POST', '/api/projects', validProjectPayload({ name: 'Undo Project', status: 'active' }));
    const project = created.json() as Project;
    const tentative = await send('POST', `/api/projects/${project._id}/tentative`, { version: project.version });
    expect((await undo(commandOf(tentative)!)).statusCode).toBe(200);
    const confirmed = (await send('GET', `/api/projects/${project._id}`)).json() as Project;
    expect(confirmed.tentative).toBe(false);
    const edited = await send('PATCH', `/api/projects/${project._id}`, { name: 'Undo Project Renamed', status: 'completed', version: confirmed.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await undo(commandOf(edited)!)).statusCode).toBe(200);
    expect((await send('GET', `/api/projects/${project._id}`)).json()).toMatchObject({ name: 'Undo Project', status: 'active' });

    const refused = await undo(commandOf(created)!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_UNDOABLE', message: expect.stringContaining('Creating a project cannot be undone') });
    const planning = (await send('POST', '/api/projects', validProjectPayload({ name: 'Undo Planning' }))).json() as Project;
    const activated = await send('PATCH', `/api/projects/${planning._id}`, { status: 'active', version: planning.version });
    expect((await undo(commandOf(activated)!)).json()).toMatchObject({ code: 'NOT_UNDOABLE', message: expect.stringContaining('cannot move back to planning') });
  });

  it('404 for an unknown command, 403 for anyone but a manager, and it honours Idempotency-Key', async () => {
    const unknown = await undo('0190a000-0000-7000-8000-00000000dead');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'There is no change with this id to undo.' });
    const { commandId, assignment } = await createSams();
    expect((await undo(commandId, engineer)).statusCode).toBe(403);
    const first = await send('POST', `/api/undo/${commandId}`, {}, manager, { 'idempotency-key': 'undo-key-1' });
    const again = await send('POST', `/api/undo/${commandId}`, {}, manager, { 'idempotency-key': 'undo-key-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(commandOf(again)).toBe(commandOf(first));
    expect((await eventsOf(`assignment-${assignment._id}`)).filter((e) => e.metadata.undoOf === commandId)).toHaveLength(1);
  });
});
