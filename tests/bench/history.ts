import { sql } from 'kysely';
import { createDb, createPool, type Db } from '../../server/db/connect.ts';
import { dropAllSnapshots } from '../../server/event-store/plan-snapshots.ts';
import { foldHistory } from '../../server/event-store/fold-history.ts';
import { writeDueSnapshots } from '../../server/history/plan-snapshots.ts';
import { rebuildReadModels } from '../../server/projections/rebuild.ts';
import { seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { generatePlan } from '../../server/seed/generate.ts';
import { appendFillerEvents } from './backend.ts';
import { listen, login } from './bench-app.ts';
import { BROWSER_ENCODINGS, fmt, latencies, percentile, type Row } from './support.ts';

/** The history /api/history/state is measured over (the goal: <= 100 ms p50 at 1,000,000). */
const STATE_EVENTS = Number(process.env.BENCH_HISTORY_EVENTS ?? 1_000_000);
const SNAPSHOT_EVERY = 10_000;
const PLAN_ASSIGNMENTS = 20_000;

/** The history bench: the plan as of a moment, and rebuild throughput beside a raw read of the same events. */
export async function benchHistory(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const db = createDb(createPool(databaseUrl, 4));
  try {
    await ensureLargePlan(db, progress);
    const { rows } = await sql<{ n: number; first: Date; last: Date }>`
      select count(*)::int as n, min(recorded_at) as first, max(recorded_at) as last from events`.execute(db);
    const { n, first, last } = rows[0]!;
    progress(`plan as of a moment over ${n.toLocaleString('en-US')} events, folded from the first event`);
    const span = last.getTime() - first.getTime();
    let i = 0;
    const times = await latencies(15, async () => {
      // Moments spread over the history, the latest ones folding nearly every event.
      const at = new Date(first.getTime() + span * (0.5 + 0.5 * ((i++ % 5) / 4)));
      (await foldHistory(db, { visibleOnly: true, until: { at } })).fold.plan();
    }, 2);
    const t0 = performance.now();
    const raw = await sql`select type, schema_version, data, stream_position from events order by events.transaction_id, events.global_position`.execute(db);
    const rawMs = performance.now() - t0;
    const rows_: Row[] = [{
      section: 'history',
      measure: `plan as of a moment folded from the first event, ${n.toLocaleString('en-US')} events`,
      figure: `p50 ${fmt(percentile(times, 50), 0)} ms, p99 ${fmt(percentile(times, 99), 0)} ms`,
      anchor: `raw read of the same events: ${fmt(rawMs, 0)} ms`,
      ratio: `${fmt(percentile(times, 50) / rawMs, 2)}x p50`,
    }];
    progress('rebuild (check only)');
    const r0 = performance.now();
    const result = await rebuildReadModels(db, { swap: false });
    const rebuildSeconds = (performance.now() - r0) / 1000;
    rows_.push({
      section: 'history',
      measure: `npm run rebuild (fold + fresh tables + compare), ${result.equal ? 'equal to live' : 'DIFFERS from live'}`,
      figure: `${fmt(result.events / rebuildSeconds, 0)} events/s`,
      anchor: `raw event read: ${fmt(raw.rows.length / (rawMs / 1000), 0)} events/s`,
      ratio: `${fmt(result.events / rebuildSeconds / (raw.rows.length / (rawMs / 1000)), 2)}x`,
    });
    rows_.push(...(await benchHistoryState(databaseUrl, db, result.events / rebuildSeconds, progress)));
    return rows_;
  } finally {
    await db.destroy();
  }
}

/** The demo and a generated plan of 20,000 assignments, as the backend bench leaves them (this section can run alone). */
async function ensureLargePlan(db: Db, progress: (message: string) => void): Promise<void> {
  await seedDemoIfEmpty(db, new Date());
  const assignments = Number((await sql<{ n: number }>`select count(*)::int as n from assignments`.execute(db)).rows[0]!.n);
  if (assignments < PLAN_ASSIGNMENTS) {
    progress(`generating assignments up to ${PLAN_ASSIGNMENTS.toLocaleString('en-US')}`);
    const missing = PLAN_ASSIGNMENTS - assignments;
    const actor = { actorId: 'bench', actorRole: 'manager', correlationId: 'bench' };
    await generatePlan(db, { engineers: Math.ceil(missing / 10), projects: Math.ceil(missing / 50), assignments: missing, now: new Date(), actor, seed: 7 });
  }
}

/**
 * GET /api/history/state over BENCH_HISTORY_EVENTS events and a plan of 20,000 assignments, at the
 * newest moment and at the moment of the middle event: without snapshots (folded from the first
 * event), then from the snapshots, each beside the live read models' lists served in the same run.
 */
async function benchHistoryState(databaseUrl: string, db: Db, rebuildRate: number, progress: (message: string) => void): Promise<Row[]> {
  const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(db)).rows[0]!.n);
  // Half a snapshot's distance more: the newest moment then folds as many events after the newest
  // snapshot as an average moment does.
  const missing = STATE_EVENTS + SNAPSHOT_EVERY / 2 - (await count());
  if (missing > 0) {
    progress(`appending ${missing.toLocaleString('en-US')} events`);
    await appendFillerEvents(db, missing, 100, (left) => progress(`  ${left.toLocaleString('en-US')} left`));
  }
  const events = await count();
  const middleEvent = Math.floor(STATE_EVENTS / 2) + SNAPSHOT_EVERY / 2;
  const { rows } = await sql<{ recorded_at: Date }>`
    select recorded_at from events order by events.transaction_id, events.global_position offset ${middleEvent - 1} limit 1`.execute(db);
  const middle = rows[0]!.recorded_at;

  // The app writes no snapshots itself here: the bench writes them between the two measurements.
  const { app, base } = await listen(databaseUrl, { historySnapshotEvery: 0 });
  try {
    // The app asked: the one measured, or one that keeps no answer (each request folds).
    let asked = { base, headers: { authorization: await login(base, 'manager@demo.test') } };
    let bytes = 0;
    // As a browser negotiates it; identity for the same request uncompressed.
    let encoding = BROWSER_ENCODINGS;
    const get = async (path: string) => {
      const response = await fetch(`${asked.base}${path}`, { headers: { ...asked.headers, 'accept-encoding': encoding } });
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    };
    const state = (at: () => Date) => async () => {
      bytes = await get(`/api/history/state?at=${encodeURIComponent(at().toISOString())}`);
    };
    const moments = [{ name: 'newest moment', at: () => new Date() }, { name: 'middle moment', at: () => middle }];

    await db.transaction().execute(dropAllSnapshots);
    const before = new Map<string, number[]>();
    const measured = asked;
    const unkept = await listen(databaseUrl, { historySnapshotEvery: 0, historyAnswersKept: 0 });
    try {
      asked = { base: unkept.base, headers: { authorization: await login(unkept.base, 'manager@demo.test') } };
      for (const moment of moments) {
        progress(`/api/history/state at the ${moment.name}, folded from the first event`);
        before.set(moment.name, await latencies(STATE_EVENTS > 200_000 ? 3 : 10, state(moment.at), 1));
      }
    } finally {
      asked = measured;
      await unkept.app.close();
    }

    progress(`writing a plan snapshot every ${SNAPSHOT_EVERY.toLocaleString('en-US')} events`);
    const w0 = performance.now();
    const { written } = await writeDueSnapshots(db, { every: SNAPSHOT_EVERY });
    const writeSeconds = (performance.now() - w0) / 1000;

    progress('/api/history/state from the snapshots, and the live lists');
    const lists = await latencies(20, async () => {
      await Promise.all(['/api/engineers', '/api/projects', '/api/assignments'].map(get));
    }, 3);
    const anchor = `live lists (engineers, projects, assignments at once): p50 ${fmt(percentile(lists, 50), 0)} ms`;
    const result: Row[] = [];
    for (const moment of moments) {
      const after = await latencies(20, state(moment.at), 3);
      const unsnapshotted = percentile(before.get(moment.name)!, 50);
      result.push({
        section: 'history',
        measure: `/api/history/state at ${events.toLocaleString('en-US')} events, ${moment.name} (${fmt(bytes / 1e6, 1)} MB)`,
        figure: `p50 ${fmt(percentile(after, 50), 0)} ms, p99 ${fmt(percentile(after, 99), 0)} ms (no snapshots: p50 ${fmt(unsnapshotted, 0)} ms)`,
        anchor,
        ratio: `${fmt(percentile(after, 50) / percentile(lists, 50), 2)}x p50`,
      });
    }
    // The newest moment again with identity: what compressing its answer costs, side by side.
    encoding = 'identity';
    const plain = await latencies(20, state(moments[0]!.at), 3);
    encoding = BROWSER_ENCODINGS;
    const compressed = await latencies(20, state(moments[0]!.at), 3);
    result.push({
      section: 'history',
      measure: `/api/history/state at ${events.toLocaleString('en-US')} events, newest moment, accept-encoding: identity`,
      figure: `p50 ${fmt(percentile(plain, 50), 0)} ms, p99 ${fmt(percentile(plain, 99), 0)} ms (${BROWSER_ENCODINGS} just after: p50 ${fmt(percentile(compressed, 50), 0)} ms)`,
      anchor,
      ratio: `${fmt(percentile(plain, 50) / percentile(lists, 50), 2)}x p50`,
    });
    // Answers are kept by the events they fold: each of these moments folds other events, so none is kept.
    const { rows: recent } = await sql<{ recorded_at: Date }>`
      select recorded_at from events order by events.transaction_id desc, events.global_position desc limit ${SNAPSHOT_EVERY}`.execute(db);
    const others = recent.filter((_, i) => i % Math.floor(SNAPSHOT_EVERY / 25) === 0).map((row) => row.recorded_at);
    const cold = await latencies(others.length - 3, state(() => others.pop()!), 3);
    result.push({
      section: 'history',
      measure: `/api/history/state at ${events.toLocaleString('en-US')} events, each at another recent moment (no answer kept)`,
      figure: `p50 ${fmt(percentile(cold, 50), 0)} ms, p99 ${fmt(percentile(cold, 99), 0)} ms`,
      anchor,
      ratio: `${fmt(percentile(cold, 50) / percentile(lists, 50), 2)}x p50`,
    });
    result.push({
      section: 'history',
      measure: `plan snapshots written in the background, every ${SNAPSHOT_EVERY.toLocaleString('en-US')} events`,
      figure: `${written} in ${fmt(writeSeconds, 1)} s (${fmt((written * SNAPSHOT_EVERY) / writeSeconds, 0)} events/s)`,
      anchor: `the rebuild's fold: ${fmt(rebuildRate, 0)} events/s`,
      ratio: `${fmt((written * SNAPSHOT_EVERY) / writeSeconds / rebuildRate, 2)}x`,
    });
    return result;
  } finally {
    await app.close();
  }
}
