/**
 * Helpers shared by the capacity-facts integration tests (tests/integration/capacity-facts-*.test.ts):
 * the answers of the new writes and lists, checked the same way in each file.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

export const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

/** The body of a 2xx answer with that status, its ETag equal to the body's version when it has one. */
export function expectWritten<T>(response: LightMyRequestResponse, status: number): T {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as T & { version?: number };
  if (body.version !== undefined) expect(response.headers.etag).toBe(`"${body.version}"`);
  return body;
}

/** A refusal: its status and code, and the message when given. */
export function expectRefused(response: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code, ...(message === undefined ? {} : { message }) });
}

/** A list as the other lists answer it: a bare array with X-Cursor and X-Snapshot. */
export function expectList<T>(response: LightMyRequestResponse): T[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['x-cursor']).toMatch(/^\d+:\d+$/);
  expect(response.headers['x-snapshot']).toMatch(/^\d+:\d+:/);
  const body = response.json() as T[];
  expect(Array.isArray(body)).toBe(true);
  return body;
}

/** The stored events of one type, oldest first. */
export const eventsOfType = async (t: TestApp, type: string) =>
  (await sql<{ stream_id: string; stream_position: number; data: Record<string, unknown>; metadata: Record<string, unknown>; transaction_id: string }>`
     select stream_id, stream_position, data, metadata, transaction_id::text as transaction_id
       from events where type = ${type} order by global_position`.execute(t.app.db)).rows;

export const eventTotal = async (t: TestApp) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.app.db)).rows[0]!.n);
