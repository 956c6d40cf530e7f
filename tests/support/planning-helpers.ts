/**
 * Helpers shared by the planning integration tests (tests/integration/planning-*.test.ts) and
 * the history log test: the four demo sign-ins, a stream's rows in the event store, and the 400 shape.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Api } from './api-client.ts';
import { decodeJwt } from './api-helpers.ts';
import { demo, type TestApp } from './app.ts';

export type Who = 'manager' | 'manager2' | 'engineer' | 'auditor';

/** Signs in the two managers, the engineer and the auditor of the demo: their tokens and user ids (the token's sub). */
export async function signInAll(t: Pick<Api, 'login'>): Promise<{ tokens: Record<Who, string>; actorIds: Record<Who, string> }> {
  const [manager, manager2, engineer, auditor] = await Promise.all([
    t.login(demo.manager), t.login(demo.manager2), t.login(demo.engineer), t.login(demo.auditor),
  ]);
  const tokens = { manager, manager2, engineer, auditor };
  const actorIds = {
    manager: decodeJwt(manager).sub as string,
    manager2: decodeJwt(manager2).sub as string,
    engineer: decodeJwt(engineer).sub as string,
    auditor: decodeJwt(auditor).sub as string,
  };
  return { tokens, actorIds };
}

/** One stream's rows in the events table, in order. */
export const dbStreamEvents = async (t: TestApp, streamId: string) =>
  (await sql<{ stream_position: number; type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>`
     select stream_position, type, data, metadata from events where stream_id = ${streamId} order by stream_position`.execute(t.app.db)).rows;

/** A 400 VALIDATION_FAILED with `message`, and among its issues one with it (at `path` when given). */
export const expectValidation = (response: LightMyRequestResponse, message: string, path?: string) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
  expect(body.issues).toEqual(expect.arrayContaining([path === undefined ? expect.objectContaining({ message }) : { path, message }]));
};
