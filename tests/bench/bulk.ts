import { sql } from 'kysely';
import { createDb, createPool } from '../../server/db/connect.ts';
import { ensureLargePlan, listen, login } from './bench-app.ts';
import { fmt, percentile, type Row } from './support.ts';

const BARS = 50;
const SAMPLES = Number(process.env.BENCH_BULK_SAMPLES ?? 20);
const WARMUP = 3;

type Bar = { _id: string; version: number };

/**
 * The bulk edit's API figure: POST /api/assignments/bulk moving 50 bars by a day (one transaction, one
 * command id), beside the same 50 moves as 50 single PATCHes one after the other (the way a client
 * without bulk edit would do it), on the large plan (2,000 engineers, 20,000 assignments). The bars
 * go one day later, then one day back, so every sample meets the same plan.
 */
export async function benchBulk(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const plan = await ensureLargePlan(databaseUrl, progress);
  const db = createDb(createPool(databaseUrl, 2));
  const { app, base } = await listen(databaseUrl);
  try {
    const token = await login(base, 'manager@demo.test');
    const send = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, { method, headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    const pick = async (offset: number): Promise<Bar[]> => {
      const { rows } = await sql<Bar>`
        select a.id as "_id", a.version::int as version
          from assignments a join projects p on p.id = a.project_id
         where p.status <> 'completed' and a.end_date > now()
         order by a.id offset ${offset} limit ${BARS}`.execute(db);
      if (rows.length < BARS) throw new Error(`only ${rows.length} assignments to move`);
      return rows;
    };

    progress(`bulk move of ${BARS} bars, ${SAMPLES} requests`);
    let bars = await pick(0);
    const bulkTimes: number[] = [];
    for (let i = 0; i < SAMPLES + WARMUP; i++) {
      const days = i % 2 === 0 ? 1 : -1;
      const t0 = performance.now();
      const answer = (await send('POST', '/api/assignments/bulk', { changes: bars.map((b) => ({ assignmentId: b._id, version: b.version, op: 'move', days })) })) as { assignments: Bar[] };
      if (i >= WARMUP) bulkTimes.push(performance.now() - t0);
      bars = answer.assignments.map((a) => ({ _id: a._id, version: a.version }));
    }

    progress(`${BARS} single moves, ${SAMPLES} rounds`);
    let singles = await pick(BARS);
    const singleTimes: number[] = [];
    const dayMs = 86_400_000;
    for (let i = 0; i < SAMPLES + WARMUP; i++) {
      const days = i % 2 === 0 ? 1 : -1;
      const t0 = performance.now();
      const next: Bar[] = [];
      for (const bar of singles) {
        const now = (await (await fetch(`${base}/api/assignments/${bar._id}`, { headers: { authorization: token } })).json()) as { startDate: string; endDate: string };
        const moved = (await send('PATCH', `/api/assignments/${bar._id}`, {
          startDate: new Date(Date.parse(now.startDate) + days * dayMs).toISOString(), endDate: new Date(Date.parse(now.endDate) + days * dayMs).toISOString(), version: bar.version,
        })) as Bar;
        next.push({ _id: moved._id, version: moved.version });
      }
      if (i >= WARMUP) singleTimes.push(performance.now() - t0);
      singles = next;
    }
    bulkTimes.sort((a, b) => a - b);
    singleTimes.sort((a, b) => a - b);
    const bulk50 = percentile(bulkTimes, 50);
    const single50 = percentile(singleTimes, 50);
    return [{
      section: 'bulk',
      measure: `bulk move of ${BARS} bars: POST /api/assignments/bulk, one transaction, ${plan.engineers.toLocaleString('en-US')} engineers, ${plan.assignments.toLocaleString('en-US')} assignments (goal p50 <= 300 ms)`,
      figure: `p50 ${fmt(bulk50, 0)} ms, p99 ${fmt(percentile(bulkTimes, 99), 0)} ms`,
      anchor: `${BARS} single moves (GET + PATCH each, one after the other): p50 ${fmt(single50, 0)} ms, p99 ${fmt(percentile(singleTimes, 99), 0)} ms`,
      ratio: `${fmt(bulk50 / single50, 2)}x p50`,
    }];
  } finally {
    await app.close();
    await db.destroy();
  }
}
