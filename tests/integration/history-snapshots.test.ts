/**
 * Snapshots of the folded plan: written in the background every few events, by one writer at a time,
 * and used by GET /api/history/state so that it folds only from the nearest one. The proof is a fresh
 * fold from the first event for many moments and cursors, random and at every edge, over a history
 * whose commit order and recorded times disagree (transactions that start early and commit late).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectInput, parseCursor, type EventMetadata } from '../../domain/index.ts';
import { createProject } from '../../server/commands/planning.ts';
import { assignmentStream, engineerStream, projectStream } from '../../server/commands/streams.ts';
import { executeCommand } from '../../server/commands/execute.ts';
import { createDb, createPool, type Db, type DbOrTrx } from '../../server/db/connect.ts';
import { dropAllSnapshots, findFoldStart, insertSnapshot, newestSnapshot } from '../../server/event-store/plan-snapshots.ts';
import { foldHistory } from '../../server/event-store/fold-history.ts';
import { planAt } from '../../server/history/plan-at.ts';
import { STORED_SNAPSHOT_FORMAT } from '../../server/history/plan-snapshot-codec.ts';
import { writeDueSnapshots } from '../../server/history/plan-snapshots.ts';
import { RestoredSnapshots } from '../../server/history/restored-snapshots.ts';
import { StateAnswers } from '../../server/history/state-answers.ts';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { generatePlan } from '../../server/seed/generate.ts';
import { eventually } from '../support/api-helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { sleep } from '../support/history-helpers.ts';

const EVERY = 7;
const actor: EventMetadata = { actorId: 'snapshot-test', actorRole: 'manager', correlationId: 'snapshot-test' };

let t: TestApp;
let db: Db;
let token: string;
let seed = 20_261_124;
const random = (n: number) => {
  seed = (seed * 48_271) % 2_147_483_647;
  return seed % n;
};

type SnapshotRow = { cursor: string; event_count: number; recorded_at_max: Date; segment_recorded_at_min: Date; format: string };
const snapshotRows = async () =>
  (await sql<SnapshotRow>`select cursor, event_count::int, recorded_at_max, segment_recorded_at_min, format from plan_snapshots
    order by transaction_id, global_position`.execute(db)).rows;
const visibleEvents = async () =>
  (await sql<{ cursor: string; recorded_at: Date }>`select transaction_id::text || ':' || global_position as cursor, recorded_at from events
    where transaction_id < pg_snapshot_xmin(pg_current_snapshot()) order by transaction_id, global_position`.execute(db)).rows;

/** One small change to a random entity, in its own transaction unless one is given. */
async function change(trx: DbOrTrx = db): Promise<void> {
  const pick = async (table: 'projects' | 'assignments' | 'engineers') => {
    const rows = (await trx.selectFrom(table).select('id').orderBy('id').execute()).filter((row) => !reserved.has(row.id));
    return rows[random(rows.length)]!.id;
  };
  const kind = random(4);
  if (kind === 0) {
    const id = await pick('projects');
    await executeCommand(trx, projectStream, id, { metadata: actor, decide: () => [{ type: 'ProjectUpdated', data: { projectId: id, changes: { name: `Renamed ${random(1000)}` } } }] });
  } else if (kind === 1) {
    const id = await pick('engineers');
    await executeCommand(trx, engineerStream, id, { metadata: actor, decide: () => [{ type: 'EngineerProfileUpdated', data: { engineerId: id, changes: { name: `Engineer ${random(1000)}`, maxCapacity: random(2) ? 50 : 100 } } }] });
  } else if (kind === 2) {
    const id = await pick('assignments');
    await executeCommand(trx, assignmentStream, id, { metadata: actor, decide: () => [{ type: 'AssignmentUpdated', data: { assignmentId: id, changes: { allocationPercentage: 1 + random(100) } } }] });
  } else {
    const id = await pick('assignments');
    await executeCommand(trx, assignmentStream, id, { metadata: actor, decide: () => [{ type: 'AssignmentRemoved', data: { assignmentId: id } }] });
  }
}

async function changes(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await change();
    if (random(3) === 0) await sleep(2);
  }
}

/**
 * A transaction that takes its transaction id (its place in the log) with a first change, lets
 * `meanwhile` commit other changes, and only then records two more: its later events come before those
 * others in commit order but carry later times. It changes a project of its own, so that nothing
 * `meanwhile` does waits for it.
 */
async function slowToCommit(meanwhile: () => Promise<void>): Promise<void> {
  const id = await ownProject();
  const rename = (trx: DbOrTrx) =>
    executeCommand(trx, projectStream, id, { metadata: actor, decide: () => [{ type: 'ProjectUpdated', data: { projectId: id, changes: { description: `Long ${random(1000)}` } } }] });
  await db.transaction().execute(async (trx) => {
    await rename(trx);
    await meanwhile();
    await sleep(2);
    await rename(trx);
    await rename(trx);
  });
}

/** A project nobody else changes, one per slow transaction (nested ones included). */
async function ownProject(): Promise<string> {
  const input = createProjectInput.parse({
    name: `Long transaction ${random(1_000_000)}`, description: 'Changed by one slow transaction only.', startDate: '2027-01-04T00:00:00.000Z',
    endDate: '2027-03-01T00:00:00.000Z', teamSize: 2, requiredSkills: ['Go'], status: 'planning',
  });
  const id = (await createProject(db, input, actor)).state!._id;
  reserved.add(id);
  return id;
}
const reserved = new Set<string>();

/** A plan folded from the first event, as the route answered before there were snapshots. */
async function freshFold(bound: { at: Date } | { cursor: string }) {
  const until = 'at' in bound ? bound : { cursor: parseCursor(bound.cursor)! };
  const history = await foldHistory(db, { visibleOnly: true, until });
  return { cursor: history.cursor, plan: history.fold.plan(), lastRecordedAt: history.lastRecordedAt };
}

beforeAll(async () => {
  t = await startTestApp({ historySnapshotEvery: EVERY });
  db = t.app.db;
  token = await t.login('auditor@demo.test');
  await generatePlan(db, { engineers: 12, projects: 6, assignments: 40, now: new Date(), actor, seed: 13 });
  await changes(40);
  await slowToCommit(() => changes(25));
  await changes(20);
  await slowToCommit(async () => {
    await changes(5);
    await slowToCommit(() => changes(12));
  });
  await changes(EVERY + 3);
  // Readers see a transaction only once every older one on the server has ended (other test files
  // share it): wait until all of this history is visible.
  const total = Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(db)).rows[0]!.n);
  await eventually(visibleEvents, (events) => events.length === total);
  // The background writer is woken by the live tailer's pages (1 s poll at the latest).
  const expected = Math.floor((await visibleEvents()).length / EVERY);
  await eventually(snapshotRows, (rows) => rows.length === expected);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the background writer', () => {
  it('has written one snapshot after every EVERY visible events, each holding the events up to its cursor', async () => {
    const events = await visibleEvents();
    const rows = await snapshotRows();
    expect(events.length).toBeGreaterThan(200);
    expect(rows.length).toBe(Math.floor(events.length / EVERY));
    rows.forEach((row, i) => {
      expect(row.event_count).toBe((i + 1) * EVERY);
      expect(row.cursor).toBe(events[(i + 1) * EVERY - 1]!.cursor);
      expect(row.format).toBe(STORED_SNAPSHOT_FORMAT);
      const held = events.slice(0, (i + 1) * EVERY).map((e) => e.recorded_at.getTime());
      expect(row.recorded_at_max.getTime()).toBe(Math.max(...held));
      expect(row.segment_recorded_at_min.getTime()).toBe(Math.min(...held.slice(i * EVERY)));
    });
  });

  it('the history disagrees with itself as it should: a stretch holds events recorded before the previous stretch ended', async () => {
    const rows = await snapshotRows();
    const earlier = rows.filter((row, i) => i > 0 && row.segment_recorded_at_min < rows[i - 1]!.recorded_at_max);
    expect(earlier.length).toBeGreaterThan(0);
  });
});

describe('the plan as of a moment from the nearest snapshot equals a fresh fold from the first event', () => {
  // Decoded snapshots kept between answers, as the route keeps them: each answer folds on its own copy.
  const restored = new RestoredSnapshots(3);
  const check = async (at: Date) => {
    const [fromSnapshot, fresh] = await Promise.all([planAt(db, { at }, restored), freshFold({ at })]);
    expect({ cursor: fromSnapshot.cursor, plan: fromSnapshot.plan }, `at ${at.toISOString()}`).toStrictEqual({ cursor: fresh.cursor, plan: fresh.plan });
    return fromSnapshot;
  };

  it('at every recorded time, a millisecond either side, and before the first event', async () => {
    const times = [...new Set((await visibleEvents()).map((e) => e.recorded_at.getTime()))];
    expect(times.length).toBeGreaterThan(100);
    for (const time of times) for (const at of [time - 1, time, time + 1]) await check(new Date(at));
  }, 120_000);

  it('at 300 random moments over the whole history, and later than all of it', async () => {
    const events = await visibleEvents();
    const first = events[0]!.recorded_at.getTime();
    const last = Math.max(...events.map((e) => e.recorded_at.getTime()));
    for (let i = 0; i < 300; i += 1) await check(new Date(first - 5 + Math.floor(((last - first + 10) * random(1_000_000)) / 1_000_000)));
    const now = await check(new Date(Date.now() + 60_000));
    expect(now.folded, 'events folded after the newest snapshot').toBeLessThan(EVERY);
  }, 120_000);

  it('folds only from the nearest snapshot: never more than the stretches a moment can reach, however long the history', async () => {
    const events = await visibleEvents();
    const rows = await snapshotRows();
    for (let i = 0; i < 50; i += 1) {
      const at = events[random(events.length)]!.recorded_at;
      const result = await check(at);
      const base = rows.filter((row) => row.recorded_at_max <= at).at(-1);
      const reachable = rows.filter((row) => row.segment_recorded_at_min <= at && row.event_count > (base?.event_count ?? 0));
      // The base's successors whose stretches start by then, and the tail after the newest snapshot.
      const bound = (reachable.at(-1)?.event_count ?? base?.event_count ?? 0) - (base?.event_count ?? 0) + EVERY;
      expect(result.folded).toBeLessThanOrEqual(bound);
    }
  });
});

describe('the plan up to a cursor from the nearest snapshot equals a fresh fold from the first event', () => {
  it('after every event of the log, and after cursors that name no event', async () => {
    const events = await visibleEvents();
    const cursors = [...events.map((e) => e.cursor), '0:0', '1:1', `${events.at(-1)!.cursor.split(':')[0]}:999999999`];
    for (const cursor of cursors) {
      const [fromSnapshot, fresh] = await Promise.all([planAt(db, { cursor: parseCursor(cursor)! }), freshFold({ cursor })]);
      expect({ asOf: fromSnapshot.asOf, cursor: fromSnapshot.cursor, plan: fromSnapshot.plan }, `cursor ${cursor}`).toStrictEqual({
        asOf: (fresh.lastRecordedAt ?? new Date(0)).toISOString(), cursor: fresh.cursor, plan: fresh.plan,
      });
    }
  }, 120_000);
});

describe('GET /api/history/state', () => {
  it('answers from the snapshots exactly what a fresh fold gives, by moment and by cursor', async () => {
    const events = await visibleEvents();
    for (let i = 0; i < 15; i += 1) {
      const event = events[random(events.length)]!;
      for (const query of [`at=${encodeURIComponent(event.recorded_at.toISOString())}`, `cursor=${encodeURIComponent(event.cursor)}`]) {
        const response = await t.request({ method: 'GET', url: `/api/history/state?${query}`, token });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json() as { asOf: string; cursor: string } & Record<string, unknown>;
        const fresh = await freshFold(query.startsWith('at') ? { at: event.recorded_at } : { cursor: event.cursor });
        expect(body.cursor).toBe(fresh.cursor);
        const { asOf: _asOf, cursor: _cursor, ...lists } = body;
        expect(lists).toEqual(JSON.parse(JSON.stringify(fresh.plan)));
      }
    }
  });

  it('keeps answers by the events they fold: each one, asked again or at a neighbouring moment, is what a fresh fold writes', async () => {
    const answers = new StateAnswers(new RestoredSnapshots(3), 2);
    const expected = async (bound: { at: Date } | { cursor: string }) => {
      const fresh = await freshFold(bound);
      const asOf = 'at' in bound ? bound.at : (fresh.lastRecordedAt ?? new Date(0));
      return JSON.stringify({ asOf: asOf.toISOString(), cursor: fresh.cursor, ...fresh.plan });
    };
    const ask = async (bound: { at: Date } | { cursor: string }) =>
      (await answers.json(db, 'at' in bound ? bound : { cursor: parseCursor(bound.cursor)! })).toString('utf8');
    const events = await visibleEvents();
    for (let i = 0; i < 60; i += 1) {
      const event = events[random(events.length)]!;
      const time = event.recorded_at.getTime();
      // Twice each, and the moments either side, which often fold the same events: answered from what is kept.
      for (const bound of [{ at: new Date(time - 1) }, { at: event.recorded_at }, { at: event.recorded_at }, { at: new Date(time + 1) }, { cursor: event.cursor }, { cursor: event.cursor }]) {
        expect(await ask(bound), JSON.stringify(bound)).toBe(await expected(bound));
      }
    }
    expect(answers.recalled).toBeGreaterThan(120);
  }, 120_000);

  it('writes no snapshot itself: they are written off the request path', async () => {
    await db.transaction().execute(dropAllSnapshots);
    const response = await t.request({ method: 'GET', url: `/api/history/state?at=${encodeURIComponent(new Date().toISOString())}`, token });
    expect(response.statusCode).toBe(200);
    expect(await snapshotRows()).toEqual([]);
    await writeDueSnapshots(db, { every: EVERY });
    expect((await snapshotRows()).length).toBe(Math.floor((await visibleEvents()).length / EVERY));
  });
});

describe('several writers, other formats, rebuilds', () => {
  it('several instances writing at once write each snapshot once, one after the other', async () => {
    await db.transaction().execute(dropAllSnapshots);
    const others = Array.from({ length: 3 }, () => createDb(createPool(t.databaseUrl, 2)));
    try {
      const written = await Promise.all([db, ...others].map((instance) => writeDueSnapshots(instance, { every: EVERY })));
      const rows = await snapshotRows();
      expect(rows.length).toBe(Math.floor((await visibleEvents()).length / EVERY));
      expect(written.reduce((sum, w) => sum + w.written, 0)).toBe(rows.length);
      expect(rows.map((row) => row.event_count)).toEqual(rows.map((_, i) => (i + 1) * EVERY));
    } finally {
      await Promise.all(others.map((other) => other.destroy()));
    }
  });

  it('a snapshot of another format is never restored, and the next writer drops it', async () => {
    const events = await visibleEvents();
    const cursor = parseCursor(events.at(-1)!.cursor)!;
    const moment = events.at(-1)!.recorded_at;
    await db.transaction().execute(dropAllSnapshots);
    await insertSnapshot(db, {
      cursor, format: '0:an-older-fold', eventCount: events.length, recordedAtLast: moment, recordedAtMax: moment,
      segmentRecordedAtMin: events[0]!.recorded_at, plan: Buffer.from('not a plan'),
    });
    const result = await planAt(db, { at: new Date(moment.getTime() + 1) });
    expect(result.folded).toBe(events.length);
    expect(result.plan).toStrictEqual((await freshFold({ at: new Date(moment.getTime() + 1) })).plan);
    await writeDueSnapshots(db, { every: EVERY });
    expect((await snapshotRows()).map((row) => row.format)).not.toContain('0:an-older-fold');
  });

  it('the newest snapshot is the newest in commit order, also where transaction ids gain a digit', async () => {
    const format = 'order-test';
    const moment = new Date();
    const at = (cursor: string) => ({
      cursor: parseCursor(cursor)!, format, eventCount: 1, recordedAtLast: moment, recordedAtMax: moment, segmentRecordedAtMin: moment, plan: Buffer.from('{}'),
    });
    try {
      for (const cursor of ['9:5', '10:2', '99:1']) await insertSnapshot(db, at(cursor));
      expect((await newestSnapshot(db, format))?.cursor).toEqual(parseCursor('99:1'));
      expect((await findFoldStart(db, format, { cursor: parseCursor('98:1')! })).snapshot?.cursor).toEqual(parseCursor('10:2'));
    } finally {
      await sql`delete from plan_snapshots where format = ${format}`.execute(db);
    }
  });

  it('npm run rebuild drops them when it swaps (a cache of the old reducers), and keeps them when it only checks', async () => {
    await writeDueSnapshots(db, { every: EVERY });
    const before = (await snapshotRows()).length;
    expect(before).toBeGreaterThan(0);
    const check = await rebuildReadModels(db, { swap: false });
    expect(check.equal).toBe(true);
    expect((await snapshotRows()).length).toBe(before);
    const swap = await rebuildReadModels(db, { swap: true });
    expect(swap.equal).toBe(true);
    expect(await snapshotRows()).toEqual([]);
    // The background writer builds them again from the events.
    t.app.planSnapshots!.wake();
    await eventually(snapshotRows, (rows) => rows.length === before);
  });
});

describe('answers kept by GET /api/history/state', () => {
  it('are not given for a moment whose events have grown since', async () => {
    const later = { at: new Date(Date.now() + 60_000) };
    const url = `/api/history/state?at=${encodeURIComponent(later.at.toISOString())}`;
    const before = await t.request({ method: 'GET', url, token });
    expect(before.statusCode).toBe(200);
    await changes(3);
    const total = Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(db)).rows[0]!.n);
    await eventually(visibleEvents, (events) => events.length === total);
    const after = await t.request({ method: 'GET', url, token });
    const fresh = await freshFold(later);
    expect(after.body).not.toBe(before.body);
    expect(after.body).toBe(JSON.stringify({ asOf: later.at.toISOString(), cursor: fresh.cursor, ...fresh.plan }));
  });
});
