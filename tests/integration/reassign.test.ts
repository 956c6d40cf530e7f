/**
 * Reassigning: PATCH /api/assignments/:id with `engineerId` hands an assignment to another engineer.
 * One AssignmentUpdated with the engineer in `changes` and `previous`; the read model and the lists
 * follow; the History names both engineers; on the live channel both engineers hear of it (one stops
 * seeing the assignment, the other starts) and later changes go to the new engineer only, also after
 * the owners are loaded again from the log (a restart).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment } from '../../domain/entities.ts';
import { AssignmentOwners } from '../../server/live/owners.ts';
import { dayFromToday, decodeJwt, validAssignmentPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { connectSocketIo, listen, untilAllVisible, type LiveClient } from '../support/live-clients.ts';

const PRIYA = 'priya.patel@demo.test';

let t: TestApp;
let url: string;
let manager: string;
let sam: string;
let priya: string;
let samId: string;
let priyaId: string;
let projectId: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await listen(t.app);
  [manager, sam, priya] = await Promise.all([t.login(demo.manager), t.login(demo.engineer), t.login(PRIYA)]);
  samId = decodeJwt(sam).sub as string;
  priyaId = decodeJwt(priya).sub as string;
  const projects = (await t.request({ method: 'GET', url: '/api/projects', token: manager })).json() as { _id: string; status: string }[];
  projectId = projects.find((p) => p.status === 'active')!._id;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
});

const createSams = async (): Promise<Assignment> => {
  const body = validAssignmentPayload(samId, projectId, { role: 'Handed Over', allocationPercentage: 20, startDate: dayFromToday(2), endDate: dayFromToday(30) });
  const response = await t.request({ method: 'POST', url: '/api/assignments', token: manager, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const patch = (id: string, body: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/api/assignments/${id}`, token: manager, body });
const ownList = async (token: string) => ((await t.request({ method: 'GET', url: '/api/assignments', token })).json() as Assignment[]).map((a) => a._id);

describe('PATCH /api/assignments/:id with engineerId', () => {
  it('hands the assignment to the other engineer: one event with whom it was taken from, the read model and both lists follow', async () => {
    const a = await createSams();
    const response = await patch(a._id, { engineerId: priyaId, version: a.version });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json() as Assignment;
    expect(moved.engineerId._id).toBe(priyaId);
    expect(moved.version).toBe(a.version + 1);
    expect((await t.request({ method: 'GET', url: `/api/assignments/${a._id}`, token: manager })).json().engineerId._id).toBe(priyaId);

    await untilAllVisible(t.app.db);
    const events = (await t.request({ method: 'GET', url: `/api/events?streamId=assignment-${a._id}`, token: manager })).json().events as { type: string; data: unknown }[];
    expect(events.at(-1)).toMatchObject({ type: 'AssignmentUpdated', data: { assignmentId: a._id, changes: { engineerId: priyaId }, previous: { engineerId: samId } } });

    expect(await ownList(sam)).not.toContain(a._id);
    expect(await ownList(priya)).toContain(a._id);
  });

  it('the History says whose it was and whose it is; a later change names the new engineer', async () => {
    const a = await createSams();
    const moved = (await patch(a._id, { engineerId: priyaId, version: a.version })).json() as Assignment;
    expect((await patch(a._id, { allocationPercentage: 30, version: moved.version })).statusCode).toBe(200);
    await untilAllVisible(t.app.db);
    const page = (await t.request({ method: 'GET', url: '/api/history/events?limit=5', token: manager })).json() as { events: { summary: string; entity: { name: string } }[] };
    const [later, handed] = page.events;
    expect(handed!.summary).toMatch(/moved Sam Rivera's assignment on .+ to Priya Patel$/);
    expect(later!.summary).toMatch(/changed Priya Patel's allocation on .+ from 20% to 30%$/);
  });

  it('an undo of the reassignment hands it back to the engineer it was taken from', async () => {
    const a = await createSams();
    const moved = await patch(a._id, { engineerId: priyaId, version: a.version });
    const commandId = moved.headers['x-command-id'] as string;
    expect(commandId).toMatch(/^[0-9a-f-]{36}$/);
    const undone = await t.request({ method: 'POST', url: `/api/undo/${commandId}`, token: manager, body: {} });
    expect(undone.statusCode, undone.body).toBe(200);
    const back = (await t.request({ method: 'GET', url: `/api/assignments/${a._id}`, token: manager })).json() as Assignment;
    expect(back.engineerId._id).toBe(samId);
    expect(await ownList(sam)).toContain(a._id);
    expect(await ownList(priya)).not.toContain(a._id);
  });

  it('refuses an engineer who does not exist (400, engineerId) and appends nothing', async () => {
    const a = await createSams();
    const response = await patch(a._id, { engineerId: '0190a000-0000-7000-8000-00000000dead', version: a.version });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Engineer not found' });
    expect((await t.request({ method: 'GET', url: `/api/assignments/${a._id}`, token: manager })).json().version).toBe(a.version);
  });

  it('a stale version is a 409 and nothing moves', async () => {
    const a = await createSams();
    expect((await patch(a._id, { role: 'Changed', version: a.version })).statusCode).toBe(200);
    const response = await patch(a._id, { engineerId: priyaId, version: a.version });
    expect(response.statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: `/api/assignments/${a._id}`, token: manager })).json().engineerId._id).toBe(samId);
  });

  it('live: both engineers hear of the reassignment; the next change goes to the new engineer only, also after the owners are read from the log again', async () => {
    await untilAllVisible(t.app.db);
    const a = await createSams();
    await untilAllVisible(t.app.db);
    const start = (await t.request({ method: 'GET', url: '/api/projects', token: manager })).headers['x-cursor'] as string;
    const samLive = await connectSocketIo(url, { token: sam, after: start });
    const priyaLive = await connectSocketIo(url, { token: priya, after: start });
    clients.push(samLive, priyaLive);
    await Promise.all([samLive, priyaLive].map((client) => client.untilControl('live')));

    const moved = (await patch(a._id, { engineerId: priyaId, version: a.version })).json() as Assignment;
    await patch(a._id, { allocationPercentage: 45, version: moved.version });
    const done = (client: LiveClient) => client.events.some((e) => e.type === 'AssignmentUpdated' && (e.data.changes as { allocationPercentage?: number }).allocationPercentage === 45);
    await priyaLive.until(done, 'the change after the reassignment');
    await samLive.until((client) => client.events.some((e) => e.data.assignmentId === a._id), 'the reassignment');
    // Sam has had time to receive the later change too, were it routed to him.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const about = (client: LiveClient) => client.events.filter((e) => e.data.assignmentId === a._id).map((e) => Object.keys(e.data.changes as object).join(','));
    expect(about(samLive)).toEqual(['engineerId']);
    expect(about(priyaLive)).toEqual(['engineerId', 'allocationPercentage']);

    const reloaded = new AssignmentOwners();
    await reloaded.load(t.app.db);
    expect(reloaded.ownerOf(a._id)).toBe(priyaId);
    const learned = new AssignmentOwners();
    await learned.learnMissing(t.app.db, [{ ...samLive.events.find((e) => e.data.assignmentId === a._id)!, type: 'AssignmentRemoved', data: { assignmentId: a._id } } as never]);
    expect(learned.ownerOf(a._id)).toBe(priyaId);
  });
});
