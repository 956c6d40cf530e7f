import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, type EventMetadata, type PlanningEvent } from '../../domain/index.ts';
import { createDb, createPool, type Db } from '../../server/db/connect.ts';
import { appendToStream } from '../../server/event-store/append.ts';
import { ConcurrencyError } from '../../server/event-store/errors.ts';
import { readAll } from '../../server/event-store/read.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const metadata: EventMetadata = { actorId: 'test', actorRole: 'manager' };
const removed = (n: number): PlanningEvent => ({ type: 'AssignmentRemoved', data: { assignmentId: `a-${n}` } });

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(createPool(database.url, 40));
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

/** Polls until `read` returns at least `count` items (readers may lag while older transactions finish). */
async function eventually<T>(read: () => Promise<T[]>, count: number, timeoutMs = 10_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await read();
    if (result.length >= count || Date.now() > deadline) return result;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function drain(after = START) {
  const seen: Awaited<ReturnType<typeof readAll>>['events'] = [];
  let cursor = after;
  for (;;) {
    const page = await readAll(db, { after: cursor, limit: 500 });
    if (page.events.length === 0) return seen;
    seen.push(...page.events);
    const [tx, pos] = page.next.split(':');
    cursor = { transactionId: tx!, globalPosition: Number(pos) };
  }
}

describe('optimistic concurrency', () => {
  it('lets exactly one of 32 concurrent appends expecting the same version win, positions gapless', async () => {
    const streamId = 'assignment-occ';
    await db.transaction().execute((trx) => appendToStream(trx, streamId, 0, [removed(0)], metadata));

    const results = await Promise.allSettled(
      Array.from({ length: 32 }, (_, i) =>
        db.transaction().execute((trx) => appendToStream(trx, streamId, 1, [removed(i + 1)], metadata))),
    );

    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(31);
    for (const failure of lost) {
      expect(failure.reason).toBeInstanceOf(ConcurrencyError);
      expect((failure.reason as ConcurrencyError).currentVersion).toBe(2);
    }
    const positions = await db.selectFrom('events').select('stream_position').where('stream_id', '=', streamId).orderBy('stream_position').execute();
    expect(positions.map((p) => Number(p.stream_position))).toEqual([1, 2]);
    const stream = await db.selectFrom('streams').select('version').where('stream_id', '=', streamId).executeTakeFirstOrThrow();
    expect(Number(stream.version)).toBe(2);
  });

  it('lets exactly one of 32 concurrent creations of the same new stream win', async () => {
    const streamId = 'assignment-new-stream';
    const results = await Promise.allSettled(
      Array.from({ length: 32 }, (_, i) =>
        db.transaction().execute((trx) => appendToStream(trx, streamId, 0, [removed(i)], metadata))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof ConcurrencyError)).toHaveLength(31);
    const count = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('stream_id', '=', streamId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('rejects a stale expected version without writing anything', async () => {
    const streamId = 'assignment-stale';
    await db.transaction().execute((trx) => appendToStream(trx, streamId, 0, [removed(1), removed(2)], metadata));
    await expect(
      db.transaction().execute((trx) => appendToStream(trx, streamId, 1, [removed(3)], metadata)),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', expectedVersion: 1, currentVersion: 2 });
    const rows = await db.selectFrom('events').select('stream_position').where('stream_id', '=', streamId).execute();
    expect(rows).toHaveLength(2);
  });
});

describe('commit order', () => {
  it('does not skip an event whose transaction took its position first but commits last', async () => {
    const before = await drain();
    const cursorBefore = before.at(-1)?.cursor ?? '0:0';
    const [tx0, pos0] = cursorBefore.split(':');
    const from = { transactionId: tx0!, globalPosition: Number(pos0) };

    // Transaction A takes its id and global position first and stays open on its own connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let appended!: () => void;
    const isAppended = new Promise<void>((resolve) => (appended = resolve));
    const transactionA = db.transaction().execute(async (trx) => {
      await appendToStream(trx, 'assignment-slow', 0, [removed(100)], metadata);
      appended();
      await held;
    });
    await isAppended;

    // Transaction B appends later (higher position) and commits first.
    await db.transaction().execute((trx) => appendToStream(trx, 'assignment-fast', 0, [removed(101)], metadata));
    const positions = await sql<{ stream_id: string; global_position: number }>`
      select stream_id, global_position from events where stream_id in ('assignment-slow', 'assignment-fast')`.execute(db);
    const slowPosition = positions.rows.find((r) => r.stream_id === 'assignment-slow');
    // A's row is not visible yet, but B's is; a naive `global_position > last` reader would read B now
    // and then skip A forever. The commit-safe reader holds back until A is decided.
    expect(slowPosition).toBeUndefined();
    const whileOpen = await readAll(db, { after: from, limit: 100 });
    expect(whileOpen.events.map((e) => e.streamId)).not.toContain('assignment-fast');
    expect(whileOpen.events.map((e) => e.streamId)).not.toContain('assignment-slow');

    release();
    await transactionA;

    // Other databases' transactions on the same server can hold the snapshot's xmin back a moment.
    const ours = (streamId: string) => streamId === 'assignment-slow' || streamId === 'assignment-fast';
    const streams = await eventually(
      async () => (await readAll(db, { after: from, limit: 1000 })).events.map((e) => e.streamId).filter(ours),
      2,
    );
    expect(streams).toEqual(['assignment-slow', 'assignment-fast']);
    const global = await sql<{ stream_id: string; global_position: number }>`
      select stream_id, global_position from events where stream_id in ('assignment-slow', 'assignment-fast') order by global_position`.execute(db);
    expect(global.rows.map((r) => r.stream_id)).toEqual(['assignment-slow', 'assignment-fast']);
  });

  it('gives a reader every committed event exactly once, in order, under 16 concurrent writers', async () => {
    const start = (await drain()).at(-1)?.cursor ?? '0:0';
    const [tx0, pos0] = start.split(':');
    let cursor = { transactionId: tx0!, globalPosition: Number(pos0) };
    const seen: string[] = [];
    let target: number | undefined;

    const reader = (async () => {
      for (;;) {
        const page = await readAll(db, { after: cursor, limit: 200 });
        for (const event of page.events) seen.push(`${event.streamId}#${event.streamPosition}`);
        const [tx, pos] = page.next.split(':');
        cursor = { transactionId: tx!, globalPosition: Number(pos) };
        if (target !== undefined && seen.length >= target) return;
        if (page.events.length === 0) await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const deadline = Date.now() + 3_000;
    const writers = Array.from({ length: 16 }, async (_, w) => {
      let version = 0;
      let shared = 0;
      while (Date.now() < deadline) {
        // Own stream: always succeeds. Shared stream: contended, some appends lose (and write nothing).
        await db.transaction().execute(async (trx) => {
          await appendToStream(trx, `assignment-soak-${w}`, version, [removed(version), removed(version + 1)], metadata);
          // a little time inside the transaction so commits interleave out of position order
          await sql`select pg_sleep(${Math.random() * 0.004})`.execute(trx);
        });
        version += 2;
        const current = await db.selectFrom('streams').select('version').where('stream_id', '=', 'assignment-soak-shared').executeTakeFirst();
        shared = Number(current?.version ?? 0);
        await db.transaction()
          .execute((trx) => appendToStream(trx, 'assignment-soak-shared', shared, [removed(shared)], metadata))
          .catch((error) => { if (!(error instanceof ConcurrencyError)) throw error; });
      }
    });
    await Promise.all(writers);
    const truth = await sql<{ key: string }>`
      select stream_id || '#' || stream_position as key from events
       where (transaction_id, global_position) > (${tx0}::xid8, ${Number(pos0)}::bigint)
       order by transaction_id, global_position`.execute(db);
    target = truth.rows.length;
    await Promise.race([reader, new Promise((_, reject) => setTimeout(() => reject(new Error(`reader saw ${seen.length} of ${target}`)), 15_000))]);

    expect(truth.rows.length).toBeGreaterThan(16 * 10);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(truth.rows.map((r) => r.key));
  });
});

describe('append-only history', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on events', async () => {
    await db.transaction().execute((trx) => appendToStream(trx, 'assignment-guarded', 0, [removed(1)], metadata));
    await expect(sql`update events set type = 'Tampered' where stream_id = 'assignment-guarded'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from events where stream_id = 'assignment-guarded'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate events cascade`.execute(db)).rejects.toThrow(/append-only/);
    const row = await db.selectFrom('events').select('type').where('stream_id', '=', 'assignment-guarded').executeTakeFirstOrThrow();
    expect(row.type).toBe('AssignmentRemoved');
  });
});
