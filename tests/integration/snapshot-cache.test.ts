/**
 * SnapshotCache on a real PostgreSQL server shared with other databases: a read kept by the events it
 * sees stays kept while other databases write (their transactions move the server's snapshot), and is
 * read again as soon as this database appends an event; kept by the whole snapshot, it is read again
 * after any write anywhere.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { SnapshotCache } from '../../server/read-models/snapshot-cache.ts';

let t: TestApp;
let token: string;
let elsewhere: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login(demo.manager);
  // Another database on the same server: the server's own.
  const other = new URL(t.databaseUrl);
  other.pathname = '/postgres';
  elsewhere = new pg.Client({ connectionString: other.toString() });
  await elsewhere.connect();
});

afterAll(async () => {
  await elsewhere?.end();
  await t?.close();
});

/** A write in another database: a transaction that takes a transaction id and commits. */
const writeElsewhere = () => elsewhere.query('select pg_current_xact_id()');

const projectCount = async (cache: SnapshotCache<number>, reads: { n: number }) =>
  (await cache.read(t.app.db, 'projects', async (trx) => {
    reads.n += 1;
    return (await trx.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  })).value;

describe('SnapshotCache', () => {
  it('kept by events: other databases\' writes keep the entry, an event of this database drops it', async () => {
    const byEvents = new SnapshotCache<number>(4, { changedOnlyByEvents: true });
    const bySnapshot = new SnapshotCache<number>(4);
    const eventReads = { n: 0 };
    const snapshotReads = { n: 0 };
    const before = await projectCount(byEvents, eventReads);
    await projectCount(bySnapshot, snapshotReads);
    for (let i = 0; i < 3; i++) {
      await writeElsewhere();
      expect(await projectCount(byEvents, eventReads)).toBe(before);
      await projectCount(bySnapshot, snapshotReads);
    }
    expect(eventReads.n).toBe(1);
    expect(snapshotReads.n).toBe(4);

    const created = await t.request({ method: 'POST', url: '/api/projects', token, body: validProjectPayload({ name: 'Kept by events' }) });
    expect(created.statusCode, created.body).toBe(201);
    expect(await projectCount(byEvents, eventReads)).toBe(Number(before) + 1);
    expect(eventReads.n).toBe(2);
    await writeElsewhere();
    expect(await projectCount(byEvents, eventReads)).toBe(Number(before) + 1);
    expect(eventReads.n).toBe(2);
  });

  it('kept by events: a write of this database still in flight when the entry was read is seen once it commits', async () => {
    const byEvents = new SnapshotCache<number>(4, { changedOnlyByEvents: true });
    const reads = { n: 0 };
    const writer = new pg.Client({ connectionString: t.databaseUrl });
    await writer.connect();
    try {
      // An event appended and not yet committed: the entry is read without it.
      await writer.query('begin');
      await writer.query('select pg_current_xact_id()');
      const before = await projectCount(byEvents, reads);
      const created = await t.request({ method: 'POST', url: '/api/projects', token, body: validProjectPayload({ name: 'Committed before the other' }) });
      expect(created.statusCode, created.body).toBe(201);
      expect(await projectCount(byEvents, reads)).toBe(Number(before) + 1);
      await writer.query('commit');
      expect(await projectCount(byEvents, reads)).toBe(Number(before) + 1);
      expect(reads.n).toBe(2);
    } finally {
      await writer.end();
    }
  });
});
