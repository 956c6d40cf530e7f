/**
 * A database session lost under a checked-out client, made to happen at an exact point:
 * - idle_in_transaction_session_timeout ends a session between two queries of a transaction. The
 *   client emits 'error' while no query runs: with no listener that is an uncaught exception (vitest
 *   fails the run on it); the next query fails as a lost connection and the pool goes on.
 * - a trigger terminates its own session in the middle of a command: without an Idempotency-Key the
 *   answer is a clean 503 and nothing is written; with one, the command runs again once and succeeds,
 *   written exactly once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, type Db } from '../../server/db/connect.ts';
import { isConnectionError } from '../../server/db/connection-errors.ts';
import { validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let db: Db;
let manager: string;

beforeAll(async () => {
  t = await startTestApp();
  db = createDb(createPool(t.databaseUrl, 2));
  manager = await t.login(demo.manager);
  // The first project named "Cut ..." after each reset of the sequence takes its own session down
  // mid-transaction. nextval is not rolled back with the transaction, so the second attempt goes through.
  await sql`create sequence cut_once`.execute(db);
  await sql`
    create function cut_own_session() returns trigger language plpgsql as $$
    begin
      if new.type = 'ProjectCreated' and new.data ->> 'name' like 'Cut %' and nextval('cut_once') = 1 then
        perform pg_terminate_backend(pg_backend_pid());
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger cut_own_session after insert on events for each row execute function cut_own_session()`.execute(db);
});

afterAll(async () => {
  await db?.destroy();
  await t?.close();
});

const resetCut = () => sql`select setval('cut_once', 1, false)`.execute(db);
const projectsNamed = async (name: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from projects where name = ${name}`.execute(db)).rows[0]!.n;
const eventsNamed = async (name: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from events where data ->> 'name' = ${name}`.execute(db)).rows[0]!.n;

describe('a session lost while a client is checked out', () => {
  it('idle in a transaction too long: no unhandled error, the next query fails as a lost connection, the pool recovers', async () => {
    const failure = await db
      .transaction()
      .execute(async (trx) => {
        await sql`set local idle_in_transaction_session_timeout = '100ms'`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, 600));
        await sql`select 1`.execute(trx);
      })
      .then(() => null, (error: unknown) => error);
    expect(failure).not.toBeNull();
    expect(isConnectionError(failure), String(failure)).toBe(true);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('a command cut mid-way without an Idempotency-Key: 503 DATABASE_UNAVAILABLE, nothing written', async () => {
    await resetCut();
    const name = 'Cut without a key';
    const response = await t.request({ method: 'POST', url: '/api/projects', token: manager, body: validProjectPayload({ name }) });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'DATABASE_UNAVAILABLE' });
    expect(response.headers['retry-after']).toBe('1');
    expect(await eventsNamed(name)).toBe(0);
    expect(await projectsNamed(name)).toBe(0);
  });

  it('a command cut mid-way with an Idempotency-Key runs again once: 201, written exactly once', async () => {
    await resetCut();
    const name = 'Cut with a key';
    const createWithKey = () =>
      t.request({ method: 'POST', url: '/api/projects', token: manager, body: validProjectPayload({ name }), headers: { 'idempotency-key': 'cut-once-key' } });
    const response = await createWithKey();
    expect(response.statusCode, response.body).toBe(201);
    expect((await sql<{ v: number }>`select last_value::int as v from cut_once`.execute(db)).rows[0]!.v).toBe(2);
    expect(await eventsNamed(name)).toBe(1);
    expect(await projectsNamed(name)).toBe(1);
    const again = await createWithKey();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await eventsNamed(name)).toBe(1);
  });
});
