import { sql } from 'kysely';
import pg from 'pg';
import { parseCursor } from '../../domain/index.ts';
import { executeCommand } from '../../server/commands/execute.ts';
import { projectStream } from '../../server/commands/streams.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { readAll } from '../../server/event-store/read.ts';
import { assignmentsJson, assignmentsQuery } from '../../server/read-models/queries.ts';
import { seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { generatePlan } from '../../server/seed/generate.ts';
import { listen, login } from './bench-app.ts';
import { benchListSearch } from './lists.ts';
import { BROWSER_ENCODINGS, fmt, latencies, percentile, throughput, type Row } from './support.ts';

const CONCURRENCY = 8;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4000);

const projectBody = (i: number) => JSON.stringify({
  name: `Bench project ${i}`, description: 'A project created by the benchmark.', startDate: '2027-01-04T00:00:00.000Z',
  endDate: '2027-06-30T00:00:00.000Z', teamSize: 3, requiredSkills: ['Go', 'React'], status: 'planning',
});

/** The backend bench: writes, list reads and the event log, each beside a raw anchor measured in the same run. */
export async function benchBackend(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const rows: Row[] = [];
  const pool = createPool(databaseUrl, 20);
  const db = createDb(pool);
  const { app, base } = await listen(databaseUrl);
  try {
    await seedDemoIfEmpty(db, new Date());
    const token = await login(base, 'manager@demo.test');

    // ---- writes: POST /api/projects end to end vs a raw single-row insert of an event-like row
    progress('POST /api/projects at concurrency 8');
    const posts = await throughput(CONCURRENCY, DURATION_MS, async (i) => {
      const response = await fetch(`${base}/api/projects`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: projectBody(i) });
      if (response.status !== 201) throw new Error(`POST /api/projects answered ${response.status}`);
      await response.arrayBuffer();
    });
    await sql`create table bench_raw_events (like events including defaults)`.execute(db);
    const raw = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY });
    const inserts = await throughput(CONCURRENCY, DURATION_MS, async (i) => {
      await raw.query(
        `insert into bench_raw_events (global_position, stream_id, stream_position, event_id, type, data, metadata, hash)
         values ($1, $2, 1, gen_random_uuid(), 'ProjectCreated', $3, '{"actorId":"bench"}', repeat('0', 64))`,
        [i + 1_000_000_000 + Math.floor(Math.random() * 1e9), `project-raw-${i}-${Math.random()}`, projectBody(i)],
      );
    });
    await raw.end();
    rows.push({ section: 'backend', measure: 'POST /api/projects, concurrency 8', figure: `${fmt(posts, 0)} req/s`, anchor: `raw INSERT over pg: ${fmt(inserts, 0)} rows/s`, ratio: `${fmt(posts / inserts, 2)}x` });

    // ---- reads: GET /api/assignments at 1,000 and 20,000 assignments vs the same JSON from one raw query
    const rawPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const actor = { actorId: 'bench', actorRole: 'manager', correlationId: 'bench' };
    for (const target of [1_000, 20_000]) {
      const have = Number((await sql<{ n: number }>`select count(*)::int as n from assignments`.execute(db)).rows[0]!.n);
      if (have < target) {
        progress(`generating assignments up to ${target.toLocaleString('en-US')}`);
        const missing = target - have;
        await generatePlan(db, { engineers: Math.ceil(missing / 10), projects: Math.ceil(missing / 50), assignments: missing, now: new Date(), actor, seed: target });
      }
      progress(`GET /api/assignments at ${target.toLocaleString('en-US')}`);
      const samples = target > 5_000 ? 60 : 200;
      // As a browser negotiates it (Chrome, Edge, Firefox: zstd), and with identity (no compression).
      // Node's fetch alone asks for gzip and deflate only, which no browser is limited to.
      const whole = (encoding: string) => async () => {
        const response = await fetch(`${base}/api/assignments`, { headers: { authorization: token, 'accept-encoding': encoding } });
        await response.arrayBuffer();
      };
      // The anchor: the same JSON text from the same SQL, straight over pg, no HTTP and no framework.
      const text = await assignmentsJson(db);
      const compiled = assignmentsQuery(db).compile();
      const rawQuery = async () => {
        const result = await rawPool.query(compiled.sql, [...compiled.parameters]);
        if ((result.rows[0] as { json: string }).json.length !== text.length) throw new Error('raw query differs');
      };
      // Interleaved in rounds, so that the machine's other load falls on all three alike.
      const api: number[] = [], plainApi: number[] = [], rawTimes: number[] = [];
      for (let round = 0; round < 4; round++) {
        api.push(...(await latencies(samples / 4, whole(BROWSER_ENCODINGS))));
        plainApi.push(...(await latencies(samples / 4, whole('identity'))));
        rawTimes.push(...(await latencies(samples / 4, rawQuery)));
      }
      for (const times of [api, plainApi, rawTimes]) times.sort((a, b) => a - b);
      const p50 = percentile(api, 50), p99 = percentile(api, 99), r50 = percentile(rawTimes, 50), r99 = percentile(rawTimes, 99);
      const i50 = percentile(plainApi, 50), i99 = percentile(plainApi, 99);
      const anchor = `raw SQL same JSON: p50 ${fmt(r50)} ms, p99 ${fmt(r99)} ms`;
      rows.push({
        section: 'backend',
        measure: `GET /api/assignments, ${target.toLocaleString('en-US')} rows (${fmt(text.length / 1e6, 1)} MB), accept-encoding: ${BROWSER_ENCODINGS}`,
        figure: `p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms`,
        anchor,
        ratio: `${fmt(p50 / r50, 2)}x p50, ${fmt(p99 / r99, 2)}x p99`,
      });
      rows.push({
        section: 'backend',
        measure: `GET /api/assignments, ${target.toLocaleString('en-US')} rows, accept-encoding: identity`,
        figure: `p50 ${fmt(i50)} ms, p99 ${fmt(i99)} ms`,
        anchor,
        ratio: `${fmt(i50 / r50, 2)}x p50, ${fmt(i99 / r99, 2)}x p99`,
      });
      if (target === 20_000) rows.push(await benchListSearch(base, token, { p50, rows: target }));
    }
    await rawPool.end();

    // ---- the event log by cursor, over at least 100,000 events
    const count = Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(db)).rows[0]!.n);
    if (count < 100_000) {
      progress(`appending ${(100_000 - count).toLocaleString('en-US')} more events`);
      await appendFillerEvents(db, 100_000 - count);
    }
    progress('reading the event log by cursor');
    const t0 = performance.now();
    let cursor = parseCursor('0:0')!;
    let read = 0;
    for (;;) {
      const page = await readAll(db, { after: cursor, limit: 1000 });
      if (page.events.length === 0) break;
      read += page.events.length;
      cursor = parseCursor(page.next)!;
    }
    const seconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const rawRead = await pool.query('select * from events order by transaction_id, global_position');
    const rawSeconds = (performance.now() - t1) / 1000;
    rows.push({
      section: 'backend',
      measure: `event log by cursor, pages of 1,000 (${read.toLocaleString('en-US')} events)`,
      figure: `${fmt(read / seconds, 0)} events/s`,
      anchor: `one raw SELECT of all rows: ${fmt(rawRead.rowCount! / rawSeconds, 0)} rows/s`,
      ratio: `${fmt(read / seconds / (rawRead.rowCount! / rawSeconds), 2)}x`,
    });
  } finally {
    await app.close();
    await db.destroy();
  }
  return rows;
}

/**
 * Bulk history for the read benchmarks: project revisions through the command runner (so read models
 * follow), `perCommand` events per command (more: fewer, larger appends for a history of millions).
 */
export async function appendFillerEvents(db: ReturnType<typeof createDb>, total: number, perCommand = 25, onProgress?: (left: number) => void) {
  const projects = await db.selectFrom('projects').select('id').execute();
  let left = total;
  let round = 0;
  while (left > 0) {
    await db.transaction().execute(async (trx) => {
      for (const project of projects) {
        if (left <= 0) break;
        const n = Math.min(left, perCommand);
        const events = Array.from({ length: n }, (_, i) => ({ type: 'ProjectUpdated' as const, data: { projectId: project.id, changes: { description: `Revision ${round}-${i} of the plan for this project.` } } }));
        await executeCommand(trx, projectStream, project.id, { metadata: { actorId: 'bench', actorRole: 'manager' }, decide: () => events });
        left -= n;
      }
    });
    round += 1;
    onProgress?.(left);
  }
}
