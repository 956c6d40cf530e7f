/**
 * Live channel across server instances: two instances on one database, each
 * tailing the log; a write through instance A reaches a socket.io client of instance B and a plain
 * WebSocket client of instance A. The database is the bus.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { connectSocketIo, connectStream, eventually, listen, startSecondInstance, untilAllVisible, type LiveClient } from '../support/live-clients.ts';

let t: TestApp;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
let managerToken: string;
let auditorToken: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  b = await startSecondInstance(t.databaseUrl);
  [urlA, urlB] = await Promise.all([listen(t.app), listen(b)]);
  [managerToken, auditorToken] = await Promise.all([t.login(demo.manager), t.login(demo.auditor)]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await b?.close();
  await t?.close();
});

describe('two server instances on one database', () => {
  it('a write through instance A reaches a socket.io client of instance B and a plain WebSocket client of instance A', async () => {
    await untilAllVisible(t.app.db); // so that X-Cursor is the head of the seeded log
    const list = await t.request({ method: 'GET', url: '/api/projects', token: managerToken });
    const after = list.headers['x-cursor'] as string;
    expect(after).toMatch(/^\d+:\d+$/);

    // The web app's default transports (long-polling, then the upgrade that shares the server with
    // @fastify/websocket) on B; the stream with the token in the Authorization header on A.
    const onB = await connectSocketIo(urlB, { token: managerToken, after }, { transports: ['polling', 'websocket'] });
    const onA = await connectStream(urlA, { token: auditorToken, after, via: 'header' });
    clients.push(onB, onA);
    await Promise.all([onB.untilControl('live'), onA.untilControl('live')]);

    const created = await t.request({
      method: 'POST', url: '/api/projects', token: managerToken, body: validProjectPayload({ name: 'Written Through A' }),
    });
    expect(created.statusCode).toBe(201);
    const projectId = created.json()._id as string;
    const arrived = (client: LiveClient) => client.events.some((event) => event.data.projectId === projectId);
    await Promise.all([onB.until(arrived, 'the ProjectCreated on B'), onA.until(arrived, 'the ProjectCreated on A')]);

    const [fromB] = onB.events.filter((event) => event.data.projectId === projectId);
    const [fromA] = onA.events.filter((event) => event.data.projectId === projectId);
    expect(fromB).toMatchObject({
      type: 'ProjectCreated',
      streamId: `project-${projectId}`,
      streamPosition: 1,
      data: { projectId, name: 'Written Through A' },
      metadata: { actorId: decodeJwt(managerToken).sub, actorRole: 'manager' },
    });
    expect(fromB!.cursor).toMatch(/^\d+:\d+$/);
    expect(Date.parse(fromB!.recordedAt)).not.toBeNaN();
    // The same envelope on both channels of both instances.
    expect(fromA).toEqual(fromB);
    // The long-polling session was upgraded to a WebSocket (an upgrade answered 404 would leave it polling).
    await eventually(() => onB.socket.io.engine.transport.name === 'websocket', () => `transport ${onB.socket.io.engine.transport.name}`, 10_000);
    // A quiet database otherwise: that write is all either client received after its cursor.
    expect(onB.events).toEqual([fromB]);
    expect(onA.events).toEqual([fromA]);
  });
});
